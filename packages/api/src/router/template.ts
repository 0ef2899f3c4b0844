import type { TRPCRouterRecord } from '@trpc/server';
import { listTemplates } from '../flow/templates';
import { publicProcedure } from '../trpc';

export const templateRouter = {
  /** The Quick Templates: id, name, description and prompt of each. */
  list: publicProcedure.query(({ ctx }) => listTemplates(ctx.db)),
} satisfies TRPCRouterRecord;
