import type { integrationAuthTypes, webhookAuthTypes, webhookMethods } from './integrations';

/** A webhook as lists and reads return it: secrets are '********' when set, null when not. */
export type TWebhook = {
  id: string;
  name: string;
  url: string;
  method: (typeof webhookMethods)[number];
  /** JSON text; values of secret-looking headers (Authorization, *token*, *key*) are masked. */
  headers: string;
  authType: (typeof webhookAuthTypes)[number];
  authUser: string | null;
  authPassword: string | null;
  authToken: string | null;
  signingSecret: string | null;
  description: string | null;
  createdAt: string;
  updatedAt: string;
};

/** An API integration as lists and reads return it, secrets in authConfig and headers masked. */
export type TApiIntegration = {
  id: string;
  name: string;
  baseUrl: string;
  version: string | null;
  authType: (typeof integrationAuthTypes)[number];
  authConfig: string;
  headers: string;
  rateLimitConfig: string;
  timeout: number;
  description: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What an execution answers when the outside service replied (whatever its status). */
export type TExecuteAnswer = {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** Parsed JSON when the reply is JSON, otherwise its text. */
  body: unknown;
  durationMs: number;
  /** Seconds the outside service asked to wait (its Retry-After on a 429 or 503). */
  retryAfter?: number;
};

/** One recorded call of a webhook or API integration (newest first in the history). */
export type TIntegrationExecution = {
  id: string;
  method: string;
  /** The address called, with secret query values and passwords replaced by [redacted]. */
  url: string;
  /** The reply's status; null when no reply came (refused, timed out, rate limited). */
  status: number | null;
  durationMs: number;
  responseBytes: number | null;
  /** The first 2 KB of the reply's body, secrets scrubbed. */
  responseBody: string | null;
  error: string | null;
  createdAt: string;
};

/** A built-in webhook template that prefills the Add Webhook form. */
export type TWebhookTemplate = {
  id: string;
  name: string;
  description: string;
  /** A Tabler icon name, e.g. 'brand-slack'. */
  icon: string;
  color: string;
  url: string;
  method: 'POST';
  authType: (typeof webhookAuthTypes)[number];
  /** JSON text for the Headers field. */
  headers: string;
  /** A payload the service accepts, as JSON text, to start the execute dialog with. */
  examplePayload: string;
};

/** A built-in API integration template that prefills the Add API Integration form. */
export type TApiTemplate = {
  id: string;
  name: string;
  description: string;
  icon: string;
  color: string;
  baseUrl: string;
  version: string;
  authType: (typeof integrationAuthTypes)[number];
  /** JSON text fields, as the form shows them. */
  authConfig: string;
  headers: string;
  rateLimitConfig: string;
  timeout: number;
};
