import type { TRPCRouterRecord } from '@trpc/server';
import {
  ZCreateIntegrationInput,
  ZExecuteIntegrationInput,
  ZItemIdInput,
  ZUpdateIntegrationInput,
} from '../contracts/integrations';
import { apiTemplates } from '../integrations/api-templates';
import { executeIntegration } from '../integrations/execute';
import {
  createIntegration,
  deleteIntegration,
  integrationExecutions,
  integrationView,
  listIntegrations,
  ownedIntegration,
  updateIntegration,
} from '../integrations/integration-store';
import { CallRateLimitedError } from '../integrations/rate-limit';
import { protectedProcedure } from '../trpc';

/** API integrations: configured outside APIs with auth, default headers, limits and timeout. */
export const integrationRouter = {
  /** The user's integrations, newest first, secrets masked. */
  list: protectedProcedure.query(({ ctx }) => listIntegrations(ctx.db, ctx.user.id)),

  byId: protectedProcedure
    .input(ZItemIdInput)
    .query(async ({ ctx, input }) =>
      integrationView(await ownedIntegration(ctx.db, ctx.user.id, input.id)),
    ),

  /** The built-in templates that prefill the Add API Integration form. */
  templates: protectedProcedure.query(() => apiTemplates),

  create: protectedProcedure
    .input(ZCreateIntegrationInput)
    .mutation(({ ctx, input }) =>
      createIntegration(ctx.db, ctx.user.id, input, ctx.config.secretKey),
    ),

  update: protectedProcedure
    .input(ZUpdateIntegrationInput)
    .mutation(({ ctx, input }) =>
      updateIntegration(ctx.db, ctx.user.id, input, ctx.config.secretKey),
    ),

  delete: protectedProcedure.input(ZItemIdInput).mutation(async ({ ctx, input }) => {
    await deleteIntegration(ctx.db, ctx.user.id, input.id);
    return { success: true as const };
  }),

  /**
   * Calls the integration's API and answers with the reply. Over a rate limit nothing is sent:
   * 429 with Retry-After.
   */
  execute: protectedProcedure.input(ZExecuteIntegrationInput).mutation(async ({ ctx, input }) => {
    try {
      return await executeIntegration(ctx.db, ctx.user.id, input, ctx.config);
    } catch (error) {
      if (error instanceof CallRateLimitedError) {
        ctx.setHeader('Retry-After', String(error.retryAfter));
      }
      throw error;
    }
  }),

  /** The integration's recorded executions, newest first (the last 50). */
  executions: protectedProcedure
    .input(ZItemIdInput)
    .query(({ ctx, input }) => integrationExecutions(ctx.db, ctx.user.id, input.id)),
} satisfies TRPCRouterRecord;
