import { createHmac } from 'node:crypto';
import type { TIntegrationExecution } from '@flows/api/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Session, signUp } from './flow-client';
import { createTestApp, json } from './harness';
import { call, startEchoTarget } from './integrations-helpers';

/** Two server instances allowed to reach 127.0.0.1, and one with the default policy, on one database. */
let primary: Awaited<ReturnType<typeof createTestApp>>;
let secondary: Awaited<ReturnType<typeof createTestApp>>;
let guarded: Awaited<ReturnType<typeof createTestApp>>;
let target: Awaited<ReturnType<typeof startEchoTarget>>;
let user: Session;

beforeAll(async () => {
  primary = await createTestApp({ ALLOW_PRIVATE_TARGETS: 'true' });
  secondary = await createTestApp(
    { ALLOW_PRIVATE_TARGETS: 'true' },
    { database: primary.database },
  );
  guarded = await createTestApp({}, { database: primary.database });
  target = await startEchoTarget();
  user = await signUp(primary.app, 'runner');
});
afterAll(async () => {
  await target.close();
  await secondary.close();
  await guarded.close();
  await primary.close();
});
beforeEach(() => {
  target.received.length = 0;
});

const api = (method: string, path: string, body?: unknown) =>
  call(primary.app, method, path, user, body);

type Answer = {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: unknown;
  durationMs: number;
  retryAfter?: number;
};
type Echo = { method: string; url: string; headers: Record<string, string>; body: string };

async function created(path: string, body: object): Promise<string> {
  const response = await api('POST', path, body);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

const webhook = (body: object) => created('/api/webhooks', { name: 'Hook', ...body });
const integration = (body: object) =>
  created('/api/integrations', { name: `API ${Math.random()}`, ...body });

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('webhook execution', () => {
  it.each(['POST', 'PUT', 'DELETE'])('sends the payload as JSON with %s', async (method) => {
    const id = await webhook({ url: `${target.base}/hook`, method });
    const response = await api('POST', `/api/webhooks/${id}/execute`, { text: 'hi', n: 1 });
    expect(response.status).toBe(200);
    const answer = await json<Answer>(response);
    expect(answer).toMatchObject({ status: 200, statusText: 'OK' });
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.durationMs).toEqual(expect.any(Number));
    expect(answer.body).toMatchObject({ method, url: '/hook' });
    const received = target.last();
    expect(received.method).toBe(method);
    expect(JSON.parse(received.body)).toEqual({ text: 'hi', n: 1 });
    expect(received.headers['content-type']).toBe('application/json');
  });

  it('sends a GET with the payload as query parameters, and an empty body as {}', async () => {
    const id = await webhook({ url: `${target.base}/hook?fixed=1`, method: 'GET' });
    await api('POST', `/api/webhooks/${id}/execute`, { q: 'flows', page: 2 });
    expect(target.last()).toMatchObject({
      method: 'GET',
      url: '/hook?fixed=1&q=flows&page=2',
      body: '',
    });

    const postId = await webhook({ url: `${target.base}/hook` });
    const empty = await call(primary.app, 'POST', `/api/webhooks/${postId}/execute`, user);
    expect(empty.status).toBe(200);
    expect(target.last().body).toBe('{}');
  });

  it.each([
    ['none', {}, undefined],
    ['basic', { authUser: 'ada', authPassword: 's3cret' }, basic('ada', 's3cret')],
    ['bearer', { authToken: 'tok-123' }, 'Bearer tok-123'],
    ['custom', { headers: { Authorization: 'OAuth key="k"', 'X-Custom': 'c' } }, 'OAuth key="k"'],
  ] as const)('applies %s auth', async (authType, fields, authorization) => {
    const id = await webhook({ url: `${target.base}/hook`, authType, ...fields });
    expect((await api('POST', `/api/webhooks/${id}/execute`, {})).status).toBe(200);
    const headers = target.last().headers;
    expect(headers.authorization).toBe(authorization);
    if (authType === 'custom') expect(headers['x-custom']).toBe('c');
  });

  it('signs deliveries with Standard Webhooks headers a receiver can verify', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = await webhook({ url: `${target.base}/hook`, signingSecret: secret });
    await api('POST', `/api/webhooks/${id}/execute`, { event: 'done' });
    const { headers, body } = target.last();
    const messageId = headers['webhook-id'] as string;
    const timestamp = headers['webhook-timestamp'] as string;
    expect(messageId).toMatch(/^msg_/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${messageId}.${timestamp}.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);

    const unsigned = await webhook({ url: `${target.base}/hook` });
    await api('POST', `/api/webhooks/${unsigned}/execute`, {});
    expect(target.last().headers['webhook-signature']).toBeUndefined();
  });
});

describe('API integration execution', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])(
    'calls the endpoint with %s',
    async (method) => {
      const id = await integration({
        baseUrl: `${target.base}/api`,
        version: 'v1',
        headers: { 'X-Default': 'd', Accept: 'application/json' },
      });
      const response = await api('POST', `/api/integrations/${id}/execute`, {
        endpoint: '/v1/items',
        method,
        data: { name: 'thing' },
        params: { page: 2, tag: ['a', 'b'] },
        headers: '{"X-Request":"r"}',
      });
      expect(response.status).toBe(200);
      const answer = await json<Answer>(response);
      expect(answer.status).toBe(200);
      expect((answer.body as Echo).method).toBe(method);
      const received = target.last();
      expect(received.method).toBe(method);
      expect(received.url).toBe('/api/v1/items?page=2&tag=a&tag=b');
      expect(received.headers['x-default']).toBe('d');
      expect(received.headers['x-request']).toBe('r');
      expect(received.body).toBe(method === 'GET' ? '' : '{"name":"thing"}');
    },
  );

  it('takes a full URL on the base URL origin, and refuses one elsewhere', async () => {
    const id = await integration({ baseUrl: `${target.base}/api` });
    const full = await api('POST', `/api/integrations/${id}/execute`, {
      endpoint: `${target.base}/api/v2/status`,
      method: 'GET',
    });
    expect(full.status).toBe(200);
    expect(target.last().url).toBe('/api/v2/status');
    const elsewhere = await api('POST', `/api/integrations/${id}/execute`, {
      endpoint: 'https://evil.example/collect',
      method: 'GET',
    });
    expect(elsewhere.status).toBe(400);
    expect((await json<{ error: string }>(elsewhere)).error).toMatch(
      /must be on http:\/\/127\.0\.0\.1/,
    );
  });

  it.each([
    ['none', {}, {}],
    ['basic', { authUser: 'api', authPassword: 'key-1' }, { authorization: basic('api', 'key-1') }],
    ['bearer', { token: 'b-1' }, { authorization: 'Bearer b-1' }],
    ['bearer', { tokenPrefix: 'token', token: 'gh-1' }, { authorization: 'token gh-1' }],
    ['apiKey', { apiKey: 'k-1' }, { 'x-api-key': 'k-1' }],
    ['apiKey', { tokenKey: 'X-Auth', tokenPrefix: 'Key', token: 'k-2' }, { 'x-auth': 'Key k-2' }],
    ['oauth', { scopes: ['read'], accessToken: 'o-1' }, { authorization: 'Bearer o-1' }],
  ] as const)('applies %s auth %j', async (authType, authConfig, expected) => {
    const id = await integration({ baseUrl: target.base, authType, authConfig });
    const response = await api('POST', `/api/integrations/${id}/execute`, { endpoint: '/echo' });
    expect(response.status).toBe(200);
    const headers = target.last().headers;
    for (const [name, value] of Object.entries(expected)) expect(headers[name]).toBe(value);
    if (authType === 'none') expect(headers.authorization).toBeUndefined();
  });

  it('answers text bodies as text and reports an upstream 429 with its Retry-After', async () => {
    const id = await integration({ baseUrl: target.base });
    const text = await json<Answer>(
      await api('POST', `/api/integrations/${id}/execute`, { endpoint: '/text', method: 'GET' }),
    );
    expect(text).toMatchObject({ status: 200, body: 'plain text answer' });
    expect(text.headers['x-target']).toBe('yes');

    const limited = await api('POST', `/api/integrations/${id}/execute`, { endpoint: '/limited' });
    expect(limited.status).toBe(200);
    expect(await json<Answer>(limited)).toMatchObject({
      status: 429,
      statusText: 'Too Many Requests',
      retryAfter: 42,
      body: { message: 'slow down' },
    });
  });

  it.each([
    [{}, 'Endpoint is required'],
    [{ endpoint: '/x', method: 'TRACE' }, 'Method must be one of GET, POST, PUT, DELETE, PATCH'],
    [{ endpoint: '/x', params: '{bad' }, 'Query parameters must be a JSON object'],
    [{ endpoint: '/x', headers: '[]' }, 'Headers must be a JSON object'],
  ])('refuses %j with 400 %s', async (body, message) => {
    const id = await integration({ baseUrl: target.base });
    const response = await api('POST', `/api/integrations/${id}/execute`, body);
    expect(response.status).toBe(400);
    expect((await json<{ error: string }>(response)).error).toBe(message);
    expect(target.received).toHaveLength(0);
  });
});

describe('outbound limits', () => {
  it('gives up after the integration timeout with 504', async () => {
    const id = await integration({ baseUrl: target.base, timeout: 300 });
    const started = Date.now();
    const response = await api('POST', `/api/integrations/${id}/execute`, { endpoint: '/slow' });
    expect(response.status).toBe(504);
    expect(await json(response)).toEqual({ error: 'Request timed out after 300 ms' });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('refuses a reply over 10 MB with 502', async () => {
    const id = await webhook({ url: `${target.base}/big` });
    const response = await api('POST', `/api/webhooks/${id}/execute`, {});
    expect(response.status).toBe(502);
    expect(await json(response)).toEqual({ error: 'Response is larger than 10 MB' });
  });

  it('answers 502 when the host does not resolve', async () => {
    const id = await webhook({ url: 'http://example.invalid/hook' });
    const response = await api('POST', `/api/webhooks/${id}/execute`, {});
    expect(response.status).toBe(502);
    expect(await json(response)).toEqual({ error: 'Could not resolve host example.invalid' });
  });

  it('refuses 169.254.169.254 and 127.0.0.1 by default with 400, sending nothing', async () => {
    const metadata = await webhook({ url: 'http://169.254.169.254/latest/meta-data/' });
    const refused = await call(guarded.app, 'POST', `/api/webhooks/${metadata}/execute`, user, {});
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({
      error: 'Refused to call a private or internal address (169.254.169.254)',
    });

    const local = await integration({ baseUrl: target.base });
    const loopback = await call(guarded.app, 'POST', `/api/integrations/${local}/execute`, user, {
      endpoint: '/echo',
    });
    expect(loopback.status).toBe(400);
    expect(await json(loopback)).toEqual({
      error: 'Refused to call a private or internal address (127.0.0.1)',
    });
    const byName = await integration({ baseUrl: `http://localhost:${new URL(target.base).port}` });
    const named = await call(guarded.app, 'POST', `/api/integrations/${byName}/execute`, user, {
      endpoint: '/echo',
    });
    expect(named.status).toBe(400);
    expect(target.received).toHaveLength(0);

    const trpc = await guarded.app.request('/trpc/webhook.execute', {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ id: metadata, payload: {} }),
    });
    expect(trpc.status).toBe(400);
    expect(JSON.stringify(await trpc.json())).toContain('169.254.169.254');
  });

  it('holds a rate limit across two server instances sharing the database', async () => {
    const id = await integration({
      baseUrl: target.base,
      rateLimitConfig: { maxRequestsPerMinute: 2, maxRequestsPerDay: 100 },
    });
    const execute = (app: typeof primary.app) =>
      call(app, 'POST', `/api/integrations/${id}/execute`, user, { endpoint: '/echo' });
    expect((await execute(primary.app)).status).toBe(200);
    expect((await execute(secondary.app)).status).toBe(200);
    for (const app of [primary.app, secondary.app]) {
      const third = await execute(app);
      expect(third.status).toBe(429);
      const retryAfter = Number(third.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await json<{ error: string }>(third)).error).toMatch(
        /^Rate limit reached \(2 requests per minute\)/,
      );
    }
    expect(target.received).toHaveLength(2);
  });

  it('lets only the limit through when calls race on both instances', async () => {
    const id = await integration({
      baseUrl: target.base,
      rateLimitConfig: { maxRequestsPerHour: 3 },
    });
    const answers = await Promise.all(
      [primary.app, secondary.app, primary.app, secondary.app, primary.app, secondary.app].map(
        (app) => call(app, 'POST', `/api/integrations/${id}/execute`, user, { endpoint: '/echo' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(target.received).toHaveLength(3);
  });
});

describe('execution history', () => {
  it('records each call newest first, with secrets scrubbed', async () => {
    const id = await integration({
      baseUrl: target.base,
      authType: 'bearer',
      authConfig: { token: 'history-secret-token' },
    });
    await api('POST', `/api/integrations/${id}/execute`, {
      endpoint: '/echo',
      params: { api_key: 'query-secret', page: '1' },
    });
    await api('POST', `/api/integrations/${id}/execute`, {
      endpoint: '/text',
      method: 'POST',
      data: {},
    });
    const history = await json<TIntegrationExecution[]>(
      await api('GET', `/api/integrations/${id}/executions`),
    );
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      method: 'POST',
      status: 200,
      responseBody: 'plain text answer',
    });
    expect(history[1]).toMatchObject({ method: 'GET', status: 200, error: null });
    expect(history[1]!.url).toBe(`${target.base}/echo?api_key=[redacted]&page=1`);
    expect(history[1]!.responseBytes).toBeGreaterThan(0);
    expect(history[1]!.responseBody).toContain('[redacted]');

    const stored = JSON.stringify(
      await primary.database.db.query.integrationExecutions.findMany({
        where: (row, { eq }) => eq(row.itemId, id),
      }),
    );
    expect(stored).not.toContain('history-secret-token');
    expect(stored).not.toContain('query-secret');
  });

  it('records failures and keeps only the newest 50 per item', async () => {
    const id = await webhook({ url: `${target.base}/hook`, method: 'GET' });
    for (let n = 0; n < 52; n++) await api('POST', `/api/webhooks/${id}/execute`, { n });
    const history = await json<TIntegrationExecution[]>(
      await api('GET', `/api/webhooks/${id}/executions`),
    );
    expect(history).toHaveLength(50);
    expect(history[0]!.url).toContain('n=51');
    expect(history.at(-1)!.url).toContain('n=2');

    const timeoutId = await integration({ baseUrl: target.base, timeout: 200 });
    await api('POST', `/api/integrations/${timeoutId}/execute`, { endpoint: '/slow' });
    const [failed] = await json<TIntegrationExecution[]>(
      await api('GET', `/api/integrations/${timeoutId}/executions`),
    );
    expect(failed).toMatchObject({ status: null, error: 'Request timed out after 200 ms' });
  });
});
