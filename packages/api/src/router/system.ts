import { DEFAULT_MODEL, DEFAULT_RUN_PROVIDER } from '@flows/engine';
import type { TRPCRouterRecord } from '@trpc/server';
import { probeModel } from '../flow/model-probe';
import { publicProcedure } from '../trpc';

export const systemRouter = {
  /**
   * The model runs use: provider, model and endpoint, the other allowed endpoints, demo or not,
   * and whether the endpoint answers (with the models it offers); and where signed-in users' runs
   * deploy websites (`hosting`: HOSTING_PROVIDER).
   */
  model: publicProcedure.query(async ({ ctx }) => {
    const { modelEndpoint, modelApiKey } = ctx.config;
    const { reachable, models } = await probeModel(modelEndpoint, modelApiKey);
    return {
      provider: DEFAULT_RUN_PROVIDER,
      model: DEFAULT_MODEL,
      endpoint: modelEndpoint,
      allowedEndpoints: ctx.config.allowedModelEndpoints,
      demo: ctx.config.modelDemo,
      reachable,
      models,
      hosting: ctx.config.hosting.provider,
    };
  }),
} satisfies TRPCRouterRecord;
