import { z } from 'zod';
import { integrationAuthTypes, webhookAuthTypes, webhookMethods } from './integration-rules';

/**
 * What the webhook and API-integration procedures answer. The types are inferred from these
 * schemas, so the server's answers and the web app's reading of them have one source.
 */

/** A webhook as lists and reads return it: secrets are '********' when set, null when not. */
export const ZWebhook = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  method: z.enum(webhookMethods),
  /** JSON text; values of secret-looking headers (Authorization, *token*, *key*) are masked. */
  headers: z.string(),
  authType: z.enum(webhookAuthTypes),
  authUser: z.string().nullable(),
  authPassword: z.string().nullable(),
  authToken: z.string().nullable(),
  signingSecret: z.string().nullable(),
  description: z.string().nullable(),
  /** Offered to the owner's runs as a tool. */
  useInFlows: z.boolean(),
  /** A run's call waits for approval, even in auto mode. */
  askBeforeCall: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

/** An API integration as lists and reads return it, secrets in authConfig and headers masked. */
export const ZApiIntegration = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  version: z.string().nullable(),
  authType: z.enum(integrationAuthTypes),
  authConfig: z.string(),
  headers: z.string(),
  rateLimitConfig: z.string(),
  timeout: z.number(),
  description: z.string().nullable(),
  /** Offered to the owner's runs as a tool. */
  useInFlows: z.boolean(),
  /** A run's call waits for approval, even in auto mode. */
  askBeforeCall: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TApiIntegration = z.infer<typeof ZApiIntegration>;

/** What an execution answers when the outside service replied (whatever its status). */
export const ZExecuteAnswer = z.object({
  status: z.number(),
  statusText: z.string(),
  headers: z.record(z.string(), z.string()),
  /** Parsed JSON when the reply is JSON, otherwise its text. */
  body: z.unknown(),
  durationMs: z.number(),
  /** Seconds the outside service asked to wait (its Retry-After on a 429 or 503). */
  retryAfter: z.number().optional(),
});
export type TExecuteAnswer = z.infer<typeof ZExecuteAnswer>;

/** One recorded call of a webhook or API integration (newest first in the history). */
export const ZIntegrationExecution = z.object({
  id: z.string(),
  method: z.string(),
  /** The address called, with secret query values and passwords replaced by [redacted]. */
  url: z.string(),
  /** The reply's status; null when no reply came (refused, timed out, rate limited). */
  status: z.number().nullable(),
  durationMs: z.number(),
  responseBytes: z.number().nullable(),
  /** The first 2 KB of the reply's body, secrets scrubbed. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  /** The run whose task made the call as a tool; null for calls from the Execute dialogs. */
  taskId: z.string().nullable(),
  createdAt: z.string(),
});
export type TIntegrationExecution = z.infer<typeof ZIntegrationExecution>;

/** What a built-in template shows in the picker. */
const templateCard = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** A Tabler icon name, e.g. 'brand-slack'. */
  icon: z.string(),
  color: z.string(),
};

/** A built-in webhook template that prefills the Add Webhook form. */
export const ZWebhookTemplate = z.object({
  ...templateCard,
  url: z.string(),
  method: z.literal('POST'),
  authType: z.enum(webhookAuthTypes),
  /** JSON text for the Headers field. */
  headers: z.string(),
  /** A payload the service accepts, as JSON text, to start the execute dialog with. */
  examplePayload: z.string(),
});
export type TWebhookTemplate = z.infer<typeof ZWebhookTemplate>;

/** A built-in API integration template that prefills the Add API Integration form. */
export const ZApiTemplate = z.object({
  ...templateCard,
  baseUrl: z.string(),
  version: z.string(),
  authType: z.enum(integrationAuthTypes),
  /** JSON text fields, as the form shows them. */
  authConfig: z.string(),
  headers: z.string(),
  rateLimitConfig: z.string(),
  timeout: z.number(),
});
export type TApiTemplate = z.infer<typeof ZApiTemplate>;
