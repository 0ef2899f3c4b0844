import { type DatabaseHandle, users } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCreateIntegrationInput,
  ZCreateWebhookInput,
  ZExecuteIntegrationInput,
  ZExecuteWebhookInput,
} from '../contracts/integrations';
import { startTestTarget } from '../outbound/test-target';
import { type ExecuteSettings, executeIntegration, executeWebhook } from './execute';
import { createIntegration, integrationExecutions } from './integration-store';
import { CallRateLimitedError } from './rate-limit';
import { createWebhook, webhookExecutions } from './webhook-store';

const settings: ExecuteSettings = { secretKey: Buffer.alloc(32, 7), allowPrivateTargets: true };

let handle: DatabaseHandle;
let target: Awaited<ReturnType<typeof startTestTarget>>;
let owner: string;
let stranger: string;

async function addUser(username: string): Promise<string> {
  const [row] = await handle.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: 'x' })
    .returning({ id: users.id });
  return row!.id;
}

beforeAll(async () => {
  [handle, target] = await Promise.all([createTestDatabase(), startTestTarget()]);
  owner = await addUser('owner');
  stranger = await addUser('stranger');
});
afterAll(async () => {
  await target.close();
  await handle.close();
});

/** Saves a webhook of `owner`, as `webhook.create` would. */
const newWebhook = (fields: Record<string, unknown>) =>
  createWebhook(
    handle.db,
    owner,
    ZCreateWebhookInput.parse({ name: 'Hook', ...fields }),
    settings.secretKey,
  );

/** Saves an API integration of `owner`, as `integration.create` would. */
const newIntegration = (fields: Record<string, unknown>) =>
  createIntegration(
    handle.db,
    owner,
    ZCreateIntegrationInput.parse({ name: `API ${Math.random()}`, ...fields }),
    settings.secretKey,
  );

/** The TRPCError code and message a promise fails with. */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

describe('executeWebhook', () => {
  it('sends the payload with its credentials and records the call with secrets scrubbed', async () => {
    const webhook = await newWebhook({
      url: target.url('/echo?token=url-secret-42'),
      authType: 'bearer',
      authToken: 'bearer-secret-99',
    });
    const input = ZExecuteWebhookInput.parse({ id: webhook.id, payload: { hello: 'world' } });

    const answer = await executeWebhook(handle.db, owner, input, settings);

    expect(answer.status).toBe(200);
    const echoed = answer.body as { method: string; body: string; headers: Record<string, string> };
    expect(echoed.method).toBe('POST');
    expect(JSON.parse(echoed.body)).toEqual({ hello: 'world' });
    expect(echoed.headers.authorization).toBe('Bearer bearer-secret-99');

    const [execution] = await webhookExecutions(handle.db, owner, webhook.id);
    expect(execution).toMatchObject({ method: 'POST', status: 200, error: null });
    const history = JSON.stringify(execution);
    expect(history).not.toContain('bearer-secret-99');
    expect(history).not.toContain('url-secret-42');
    expect(execution?.url).toContain('token=[redacted]');
  });

  it("answers 404 for another user's webhook and for ids that cannot exist, sending nothing", async () => {
    const webhook = await newWebhook({ url: target.url('/echo') });
    const sent = target.received.length;
    for (const [userId, id] of [
      [stranger, webhook.id],
      [owner, 'not-a-uuid'],
    ] as const) {
      const input = ZExecuteWebhookInput.parse({ id, payload: {} });
      expect(await failure(executeWebhook(handle.db, userId, input, settings))).toEqual({
        code: 'NOT_FOUND',
        message: 'Webhook not found',
      });
    }
    expect(target.received.length).toBe(sent);
  });

  it('refuses a private address unless the operator allows it, and records the refusal', async () => {
    const webhook = await newWebhook({ url: target.url('/echo') });
    const input = ZExecuteWebhookInput.parse({ id: webhook.id });
    const sent = target.received.length;

    const refusal = await failure(
      executeWebhook(handle.db, owner, input, { ...settings, allowPrivateTargets: false }),
    );

    expect(refusal.code).toBe('BAD_REQUEST');
    expect(refusal.message).toMatch(/private or internal address/);
    expect(target.received.length).toBe(sent);
    const [execution] = await webhookExecutions(handle.db, owner, webhook.id);
    expect(execution).toMatchObject({ status: null, error: refusal.message });
  });
});

describe('executeIntegration', () => {
  it('joins the endpoint to the base URL with the query parameters and API key', async () => {
    const integration = await newIntegration({
      baseUrl: target.url('/'),
      authType: 'apiKey',
      authConfig: { apiKey: 'key-secret-7', tokenKey: 'X-Api-Key' },
    });
    const input = ZExecuteIntegrationInput.parse({
      id: integration.id,
      endpoint: 'echo',
      params: { q: 'flows' },
    });

    const answer = await executeIntegration(handle.db, owner, input, settings);

    const echoed = answer.body as {
      method: string;
      query: string;
      headers: Record<string, string>;
    };
    expect(echoed).toMatchObject({ method: 'GET', query: '?q=flows' });
    expect(echoed.headers['x-api-key']).toBe('key-secret-7');
    const [execution] = await integrationExecutions(handle.db, owner, integration.id);
    expect(execution).toMatchObject({ method: 'GET', status: 200 });
    expect(JSON.stringify(execution)).not.toContain('key-secret-7');
  });

  it("refuses an endpoint off the integration's origin before sending anything", async () => {
    const integration = await newIntegration({ baseUrl: target.url('/') });
    const input = ZExecuteIntegrationInput.parse({
      id: integration.id,
      endpoint: 'http://example.com/steal',
    });

    const refusal = await failure(executeIntegration(handle.db, owner, input, settings));

    expect(refusal.code).toBe('BAD_REQUEST');
    expect(refusal.message).toContain("the integration's base URL");
    expect(await integrationExecutions(handle.db, owner, integration.id)).toEqual([]);
  });

  it('answers 504 naming the timeout when the API is too slow, and records it', async () => {
    const integration = await newIntegration({ baseUrl: target.url('/'), timeout: 200 });
    const input = ZExecuteIntegrationInput.parse({ id: integration.id, endpoint: '/slow?ms=2000' });

    expect(await failure(executeIntegration(handle.db, owner, input, settings))).toEqual({
      code: 'GATEWAY_TIMEOUT',
      message: 'Request timed out after 200 ms',
    });
    const [execution] = await integrationExecutions(handle.db, owner, integration.id);
    expect(execution).toMatchObject({ status: null, error: 'Request timed out after 200 ms' });
  });

  it('sends nothing over a rate limit: the refusal is recorded and carries Retry-After', async () => {
    const integration = await newIntegration({
      baseUrl: target.url('/'),
      rateLimitConfig: { maxRequestsPerMinute: 1 },
    });
    const input = ZExecuteIntegrationInput.parse({ id: integration.id, endpoint: '/text' });
    expect((await executeIntegration(handle.db, owner, input, settings)).body).toBe(
      'plain text answer',
    );
    const sent = target.received.length;

    const refusal = await executeIntegration(handle.db, owner, input, settings).catch(
      (error: unknown) => error,
    );

    expect(refusal).toBeInstanceOf(CallRateLimitedError);
    const limited = refusal as CallRateLimitedError;
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(limited.retryAfter).toBeLessThanOrEqual(60);
    expect(limited.message).toMatch(/^Rate limit reached \(1 requests per minute\)/);
    expect(target.received.length).toBe(sent);
    const [latest] = await integrationExecutions(handle.db, owner, integration.id);
    expect(latest).toMatchObject({ status: null, durationMs: 0, error: limited.message });
  });
});
