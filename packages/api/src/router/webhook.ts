import { webhooks } from '@flows/db';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import {
  ZCreateWebhookInput,
  ZExecuteWebhookInput,
  ZItemIdInput,
  ZUpdateWebhookInput,
} from '../contracts/integrations';
import { performCall, withSecretErrors } from '../integrations/call';
import { deleteExecutions, listExecutions } from '../integrations/executions';
import {
  newWebhookValues,
  ownedWebhook,
  webhookCall,
  webhookChanges,
  webhookView,
} from '../integrations/webhook-store';
import { webhookTemplates } from '../integrations/webhook-templates';
import { protectedProcedure } from '../trpc';

/** Webhooks: outgoing HTTP calls a user registers and runs on demand. */
export const webhookRouter = {
  /** The user's webhooks, newest first, secrets masked. */
  list: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.userId, ctx.user.id))
      .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
    return rows.map(webhookView);
  }),

  byId: protectedProcedure
    .input(ZItemIdInput)
    .query(async ({ ctx, input }) => webhookView(await ownedWebhook(ctx, input.id))),

  /** The built-in templates that prefill the Add Webhook form. */
  templates: protectedProcedure.query(() => webhookTemplates),

  create: protectedProcedure.input(ZCreateWebhookInput).mutation(async ({ ctx, input }) => {
    const values = newWebhookValues(ctx.user.id, input, ctx.config.secretKey);
    const [row] = await ctx.db.insert(webhooks).values(values).returning();
    if (!row) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Webhook not saved' });
    return webhookView(row);
  }),

  update: protectedProcedure.input(ZUpdateWebhookInput).mutation(async ({ ctx, input }) => {
    const row = await ownedWebhook(ctx, input.id);
    const changes = await withSecretErrors(() => webhookChanges(row, input, ctx.config.secretKey));
    const [updated] = await ctx.db
      .update(webhooks)
      .set(changes)
      .where(and(eq(webhooks.id, row.id), eq(webhooks.userId, ctx.user.id)))
      .returning();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: 'Webhook not found' });
    return webhookView(updated);
  }),

  delete: protectedProcedure.input(ZItemIdInput).mutation(async ({ ctx, input }) => {
    const row = await ownedWebhook(ctx, input.id);
    await ctx.db
      .delete(webhooks)
      .where(and(eq(webhooks.id, row.id), eq(webhooks.userId, ctx.user.id)));
    await deleteExecutions(ctx.db, 'webhook', row.id);
    return { success: true as const };
  }),

  /** Sends the payload to the webhook and answers with the reply. */
  execute: protectedProcedure.input(ZExecuteWebhookInput).mutation(async ({ ctx, input }) => {
    const row = await ownedWebhook(ctx, input.id);
    const call = await withSecretErrors(() =>
      webhookCall(row, input.payload, [ctx.config.secretKey]),
    );
    return performCall(ctx, call);
  }),

  /** The webhook's recorded executions, newest first (the last 50). */
  executions: protectedProcedure.input(ZItemIdInput).query(async ({ ctx, input }) => {
    const row = await ownedWebhook(ctx, input.id);
    return listExecutions(ctx.db, ctx.user.id, 'webhook', row.id);
  }),
} satisfies TRPCRouterRecord;
