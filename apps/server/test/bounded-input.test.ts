import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiIntegrations, users, webhooks } from '@flows/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot, userOwnedTables } from './db-snapshot';
import { type Session, signUp } from './flow-client';
import { createTestApp, json } from './harness';
import { call } from './integrations-helpers';

const MAX_DEPTH = 32;
const MAX_BYTES = 64 * 1024;

/** A local service whose JSON replies are nested 100 000 levels deep. */
async function startDeepTarget() {
  const reply = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    response.end(reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let harness: Awaited<ReturnType<typeof createTestApp>>;
let target: Awaited<ReturnType<typeof startDeepTarget>>;
let user: Session;
let webhookId: string;
let integrationId: string;

beforeAll(async () => {
  harness = await createTestApp({ ALLOW_PRIVATE_TARGETS: 'true' });
  target = await startDeepTarget();
  user = await signUp(harness.app, 'bounded');
  webhookId = await created('/api/webhooks', { name: 'Hook', url: `${target.url}/hook` });
  integrationId = await created('/api/integrations', { name: 'API', baseUrl: target.url });
});
afterAll(async () => {
  await target.close();
  await harness.close();
});

async function created(path: string, body: object): Promise<string> {
  const response = await call(harness.app, 'POST', path, user, body);
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

/** JSON text of an object nested `levels` deep: {"a":{"a":...1...}}. */
const nestedText = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** JSON text of an object larger than the size bound. */
const largeText = JSON.stringify({ note: 'x'.repeat(MAX_BYTES) });

/** A request body with `value` (JSON text) spliced in as `field`, beside `rest`. */
const bodyWith = (rest: object, field: string, value: string) =>
  `${JSON.stringify(rest).slice(0, -1)}${Object.keys(rest).length ? ',' : ''}"${field}":${value}}`;

const depthError = (label: string) => `${label} must be nested at most ${MAX_DEPTH} levels deep`;
const sizeError = (label: string) => `${label} must be at most ${MAX_BYTES / 1024} KB as JSON`;

/** Every free-form JSON field, reached through the REST path that takes it. */
const fields = () => [
  {
    method: 'POST',
    path: '/api/webhooks',
    rest: { name: 'H', url: 'https://e.com' },
    field: 'headers',
    label: 'Headers',
  },
  {
    method: 'PUT',
    path: `/api/webhooks/${webhookId}`,
    rest: {},
    field: 'headers',
    label: 'Headers',
  },
  {
    method: 'POST',
    path: '/api/integrations',
    rest: { name: 'I', baseUrl: 'https://e.com' },
    field: 'authConfig',
    label: 'Auth configuration',
  },
  {
    method: 'POST',
    path: '/api/integrations',
    rest: { name: 'I', baseUrl: 'https://e.com' },
    field: 'headers',
    label: 'Headers',
  },
  {
    method: 'POST',
    path: '/api/integrations',
    rest: { name: 'I', baseUrl: 'https://e.com' },
    field: 'rateLimitConfig',
    label: 'Rate limit configuration',
  },
  {
    method: 'PUT',
    path: `/api/integrations/${integrationId}`,
    rest: {},
    field: 'authConfig',
    label: 'Auth configuration',
  },
  {
    method: 'PUT',
    path: `/api/integrations/${integrationId}`,
    rest: {},
    field: 'headers',
    label: 'Headers',
  },
  {
    method: 'PUT',
    path: `/api/integrations/${integrationId}`,
    rest: {},
    field: 'rateLimitConfig',
    label: 'Rate limit configuration',
  },
  {
    method: 'POST',
    path: `/api/integrations/${integrationId}/execute`,
    rest: { endpoint: '/x', method: 'POST' },
    field: 'data',
    label: 'Data',
  },
  {
    method: 'POST',
    path: `/api/integrations/${integrationId}/execute`,
    rest: { endpoint: '/x' },
    field: 'params',
    label: 'Query parameters',
  },
  {
    method: 'POST',
    path: `/api/integrations/${integrationId}/execute`,
    rest: { endpoint: '/x' },
    field: 'headers',
    label: 'Headers',
  },
];

describe('free-form JSON fields', () => {
  it('answer 400 naming the field, quickly, for values nested past the bound or too large', async () => {
    const tables = await userOwnedTables(harness.database.db);
    const before = await databaseSnapshot(harness.database.db, tables);
    for (const { method, path, rest, field, label } of fields()) {
      for (const [value, error] of [
        [nestedText(MAX_DEPTH + 1), depthError(label)],
        // As deep as a 1 MB body allows; a stack overflow here would answer 500.
        [nestedText(150_000), depthError(label)],
        // The same, sent as JSON text (the form's textarea) where the field takes text.
        [
          JSON.stringify(nestedText(30_000)),
          field === 'data' ? sizeError(label) : depthError(label),
        ],
        [largeText, sizeError(label)],
      ] as const) {
        const started = performance.now();
        const response = await call(harness.app, method, path, user, bodyWith(rest, field, value));
        const answer = await json<{ error: string; issues?: { path: string }[] }>(response);
        expect({ field, status: response.status, error: answer.error }).toEqual({
          field,
          status: 400,
          error,
        });
        expect(answer.issues?.[0]?.path).toBe(field);
        expect(performance.now() - started).toBeLessThan(1000);
      }
    }
    expect(await databaseSnapshot(harness.database.db, tables)).toEqual(before);
  });

  it('bound a webhook execute payload, which is the whole body', async () => {
    for (const [body, error] of [
      [`${'['.repeat(500_000)}${']'.repeat(500_000)}`, depthError('Payload')],
      [nestedText(MAX_DEPTH + 1), depthError('Payload')],
      [largeText, sizeError('Payload')],
    ]) {
      const response = await call(
        harness.app,
        'POST',
        `/api/webhooks/${webhookId}/execute`,
        user,
        body,
      );
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ error });
    }
  });

  it('are bounded over tRPC too', async () => {
    const response = await harness.app.request('/trpc/integration.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      body: bodyWith({ name: 'T', baseUrl: 'https://e.com' }, 'authConfig', nestedText(150_000)),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(depthError('Auth configuration'));
  });

  it('take values right at the bounds and answer them compact, never indented', async () => {
    const deepest = JSON.parse(nestedText(MAX_DEPTH)) as object;
    const response = await call(harness.app, 'POST', '/api/integrations', user, {
      name: 'Deepest',
      baseUrl: 'https://e.com',
      authConfig: deepest,
      rateLimitConfig: { note: 'x'.repeat(MAX_BYTES - 20) },
    });
    expect(response.status).toBe(201);
    const saved = await json<{ id: string; authConfig: string; rateLimitConfig: string }>(response);
    expect(saved.authConfig).toBe(JSON.stringify(deepest));
    const listed = await json<{ id: string; authConfig: string }[]>(
      await call(harness.app, 'GET', '/api/integrations', user),
    );
    expect(listed.find((row) => row.id === saved.id)?.authConfig).toBe(JSON.stringify(deepest));

    const hook = await call(harness.app, 'PUT', `/api/webhooks/${webhookId}`, user, {
      headers: { 'X-One': '1', 'X-Two': '2' },
    });
    expect((await json<{ headers: string }>(hook)).headers).toBe('{"X-One":"1","X-Two":"2"}');
  });
});

describe('values stored before inputs were bounded', () => {
  it('read, list, update and execute without a 500 or a slow answer', async () => {
    const [owner] = await harness.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'bounded'));
    const deep = nestedText(150_000);
    const [legacy] = await harness.database.db
      .insert(apiIntegrations)
      .values({
        userId: owner!.id,
        name: 'Legacy',
        baseUrl: target.url,
        authType: 'bearer',
        authConfig: deep,
        headers: deep,
        rateLimitConfig: deep,
        timeout: 5000,
      })
      .returning();
    const [legacyHook] = await harness.database.db
      .insert(webhooks)
      .values({
        userId: owner!.id,
        name: 'Legacy hook',
        url: `${target.url}/h`,
        method: 'POST',
        headers: deep,
        authType: 'none',
      })
      .returning();

    const started = performance.now();
    for (const path of [
      '/api/integrations',
      `/api/integrations/${legacy!.id}`,
      '/api/webhooks',
      `/api/webhooks/${legacyHook!.id}`,
    ]) {
      const response = await call(harness.app, 'GET', path, user);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect((await response.text()).length).toBeLessThan(MAX_BYTES * 4);
    }
    const read = await json<{ authConfig: string }>(
      await call(harness.app, 'GET', `/api/integrations/${legacy!.id}`, user),
    );
    expect(read.authConfig).toBe('{}');
    const updated = await call(harness.app, 'PUT', `/api/integrations/${legacy!.id}`, user, {
      description: 'kept',
    });
    expect(updated.status).toBe(200);
    const executed = await call(
      harness.app,
      'POST',
      `/api/webhooks/${legacyHook!.id}/execute`,
      user,
      {},
    );
    expect(executed.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('replies of outside services', () => {
  it('are answered as text when nested too deeply to answer as JSON', async () => {
    for (const path of [
      `/api/webhooks/${webhookId}/execute`,
      `/api/integrations/${integrationId}/execute`,
    ]) {
      const response = await call(harness.app, 'POST', path, user, { endpoint: '/deep' });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      const answer = await json<{ status: number; body: unknown }>(response);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    }
  });
});

describe('headers no request can carry', () => {
  it('answer 400 before anything is sent or recorded, never a 502 from the HTTP client', async () => {
    const tables = await userOwnedTables(harness.database.db);
    const before = await databaseSnapshot(harness.database.db, tables);
    for (const value of ['a\u0001b', 'tok\u4e2d', '\u007f']) {
      const response = await call(
        harness.app,
        'POST',
        `/api/integrations/${integrationId}/execute`,
        user,
        { endpoint: '/x', headers: { 'X-Extra': value } },
      );
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({
        error: 'Header "X-Extra" contains a character headers cannot carry',
      });
    }
    const save = await call(harness.app, 'POST', '/api/webhooks', user, {
      name: 'Refused',
      url: `${target.url}/h`,
      headers: { 'X-Extra': 'a\u0001b' },
    });
    expect(save.status).toBe(400);
    expect(await databaseSnapshot(harness.database.db, tables)).toEqual(before);

    // Saved configuration the headers are built from: a token, an API key header name.
    const bearer = await created('/api/integrations', {
      name: 'Bad token',
      baseUrl: target.url,
      authType: 'bearer',
      authConfig: { token: 'tok\u0001en' },
    });
    const apiKey = await created('/api/integrations', {
      name: 'Bad key name',
      baseUrl: target.url,
      authType: 'apiKey',
      authConfig: { tokenKey: 'X Api Key', apiKey: 'k' },
    });
    const hook = await created('/api/webhooks', {
      name: 'Bad hook token',
      url: `${target.url}/h`,
      authType: 'bearer',
      authToken: 'tok\u4e2den',
    });
    const saved = await databaseSnapshot(harness.database.db, tables);
    for (const [path, error] of [
      [
        `/api/integrations/${bearer}/execute`,
        'Header "Authorization" contains a character headers cannot carry',
      ],
      [`/api/integrations/${apiKey}/execute`, '"X Api Key" is not a valid header name'],
      [
        `/api/webhooks/${hook}/execute`,
        'Header "Authorization" contains a character headers cannot carry',
      ],
    ] as const) {
      const response = await call(harness.app, 'POST', path, user, { endpoint: '/x' });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(await json(response)).toMatchObject({ error });
    }
    expect(await databaseSnapshot(harness.database.db, tables)).toEqual(saved);
  });
});
