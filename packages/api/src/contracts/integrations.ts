import { z } from 'zod';
import {
  integrationAuthTypes,
  integrationMethods,
  isHeaderName,
  isHeaderValue,
  MAX_RATE_LIMIT,
  MAX_TIMEOUT_MS,
  rateLimitKeys,
  SECRET_MASK,
  signingKeyBytes,
  webhookAuthTypes,
  webhookMethods,
} from './integration-rules';
import { boundedJson, jsonObjectField, type TJsonObject } from './json';

export * from './integration-rules';
// The answers' types, for the server's modules; their schemas are in the browser entry.
export type * from './integration-views';
export type { TJsonObject };

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
  for (const key of rateLimitKeys) {
    const value = config[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      ctx.addIssue({ code: 'custom', message: `${key} must be a positive integer` });
      return z.NEVER;
    }
    if (value > MAX_RATE_LIMIT) {
      ctx.addIssue({ code: 'custom', message: `${key} must be at most ${MAX_RATE_LIMIT}` });
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

/** Offered to the owner's runs as a tool (default false). */
const useInFlowsField = z.boolean({ error: 'useInFlows must be true or false' }).optional();
/** A run's call waits for the user's approval, even in auto mode (default true). */
const askBeforeCallField = z.boolean({ error: 'askBeforeCall must be true or false' }).optional();

/** Any id; ids that are not UUIDs simply find nothing (404). */
const id = z.string({ error: 'Id is required' });

const webhookFields = {
  name,
  url: httpUrl,
  method: z.enum(webhookMethods, {
    error: `Method must be one of ${webhookMethods.join(', ')}`,
  }),
  headers: headersField(),
  authType: z.enum(webhookAuthTypes, {
    error: `Auth type must be one of ${webhookAuthTypes.join(', ')}`,
  }),
  authUser: optionalText(256, 'Username'),
  authPassword: secretField('Password'),
  authToken: secretField('Token'),
  signingSecret: signingSecretField,
  description: optionalText(1000, 'Description'),
  useInFlows: useInFlowsField,
  askBeforeCall: askBeforeCallField,
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
    error: `Auth type must be one of ${integrationAuthTypes.join(', ')}`,
  }),
  authConfig: jsonObjectField('Auth configuration', 'Auth configuration must be a JSON object'),
  headers: headersField(),
  rateLimitConfig: rateLimitConfigField,
  timeout: timeoutField,
  description: optionalText(1000, 'Description'),
  useInFlows: useInFlowsField,
  askBeforeCall: askBeforeCallField,
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
    .enum(integrationMethods, {
      error: `Method must be one of ${integrationMethods.join(', ')}`,
    })
    .default('GET'),
  data: boundedJson('Data').optional(),
  params: queryParamsField,
  headers: headersField(),
});
export type TExecuteIntegrationInput = z.input<typeof ZExecuteIntegrationInput>;
