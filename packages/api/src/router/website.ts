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
import { createSite, deployWebsite, hostingEnvOf as hostingEnv, visibleTo } from '../hosting/sites';
import { listSites, unpublishSite } from '../hosting/unpublish';
import { VisitorQuotaError } from '../hosting/visitor-sites';
import { protectedProcedure, publicProcedure } from '../trpc';

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

  /** Publishes a website on a site; visitors have a daily quota per address (429 past it). */
  deploy: publicProcedure.input(ZDeployInput).mutation(async ({ ctx, input }) => {
    try {
      const deployUrl = await deployWebsite(ctx.db, hostingEnv(ctx.config), {
        siteId: input.siteId,
        websiteId: input.id,
        userId: ctx.user?.id ?? null,
        clientAddress: ctx.clientIp,
      });
      return { success: true as const, deployUrl };
    } catch (error) {
      if (error instanceof VisitorQuotaError) {
        ctx.setHeader('Retry-After', String(error.retryAfter));
      }
      throw error;
    }
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

  /** The signed-in user's sites (GET /api/sites), newest first. */
  listSites: protectedProcedure.query(({ ctx }) => listSites(ctx.db, ctx.user.id)),

  /**
   * Unpublishes a site (DELETE /api/sites/{id}): its address answers 404 and its deploys are
   * deleted, on Netlify too. Takes the site id that deploys take.
   */
  deleteSite: publicProcedure.input(z.object({ id: ZId })).mutation(async ({ ctx, input }) => {
    await unpublishSite(ctx.db, hostingEnv(ctx.config), {
      siteId: input.id,
      userId: ctx.user?.id ?? null,
    });
    return { success: true as const };
  }),
} satisfies TRPCRouterRecord;
