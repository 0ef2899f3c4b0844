import type { TRPCRouterRecord } from '@trpc/server';
import { publicProcedure } from '../trpc';

export const systemRouter = {
  /** What the web app shows about the model: the default endpoint, the allowed ones, demo or not. */
  model: publicProcedure.query(({ ctx }) => ({
    endpoint: ctx.config.modelEndpoint,
    allowedEndpoints: ctx.config.allowedModelEndpoints,
    demo: ctx.config.modelDemo,
  })),
} satisfies TRPCRouterRecord;
