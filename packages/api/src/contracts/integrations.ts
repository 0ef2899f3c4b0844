import { z } from 'zod';
import { boundedJson, jsonObjectField, type TJsonObject } from './json';

export type { TJsonObject };

/** What a stored secret reads back as: set secrets are never returned, only this mask. */
export const SECRET_MASK = '********';

/** Longest timeout an API integration may ask for, in milliseconds. */
export const MAX_TIMEOUT_MS = 120_000;
export const DEFAULT_TIMEOUT_MS = 30_000;

export const webhookMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const webhookAuthTypes = ['none', 'basic', 'bearer', 'custom'] as const;
export const integrationMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export const integrationAuthTypes = ['none', 'basic', 'bearer', 'apiKey', 'oauth'] as const;

/** The rateLimitConfig keys Flows enforces, with the length of each window in seconds. */
export const rateLimitWindows = {
  maxRequestsPerMinute: 60,
  maxRequestsPer15Min: 15 * 60,
  maxRequestsPerHour: 60 * 60,
  maxRequestsPerDay: 24 * 60 * 60,
  maxRequestsPer24Hours: 24 * 60 * 60,
} as const;
export type TRateLimitKey = keyof typeof rateLimitWindows;

const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Tab, visible ASCII, space and Latin-1: what an HTTP request can carry in a header value.
const headerValuePattern = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Whether a header name is an HTTP token. */
export const isHeaderName = (name: string) => headerNamePattern.test(name);
/** Whether a header value can be sent (no control characters, nothing beyond Latin-1). */
export const isHeaderValue = (value: string) => headerValuePattern.test(value);

/** Header values must be text (numbers and booleans are taken as text); names must be tokens. */
const headersField = () =>
  jsonObjectField('Headers', 'Headers must be a JSON object').transform(
    (headers, ctx): Record<string, string> | undefined => {
      if (!headers) return undefined;
      const result: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (!isHeaderName(name)) {
          ctx.addIssue({ code: 'custom', message: `"${name}" is not a valid header name` });
          return z.NEVER;
        }
        if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
          ctx.addIssue({ code: 'custom', message: `Header "${name}" must be a string` });
          return z.NEVER;
        }
        const text = String(value);
        if (/[\r\n\0]/.test(text)) {
          ctx.addIssue({ code: 'custom', message: `Header "${name}" contains a line break` });
          return z.NEVER;
        }
        if (!isHeaderValue(text)) {
          ctx.addIssue({
            code: 'custom',
            message: `Header "${name}" contains a character headers cannot carry`,
          });
          return z.NEVER;
        }
        result[name] = text;
      }
      return result;
    },
  );

const rateLimitConfigField = jsonObjectField(
  'Rate limit configuration',
  'Rate limit configuration must be a JSON object',
).transform((config, ctx) => {
  if (!config) return undefined;
  for (const key of Object.keys(rateLimitWindows)) {
    const value = config[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1e9) {
      ctx.addIssue({
        code: 'custom',
        message: `${key} must be a positive integer of at most 1000000000`,
      });
      return z.NEVER;
    }
  }
  return config;
});

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

/** An absolute http or https address. */
const httpUrl = z
  .string({ error: 'Must be a valid URL' })
  .trim()
  .max(2048, 'The URL must be at most 2048 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be a valid URL' }));

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * A secret as a form sends it: new text replaces the stored secret, the mask ('********') keeps
 * it, '' or null clears it, and leaving it out keeps it on update.
 */
const secretField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(4096, `${label} must be at most 4096 characters`)
    .nullish();

const signingSecretField = secretField('Signing secret').refine(
  (value) => !value || value === SECRET_MASK || signingKeyBytes(value) !== null,
  'Signing secret must be base64 (16 to 64 bytes), optionally prefixed with whsec_',
);

/** The HMAC key of a Standard Webhooks secret ('whsec_' + base64), or null when malformed. */
export function signingKeyBytes(secret: string): Buffer | null {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= 16 && key.length <= 64 ? key : null;
}

const timeoutField = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
    error: 'Timeout must be a positive integer',
  })
  .pipe(
    z
      .number()
      .int('Timeout must be a positive integer')
      .positive('Timeout must be a positive integer')
      .max(MAX_TIMEOUT_MS, `Timeout must be at most ${MAX_TIMEOUT_MS} ms`),
  )
  .nullish();

/** Any id; ids that are not UUIDs simply find nothing (404). */
const id = z.string({ error: 'Id is required' });

const webhookFields = {
  name,
  url: httpUrl,
  method: z.enum(webhookMethods, { error: 'Method must be one of GET, POST, PUT, DELETE' }),
  headers: headersField(),
  authType: z.enum(webhookAuthTypes, {
    error: 'Auth type must be one of none, basic, bearer, custom',
  }),
  authUser: optionalText(256, 'Username'),
  authPassword: secretField('Password'),
  authToken: secretField('Token'),
  signingSecret: signingSecretField,
  description: optionalText(1000, 'Description'),
};

/** POST /api/webhooks: name and url are required; method defaults to POST, authType to none. */
export const ZCreateWebhookInput = z.object({
  ...webhookFields,
  method: webhookFields.method.optional(),
  authType: webhookFields.authType.optional(),
});
export type TCreateWebhookInput = z.input<typeof ZCreateWebhookInput>;

/** PUT /api/webhooks/{id}: the id plus any fields to change; absent fields keep their value. */
export const ZUpdateWebhookInput = ZCreateWebhookInput.partial().extend({ id });
export type TUpdateWebhookInput = z.input<typeof ZUpdateWebhookInput>;

const integrationFields = {
  name,
  baseUrl: httpUrl,
  version: optionalText(50, 'Version'),
  authType: z.enum(integrationAuthTypes, {
    error: 'Auth type must be one of none, basic, bearer, apiKey, oauth',
  }),
  authConfig: jsonObjectField('Auth configuration', 'Auth configuration must be a JSON object'),
  headers: headersField(),
  rateLimitConfig: rateLimitConfigField,
  timeout: timeoutField,
  description: optionalText(1000, 'Description'),
};

/** POST /api/integrations: name and baseUrl are required; timeout defaults to 30000 ms. */
export const ZCreateIntegrationInput = z.object({
  ...integrationFields,
  authType: integrationFields.authType.optional(),
});
export type TCreateIntegrationInput = z.input<typeof ZCreateIntegrationInput>;

/** PUT /api/integrations/{id}: the id plus any fields to change; absent fields keep their value. */
export const ZUpdateIntegrationInput = ZCreateIntegrationInput.partial().extend({ id });
export type TUpdateIntegrationInput = z.input<typeof ZUpdateIntegrationInput>;

/** Identifies one webhook or API integration of the signed-in user. */
export const ZItemIdInput = z.object({ id });
export type TItemIdInput = z.input<typeof ZItemIdInput>;

/** POST /api/webhooks/{id}/execute: the body is the JSON payload to send (empty means `{}`). */
export const ZExecuteWebhookInput = z.object({
  id,
  payload: boundedJson('Payload')
    .optional()
    .transform((value) => (value === undefined || value === '' ? {} : value)),
});
export type TExecuteWebhookInput = z.input<typeof ZExecuteWebhookInput>;

const queryParamsField = jsonObjectField(
  'Query parameters',
  'Query parameters must be a JSON object',
);

/** POST /api/integrations/{id}/execute. `endpoint` is a path under baseUrl or a URL on its host. */
export const ZExecuteIntegrationInput = z.object({
  id,
  endpoint: z
    .string({ error: 'Endpoint is required' })
    .trim()
    .min(1, 'Endpoint is required')
    .max(2048, 'Endpoint must be at most 2048 characters'),
  method: z
    .enum(integrationMethods, { error: 'Method must be one of GET, POST, PUT, DELETE, PATCH' })
    .default('GET'),
  data: boundedJson('Data').optional(),
  params: queryParamsField,
  headers: headersField(),
});
export type TExecuteIntegrationInput = z.input<typeof ZExecuteIntegrationInput>;

export type * from './integration-views';
