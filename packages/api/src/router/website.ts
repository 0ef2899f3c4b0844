import { websites } from '@flows/db';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  isUuid,
  ZCreateSiteInput,
  ZCreateWebsiteInput,
  ZDeployInput,
  ZId,
} from '../contracts/flow';
import { assertTaskVisible } from '../flow/service';
import { createSite, deployWebsite, type HostingEnv, visibleTo } from '../hosting/sites';
import { type ApiConfig, publicProcedure } from '../trpc';

/** The hosting settings procedures deploy with. */
const hostingEnv = (config: ApiConfig): HostingEnv => ({
  hosting: config.hosting,
  allowPrivateTargets: config.allowPrivateTargets,
  timeScale: config.flowTimeScale,
  baseUrl: config.siteBaseUrl,
});

export const websiteRouter = {
  create: publicProcedure.input(ZCreateWebsiteInput).mutation(async ({ ctx, input }) => {
    const viewer = ctx.user?.id ?? null;
    if (input.taskId) await assertTaskVisible(ctx.db, input.taskId, viewer);
    const [website] = await ctx.db
      .insert(websites)
      .values({ ...input, taskId: input.taskId ?? null, userId: viewer })
      .returning({ id: websites.id });
    return website!;
  }),

  byId: publicProcedure.input(z.object({ id: ZId })).query(async ({ ctx, input }) => {
    if (!isUuid(input.id)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Website not found' });
    const [website] = await ctx.db
      .select({
        id: websites.id,
        name: websites.name,
        description: websites.description,
        taskId: websites.taskId,
        deploymentUrl: websites.deploymentUrl,
      })
      .from(websites)
      .where(and(eq(websites.id, input.id), visibleTo(websites.userId, ctx.user?.id ?? null)));
    if (!website) throw new TRPCError({ code: 'NOT_FOUND', message: 'Website not found' });
    return website;
  }),

  deploy: publicProcedure.input(ZDeployInput).mutation(async ({ ctx, input }) => {
    const deployUrl = await deployWebsite(ctx.db, hostingEnv(ctx.config), {
      siteId: input.siteId,
      websiteId: input.id,
      userId: ctx.user?.id ?? null,
    });
    return { success: true as const, deployUrl };
  }),

  /** Creates a site on a hosting provider: the built-in `local` host or Netlify. */
  createSite: publicProcedure.input(ZCreateSiteInput).mutation(async ({ ctx, input }) => {
    if (input.hosting === 'netlify' && !ctx.user) {
      // Netlify sites live on the operator's account: only signed-in users may add them.
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to create Netlify sites' });
    }
    const siteId = await createSite(ctx.db, hostingEnv(ctx.config), {
      name: input.name,
      provider: input.hosting,
      userId: ctx.user?.id ?? null,
    });
    return { success: true as const, siteId };
  }),
} satisfies TRPCRouterRecord;
