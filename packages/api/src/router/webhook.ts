import type { TRPCRouterRecord } from '@trpc/server';
import {
  ZCreateWebhookInput,
  ZExecuteWebhookInput,
  ZItemIdInput,
  ZUpdateWebhookInput,
} from '../contracts/integrations';
import { executeWebhook } from '../integrations/execute';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  ownedWebhook,
  updateWebhook,
  webhookExecutions,
  webhookView,
} from '../integrations/webhook-store';
import { webhookTemplates } from '../integrations/webhook-templates';
import { protectedProcedure } from '../trpc';

/** Webhooks: outgoing HTTP calls a user registers and runs on demand. */
export const webhookRouter = {
  /** The user's webhooks, newest first, secrets masked. */
  list: protectedProcedure.query(({ ctx }) => listWebhooks(ctx.db, ctx.user.id)),

  byId: protectedProcedure
    .input(ZItemIdInput)
    .query(async ({ ctx, input }) =>
      webhookView(await ownedWebhook(ctx.db, ctx.user.id, input.id)),
    ),

  /** The built-in templates that prefill the Add Webhook form. */
  templates: protectedProcedure.query(() => webhookTemplates),

  create: protectedProcedure
    .input(ZCreateWebhookInput)
    .mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.user.id, input, ctx.config.secretKey)),

  update: protectedProcedure
    .input(ZUpdateWebhookInput)
    .mutation(({ ctx, input }) => updateWebhook(ctx.db, ctx.user.id, input, ctx.config.secretKey)),

  delete: protectedProcedure.input(ZItemIdInput).mutation(async ({ ctx, input }) => {
    await deleteWebhook(ctx.db, ctx.user.id, input.id);
    return { success: true as const };
  }),

  /** Sends the payload to the webhook and answers with the reply. */
  execute: protectedProcedure
    .input(ZExecuteWebhookInput)
    .mutation(({ ctx, input }) => executeWebhook(ctx.db, ctx.user.id, input, ctx.config)),

  /** The webhook's recorded executions, newest first (the last 50). */
  executions: protectedProcedure
    .input(ZItemIdInput)
    .query(({ ctx, input }) => webhookExecutions(ctx.db, ctx.user.id, input.id)),
} satisfies TRPCRouterRecord;
