import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as authContracts from './auth';
import * as flowContracts from './flow';
import * as integrationContracts from './integrations';
import { MAX_JSON_BYTES, MAX_JSON_DEPTH } from './json';

/** An object nested `levels` deep: {"a":{"a":...{"a":1}}}. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

/** An object whose compact JSON is a little over `bytes` long. */
const wide = (bytes: number) =>
  Object.fromEntries(
    Array.from({ length: bytes / 1000 + 1 }, (_, i) => [`k${i}`, 'x'.repeat(990)]),
  );

const tooDeep = nested(MAX_JSON_DEPTH + 1);
const farTooDeep = JSON.parse(`${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`);
const tooLarge = wide(MAX_JSON_BYTES);

const {
  ZCreateIntegrationInput,
  ZCreateWebhookInput,
  ZExecuteIntegrationInput,
  ZExecuteWebhookInput,
  ZUpdateIntegrationInput,
  ZUpdateWebhookInput,
} = integrationContracts;
const webhookId = { id: 'x' };
const newWebhook = { name: 'Hook', url: 'https://example.com/hook' };
const newIntegration = { name: 'API', baseUrl: 'https://api.example.com' };

/** Every free-form JSON field of the contracts: a valid input around it and its label. */
const freeFormFields = [
  {
    contract: 'ZCreateWebhookInput',
    schema: ZCreateWebhookInput,
    base: newWebhook,
    field: 'headers',
    label: 'Headers',
  },
  {
    contract: 'ZUpdateWebhookInput',
    schema: ZUpdateWebhookInput,
    base: webhookId,
    field: 'headers',
    label: 'Headers',
  },
  {
    contract: 'ZCreateIntegrationInput',
    schema: ZCreateIntegrationInput,
    base: newIntegration,
    field: 'authConfig',
    label: 'Auth configuration',
  },
  {
    contract: 'ZCreateIntegrationInput',
    schema: ZCreateIntegrationInput,
    base: newIntegration,
    field: 'headers',
    label: 'Headers',
  },
  {
    contract: 'ZCreateIntegrationInput',
    schema: ZCreateIntegrationInput,
    base: newIntegration,
    field: 'rateLimitConfig',
    label: 'Rate limit configuration',
  },
  {
    contract: 'ZUpdateIntegrationInput',
    schema: ZUpdateIntegrationInput,
    base: webhookId,
    field: 'authConfig',
    label: 'Auth configuration',
  },
  {
    contract: 'ZUpdateIntegrationInput',
    schema: ZUpdateIntegrationInput,
    base: webhookId,
    field: 'headers',
    label: 'Headers',
  },
  {
    contract: 'ZUpdateIntegrationInput',
    schema: ZUpdateIntegrationInput,
    base: webhookId,
    field: 'rateLimitConfig',
    label: 'Rate limit configuration',
  },
  {
    contract: 'ZExecuteWebhookInput',
    schema: ZExecuteWebhookInput,
    base: webhookId,
    field: 'payload',
    label: 'Payload',
  },
  {
    contract: 'ZExecuteIntegrationInput',
    schema: ZExecuteIntegrationInput,
    base: { id: 'x', endpoint: '/a' },
    field: 'data',
    label: 'Data',
  },
  {
    contract: 'ZExecuteIntegrationInput',
    schema: ZExecuteIntegrationInput,
    base: { id: 'x', endpoint: '/a' },
    field: 'params',
    label: 'Query parameters',
  },
  {
    contract: 'ZExecuteIntegrationInput',
    schema: ZExecuteIntegrationInput,
    base: { id: 'x', endpoint: '/a' },
    field: 'headers',
    label: 'Headers',
  },
] as const;

/** The messages of a refused parse. */
function refusal(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
}

describe.each(freeFormFields)('$contract.$field', ({ schema, base, field, label }) => {
  const depthMessage = `${field}: ${label} must be nested at most ${MAX_JSON_DEPTH} levels deep`;
  const sizeMessage = `${field}: ${label} must be at most ${MAX_JSON_BYTES / 1024} KB as JSON`;

  it('refuses a value nested past the bound, naming the field', () => {
    expect(refusal(schema, { ...base, [field]: tooDeep })).toEqual([depthMessage]);
    expect(refusal(schema, { ...base, [field]: { a: tooDeep } })).toEqual([depthMessage]);
  });

  it('refuses a value hundreds of thousands of levels deep without overflowing', () => {
    expect(refusal(schema, { ...base, [field]: farTooDeep })).toEqual([depthMessage]);
  });

  it('refuses a value larger than the bound, naming the field', () => {
    expect(refusal(schema, { ...base, [field]: tooLarge })).toEqual([sizeMessage]);
  });

  it('accepts a value right at the depth bound', () => {
    const deepest = { a: nested(MAX_JSON_DEPTH - 1) };
    const result = schema.safeParse({ ...base, [field]: deepest });
    // Headers and rate limits have their own rules on values; the bound itself is not broken.
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages.filter((message) => message.includes('levels deep'))).toEqual([]);
  });
});

describe('JSON text fields', () => {
  const text = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('are bounded once parsed, like objects', () => {
    expect(
      refusal(ZCreateIntegrationInput, { ...newIntegration, authConfig: text(MAX_JSON_DEPTH + 1) }),
    ).toEqual([
      `authConfig: Auth configuration must be nested at most ${MAX_JSON_DEPTH} levels deep`,
    ]);
    expect(
      refusal(ZCreateIntegrationInput, { ...newIntegration, authConfig: JSON.stringify(tooLarge) }),
    ).toEqual([
      `authConfig: Auth configuration must be at most ${MAX_JSON_BYTES / 1024} KB as JSON`,
    ]);
    const parsed = ZCreateIntegrationInput.parse({
      ...newIntegration,
      authConfig: text(MAX_JSON_DEPTH),
    });
    expect(parsed.authConfig).toEqual(nested(MAX_JSON_DEPTH));
  });

  it('measure indented text by its content, and refuse text far too long unread', () => {
    const indented = JSON.stringify({ token: 'x'.repeat(MAX_JSON_BYTES - 100) }, null, 40);
    expect(ZCreateIntegrationInput.parse({ ...newIntegration, authConfig: indented })).toBeTruthy();
    expect(
      refusal(ZCreateIntegrationInput, {
        ...newIntegration,
        authConfig: `{"a":"${' '.repeat(5 * MAX_JSON_BYTES)}"}`,
      }),
    ).toEqual([
      `authConfig: Auth configuration must be at most ${MAX_JSON_BYTES / 1024} KB as JSON`,
    ]);
  });
});

describe('every contract field', () => {
  const exported: Record<string, unknown> = {
    ...authContracts,
    ...flowContracts,
    ...integrationContracts,
  };
  const schemas = Object.entries(exported)
    .filter((entry): entry is [string, z.ZodObject] => entry[1] instanceof z.ZodObject)
    .flatMap(([name, schema]) =>
      Object.entries(schema.shape).map(([field, fieldSchema]) => ({
        name: `${name}.${field}`,
        fieldSchema: fieldSchema as z.ZodType,
      })),
    );

  it('covers the contracts', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it('refuses JSON past the bounds, so no free-form field is left unbounded', () => {
    const accepted = schemas.filter(
      ({ fieldSchema }) =>
        fieldSchema.safeParse(farTooDeep).success ||
        fieldSchema.safeParse(tooDeep).success ||
        fieldSchema.safeParse(tooLarge).success,
    );
    expect(accepted.map(({ name }) => name)).toEqual([]);
  });
});
