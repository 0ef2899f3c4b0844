import { apiIntegrations } from '@flows/db';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import {
  ZCreateIntegrationInput,
  ZExecuteIntegrationInput,
  ZItemIdInput,
  ZUpdateIntegrationInput,
} from '../contracts/integrations';
import { apiTemplates } from '../integrations/api-templates';
import { performCall, recordRefusal, withSecretErrors } from '../integrations/call';
import { deleteExecutions, listExecutions } from '../integrations/executions';
import {
  assertNameFree,
  integrationCall,
  integrationChanges,
  integrationView,
  isUniqueViolation,
  nameTaken,
  newIntegrationValues,
  ownedIntegration,
} from '../integrations/integration-store';
import { rateLimitMessage, rateLimitsOf, reserveCall } from '../integrations/rate-limit';
import { parseStoredJson } from '../integrations/secrets';
import { protectedProcedure } from '../trpc';

/** Runs a write, answering 409 when a concurrent save took the integration's name. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** API integrations: configured outside APIs with auth, default headers, limits and timeout. */
export const integrationRouter = {
  /** The user's integrations, newest first, secrets masked. */
  list: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select()
      .from(apiIntegrations)
      .where(eq(apiIntegrations.userId, ctx.user.id))
      .orderBy(desc(apiIntegrations.createdAt), desc(apiIntegrations.id));
    return rows.map(integrationView);
  }),

  byId: protectedProcedure
    .input(ZItemIdInput)
    .query(async ({ ctx, input }) => integrationView(await ownedIntegration(ctx, input.id))),

  /** The built-in templates that prefill the Add API Integration form. */
  templates: protectedProcedure.query(() => apiTemplates),

  create: protectedProcedure.input(ZCreateIntegrationInput).mutation(async ({ ctx, input }) => {
    await assertNameFree(ctx, input.name);
    const values = newIntegrationValues(ctx.user.id, input, ctx.config.secretKey);
    const [row] = await uniqueName(() => ctx.db.insert(apiIntegrations).values(values).returning());
    if (!row) {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'API integration not saved' });
    }
    return integrationView(row);
  }),

  update: protectedProcedure.input(ZUpdateIntegrationInput).mutation(async ({ ctx, input }) => {
    const row = await ownedIntegration(ctx, input.id);
    if (input.name !== undefined) await assertNameFree(ctx, input.name, row.id);
    const changes = await withSecretErrors(() =>
      integrationChanges(row, input, ctx.config.secretKey),
    );
    const [updated] = await uniqueName(() =>
      ctx.db
        .update(apiIntegrations)
        .set(changes)
        .where(and(eq(apiIntegrations.id, row.id), eq(apiIntegrations.userId, ctx.user.id)))
        .returning(),
    );
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: 'API integration not found' });
    return integrationView(updated);
  }),

  delete: protectedProcedure.input(ZItemIdInput).mutation(async ({ ctx, input }) => {
    const row = await ownedIntegration(ctx, input.id);
    await ctx.db
      .delete(apiIntegrations)
      .where(and(eq(apiIntegrations.id, row.id), eq(apiIntegrations.userId, ctx.user.id)));
    await deleteExecutions(ctx.db, 'integration', row.id);
    return { success: true as const };
  }),

  /**
   * Calls the integration's API and answers with the reply. Over a rate limit nothing is sent:
   * 429 with Retry-After.
   */
  execute: protectedProcedure.input(ZExecuteIntegrationInput).mutation(async ({ ctx, input }) => {
    const row = await ownedIntegration(ctx, input.id);
    const call = await withSecretErrors(() => integrationCall(row, input, [ctx.config.secretKey]));
    const limits = rateLimitsOf(parseStoredJson(row.rateLimitConfig));
    const reservation = await reserveCall(ctx.db, row.id, limits);
    if (!reservation.allowed) {
      const message = rateLimitMessage(reservation.limit, reservation.retryAfter);
      await recordRefusal(ctx, call, message);
      ctx.setHeader('Retry-After', String(reservation.retryAfter));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
    }
    return performCall(ctx, call);
  }),

  /** The integration's recorded executions, newest first (the last 50). */
  executions: protectedProcedure.input(ZItemIdInput).query(async ({ ctx, input }) => {
    const row = await ownedIntegration(ctx, input.id);
    return listExecutions(ctx.db, ctx.user.id, 'integration', row.id);
  }),
} satisfies TRPCRouterRecord;
