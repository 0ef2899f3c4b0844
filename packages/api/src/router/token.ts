import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { createApiToken, listApiTokens, revokeApiToken } from '../auth/api-tokens';
import type { Context } from '../context';
import {
  ZApiTokenIdInput,
  ZApiTokenView,
  ZCreateApiTokenInput,
  ZCreatedApiToken,
} from '../contracts/tokens';
import { protectedProcedure } from '../trpc';

/** A token cannot mint or list tokens: a leaked one must not be able to multiply or find others. */
function refuseTokenCallers(ctx: Context, what: string) {
  if (ctx.apiTokenId) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: `API tokens cannot ${what} tokens; sign in to Flows in the browser to do that`,
    });
  }
}

/** Personal API tokens: scripts send one as `Authorization: Bearer ...` to act as the user. */
export const tokenRouter = {
  create: protectedProcedure
    .input(ZCreateApiTokenInput)
    .output(ZCreatedApiToken)
    .mutation(({ ctx, input }) => {
      refuseTokenCallers(ctx, 'create');
      return createApiToken(ctx.db, ctx.user.id, input);
    }),

  list: protectedProcedure.output(z.array(ZApiTokenView)).query(({ ctx }) => {
    refuseTokenCallers(ctx, 'list');
    return listApiTokens(ctx.db, ctx.user.id);
  }),

  /** Revokes one of the user's tokens (a token may revoke itself, say at the end of a script). */
  revoke: protectedProcedure
    .input(ZApiTokenIdInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.user.id, input.id)),
} satisfies TRPCRouterRecord;
