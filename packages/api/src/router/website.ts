import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { ZCreateSiteInput, ZCreateWebsiteInput, ZDeployInput, ZId } from '../contracts/flow';
import { createWebsite, findWebsite } from '../flow/websites';
import { createSite, deployWebsite } from '../hosting/sites';
import { listSites, unpublishSite } from '../hosting/unpublish';
import { VisitorQuotaError } from '../hosting/visitor-sites';
import { protectedProcedure, publicProcedure } from '../trpc';

export const websiteRouter = {
  create: publicProcedure
    .input(ZCreateWebsiteInput)
    .mutation(({ ctx, input }) => createWebsite(ctx.db, input, ctx.user?.id ?? null)),

  byId: publicProcedure
    .input(z.object({ id: ZId }))
    .query(({ ctx, input }) => findWebsite(ctx.db, input.id, ctx.user?.id ?? null)),

  /** Publishes a website on a site; visitors have a daily quota per address (429 past it). */
  deploy: publicProcedure.input(ZDeployInput).mutation(async ({ ctx, input }) => {
    try {
      const deployUrl = await deployWebsite(ctx.db, ctx.config, {
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
    const siteId = await createSite(ctx.db, ctx.config, {
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
    await unpublishSite(ctx.db, ctx.config, {
      siteId: input.id,
      userId: ctx.user?.id ?? null,
    });
    return { success: true as const };
  }),
} satisfies TRPCRouterRecord;
