import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, signUp } from './flow-client';
import { createTestApp, json } from './harness';
import { call } from './integrations-helpers';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let alice: Session;
let bob: Session;
beforeAll(async () => {
  harness = await createTestApp({ ALLOW_PRIVATE_TARGETS: 'true' });
  alice = await signUp(harness.app, 'alice');
  bob = await signUp(harness.app, 'bob');
});
afterAll(() => harness.close());

/** The stored rows, read straight from the database. */
const rawWebhook = (id: string) =>
  harness.database.db.query.webhooks.findFirst({ where: (row, { eq }) => eq(row.id, id) });
const rawIntegration = (id: string) =>
  harness.database.db.query.apiIntegrations.findFirst({ where: (row, { eq }) => eq(row.id, id) });

const api = (method: string, path: string, session?: Session, body?: unknown) =>
  call(harness.app, method, path, session, body);

type Webhook = Record<string, unknown> & { id: string };
type Integration = Record<string, unknown> & { id: string };

const slackHook = {
  name: 'Team alerts',
  url: 'https://hooks.slack.com/services/T1/B2/XYZ',
  method: 'POST',
  authType: 'bearer',
  headers: '{"Content-Type":"application/json"}',
  authToken: 'tok-very-secret-123',
  description: 'Posts alerts',
};

async function createWebhook(session: Session, body: object = slackHook): Promise<Webhook> {
  const response = await api('POST', '/api/webhooks', session, body);
  expect(response.status).toBe(201);
  return json<Webhook>(response);
}

async function createIntegration(session: Session, body: object): Promise<Integration> {
  const response = await api('POST', '/api/integrations', session, body);
  expect(response.status).toBe(201);
  return json<Integration>(response);
}

describe('webhooks CRUD', () => {
  it('creates, lists, reads, updates and deletes, with the spec defaults', async () => {
    const created = await createWebhook(alice, {
      name: 'Minimal',
      url: 'https://example.com/hook',
    });
    expect(created).toMatchObject({
      name: 'Minimal',
      url: 'https://example.com/hook',
      method: 'POST',
      authType: 'none',
      headers: '{}',
      authUser: null,
      authPassword: null,
      authToken: null,
      signingSecret: null,
      description: null,
    });
    expect(created.createdAt).toEqual(expect.any(String));

    const list = await json<Webhook[]>(await api('GET', '/api/webhooks', alice));
    expect(list.map((webhook) => webhook.id)).toContain(created.id);
    expect(await json(await api('GET', `/api/webhooks/${created.id}`, alice))).toEqual(created);

    const updated = await api('PUT', `/api/webhooks/${created.id}`, alice, {
      ...created,
      name: 'Renamed',
      method: 'PUT',
    });
    expect(updated.status).toBe(200);
    expect(await json(updated)).toMatchObject({ id: created.id, name: 'Renamed', method: 'PUT' });

    const removed = await api('DELETE', `/api/webhooks/${created.id}`, alice);
    expect(removed.status).toBe(200);
    expect(await json(removed)).toEqual({ success: true });
    const gone = await api('GET', `/api/webhooks/${created.id}`, alice);
    expect(gone.status).toBe(404);
  });

  it('is for signed-in users only', async () => {
    for (const [method, path] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
      ['GET', '/api/webhooks/templates'],
      ['GET', '/api/integrations'],
      ['POST', '/api/integrations/00000000-0000-4000-8000-000000000000/execute'],
    ] as const) {
      const response = await api(method, path, undefined, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("answers 404 for another user's webhook and for ids that are not UUIDs", async () => {
    const own = await createWebhook(alice);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Stolen' }],
      ['DELETE', undefined],
      ['POST', {}],
    ] as const) {
      const path = `/api/webhooks/${own.id}${method === 'POST' ? '/execute' : ''}`;
      const response = await api(method, path, bob, body);
      expect(response.status, method).toBe(404);
      expect(await json(response)).toEqual({ error: 'Webhook not found' });
    }
    expect((await api('GET', `/api/webhooks/${own.id}/executions`, bob)).status).toBe(404);
    expect((await json<Webhook[]>(await api('GET', '/api/webhooks', bob))).length).toBe(0);
    expect((await api('GET', '/api/webhooks/not-a-uuid', alice)).status).toBe(404);
    expect((await api('DELETE', '/api/webhooks/123', alice)).status).toBe(404);
    expect(await json(await api('GET', `/api/webhooks/${own.id}`, alice))).toMatchObject({
      name: 'Team alerts',
    });
  });
});

describe('validation', () => {
  it.each([
    [{ url: 'https://example.com' }, 'Name is required'],
    [{ name: '   ', url: 'https://example.com' }, 'Name is required'],
    [{ name: 'x', url: 'not a url' }, 'Must be a valid URL'],
    [{ name: 'x', url: 'ftp://example.com/file' }, 'Must be a valid URL'],
    [{ name: 'x' }, 'Must be a valid URL'],
    [
      { name: 'x', url: 'https://e.com', method: 'PATCH' },
      'Method must be one of GET, POST, PUT, DELETE',
    ],
    [
      { name: 'x', url: 'https://e.com', authType: 'oauth' },
      'Auth type must be one of none, basic, bearer, custom',
    ],
    [{ name: 'x', url: 'https://e.com', headers: '{not json' }, 'Headers must be a JSON object'],
    [{ name: 'x', url: 'https://e.com', headers: '[1,2]' }, 'Headers must be a JSON object'],
    [
      { name: 'x', url: 'https://e.com', headers: '{"X-A":{"b":1}}' },
      'Header "X-A" must be a string',
    ],
    [
      { name: 'x', url: 'https://e.com', signingSecret: 'whsec_!!' },
      'Signing secret must be base64',
    ],
  ])('webhook %j -> 400 %s', async (body, message) => {
    const response = await api('POST', '/api/webhooks', alice, body);
    expect(response.status).toBe(400);
    expect((await json<{ error: string }>(response)).error).toContain(message);
  });

  it.each([
    [{ baseUrl: 'https://api.example.com' }, 'Name is required'],
    [{ name: 'x', baseUrl: 'example.com' }, 'Must be a valid URL'],
    [
      { name: 'x', baseUrl: 'https://a.com', authType: 'custom' },
      'Auth type must be one of none, basic, bearer, apiKey, oauth',
    ],
    [
      { name: 'x', baseUrl: 'https://a.com', authConfig: '"text"' },
      'Auth configuration must be a JSON object',
    ],
    [{ name: 'x', baseUrl: 'https://a.com', headers: 'nope' }, 'Headers must be a JSON object'],
    [
      { name: 'x', baseUrl: 'https://a.com', rateLimitConfig: '{' },
      'Rate limit configuration must be a JSON object',
    ],
    [
      { name: 'x', baseUrl: 'https://a.com', rateLimitConfig: { maxRequestsPerMinute: -1 } },
      'maxRequestsPerMinute must be a positive integer',
    ],
    [{ name: 'x', baseUrl: 'https://a.com', timeout: 0 }, 'Timeout must be a positive integer'],
    [{ name: 'x', baseUrl: 'https://a.com', timeout: 1.5 }, 'Timeout must be a positive integer'],
    [
      { name: 'x', baseUrl: 'https://a.com', timeout: 'soon' },
      'Timeout must be a positive integer',
    ],
  ])('integration %j -> 400 %s', async (body, message) => {
    const response = await api('POST', '/api/integrations', alice, body);
    expect(response.status).toBe(400);
    expect((await json<{ error: string }>(response)).error).toContain(message);
  });

  it('defaults the timeout to 30000 ms and takes JSON fields as text or objects', async () => {
    const created = await createIntegration(alice, {
      name: 'Defaults',
      baseUrl: 'https://api.example.com',
      headers: { Accept: 'application/json' },
      rateLimitConfig: '{"maxRequestsPerHour": 10}',
    });
    expect(created).toMatchObject({ timeout: 30000, authType: 'none', version: null });
    expect(JSON.parse(created.headers as string)).toEqual({ Accept: 'application/json' });
    expect(JSON.parse(created.rateLimitConfig as string)).toEqual({ maxRequestsPerHour: 10 });
    expect(JSON.parse(created.authConfig as string)).toEqual({});
  });

  it('keeps integration names unique per user (409), but not across users', async () => {
    await createIntegration(alice, { name: 'GitHub', baseUrl: 'https://api.github.com' });
    const again = await api('POST', '/api/integrations', alice, {
      name: 'github',
      baseUrl: 'https://api.github.com',
    });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({
      error: 'An API integration with that name already exists',
    });
    await createIntegration(bob, { name: 'GitHub', baseUrl: 'https://api.github.com' });

    const other = await createIntegration(alice, { name: 'Other', baseUrl: 'https://a.com' });
    const rename = await api('PUT', `/api/integrations/${other.id}`, alice, { name: 'GitHub' });
    expect(rename.status).toBe(409);
    const keep = await api('PUT', `/api/integrations/${other.id}`, alice, {
      name: 'Other',
      timeout: 5000,
    });
    expect(keep.status).toBe(200);
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    expect((await api('POST', '/api/webhooks', alice, '{"name":')).status).toBe(400);
    expect((await api('POST', '/api/integrations', alice, '[1]')).status).toBe(400);
  });
});

describe('integrations CRUD and ownership', () => {
  it('updates only the fields sent and refuses other users with 404', async () => {
    const created = await createIntegration(alice, {
      name: 'Stripe',
      baseUrl: 'https://api.stripe.com',
      version: 'v1',
      authType: 'bearer',
      authConfig: { tokenPrefix: 'Bearer', token: 'sk_live_abcdef' },
      timeout: 15000,
    });
    const updated = await json<Integration>(
      await api('PUT', `/api/integrations/${created.id}`, alice, { description: 'Payments' }),
    );
    expect(updated).toMatchObject({ version: 'v1', timeout: 15000, description: 'Payments' });
    expect(JSON.parse(updated.authConfig as string)).toEqual({
      tokenPrefix: 'Bearer',
      token: '********',
    });

    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PUT', '', { name: 'Mine now' }],
      ['DELETE', '', undefined],
      ['POST', '/execute', { endpoint: '/', method: 'GET' }],
      ['GET', '/executions', undefined],
    ] as const) {
      const response = await api(method, `/api/integrations/${created.id}${suffix}`, bob, body);
      expect(response.status, `${method} ${suffix}`).toBe(404);
      expect(await json(response)).toEqual({ error: 'API integration not found' });
    }
    expect((await api('PUT', '/api/integrations/zzz', alice, { name: 'a' })).status).toBe(404);
    const deleted = await api('DELETE', `/api/integrations/${created.id}`, alice);
    expect(await json(deleted)).toEqual({ success: true });
  });
});

describe('secrets', () => {
  it('are stored encrypted, never returned, kept by the mask and cleared by an empty value', async () => {
    const created = await createWebhook(alice, {
      name: 'Basic hook',
      url: 'https://example.com/hook',
      authType: 'basic',
      authUser: 'ada',
      authPassword: 'pa55-word-plain',
      authToken: 'token-plain-999',
      headers: { 'X-Api-Key': 'header-key-plain', Accept: 'text/plain' },
      signingSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    expect(created).toMatchObject({
      authUser: 'ada',
      authPassword: '********',
      authToken: '********',
      signingSecret: '********',
    });
    expect(JSON.parse(created.headers as string)).toEqual({
      'X-Api-Key': '********',
      Accept: 'text/plain',
    });

    const raw = await rawWebhook(created.id);
    for (const [column, plain] of [
      [raw!.authPassword, 'pa55-word-plain'],
      [raw!.authToken, 'token-plain-999'],
      [raw!.signingSecret, 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    ] as const) {
      expect(column).toMatch(/^enc:v1:[0-9a-f]{8}:/);
      expect(column).not.toContain(plain);
    }
    expect(raw!.headers).not.toContain('header-key-plain');
    expect(JSON.parse(raw!.headers)['X-Api-Key']).toMatch(/^enc:v1:/);

    const listed = JSON.stringify(await json(await api('GET', '/api/webhooks', alice)));
    for (const plain of ['pa55-word-plain', 'token-plain-999', 'header-key-plain', 'MfKQ9r8GK']) {
      expect(listed).not.toContain(plain);
    }

    const kept = await json<Webhook>(
      await api('PUT', `/api/webhooks/${created.id}`, alice, { ...created, authToken: '' }),
    );
    expect(kept).toMatchObject({ authPassword: '********', authToken: null });
    const after = await rawWebhook(created.id);
    expect(after!.authPassword).toBe(raw!.authPassword);
    expect(after!.headers).toBe(raw!.headers);
    expect(after!.authToken).toBeNull();
  });

  it('encrypts secret keys of authConfig and keeps them when the mask comes back', async () => {
    const created = await createIntegration(alice, {
      name: 'CRM',
      baseUrl: 'https://api.hubapi.com',
      authType: 'oauth',
      authConfig: {
        scopes: ['crm.objects.contacts.read'],
        accessToken: 'oauth-access-plain',
        clientSecret: 'client-secret-plain',
        tokenKey: 'Authorization',
      },
    });
    expect(JSON.parse(created.authConfig as string)).toEqual({
      scopes: ['crm.objects.contacts.read'],
      accessToken: '********',
      clientSecret: '********',
      tokenKey: 'Authorization',
    });
    const raw = await rawIntegration(created.id);
    expect(raw!.authConfig).not.toContain('oauth-access-plain');
    expect(raw!.authConfig).not.toContain('client-secret-plain');
    expect(JSON.parse(raw!.authConfig).accessToken).toMatch(/^enc:v1:/);

    const same = await api('PUT', `/api/integrations/${created.id}`, alice, created);
    expect(same.status).toBe(200);
    const after = await rawIntegration(created.id);
    expect(JSON.parse(after!.authConfig).accessToken).toBe(JSON.parse(raw!.authConfig).accessToken);
  });

  it('do not follow the address to another host unless entered again', async () => {
    const created = await createWebhook(alice);
    const moved = await api('PUT', `/api/webhooks/${created.id}`, alice, {
      ...created,
      url: 'https://attacker.example/collect',
    });
    expect(moved.status).toBe(400);
    expect((await json<{ error: string }>(moved)).error).toMatch(/do not move to a new host/);
    const samehost = await api('PUT', `/api/webhooks/${created.id}`, alice, {
      ...created,
      url: 'https://hooks.slack.com/services/T1/B2/OTHER',
    });
    expect(samehost.status).toBe(200);
    const reentered = await api('PUT', `/api/webhooks/${created.id}`, alice, {
      ...created,
      url: 'https://new.example/hook',
      authToken: 'a-new-token',
    });
    expect(reentered.status).toBe(200);
  });
});

describe('templates', () => {
  it('serves the 16 webhook templates with the spec auth mix', async () => {
    const response = await api('GET', '/api/webhooks/templates', alice);
    expect(response.status).toBe(200);
    const templates =
      await json<{ authType: string; method: string; url: string; headers: string }[]>(response);
    expect(templates).toHaveLength(16);
    const count = (type: string) => templates.filter((t) => t.authType === type).length;
    expect([count('none'), count('bearer'), count('custom'), count('basic')]).toEqual([6, 7, 1, 2]);
    for (const template of templates) {
      expect(template.method).toBe('POST');
      expect(template.url).toMatch(/^https:\/\//);
      expect(JSON.parse(template.headers)).toEqual(expect.any(Object));
    }
  });

  it('serves about 30 API templates with the section 9 limits and timeouts', async () => {
    const templates = await json<
      { id: string; rateLimitConfig: string; timeout: number; baseUrl: string }[]
    >(await api('GET', '/api/integrations/templates', alice));
    expect(templates.length).toBeGreaterThanOrEqual(28);
    const limits = (id: string) =>
      JSON.parse(templates.find((t) => t.id === id)!.rateLimitConfig) as Record<string, number>;
    expect(limits('slack')).toEqual({ maxRequestsPerMinute: 60 });
    expect(limits('sendgrid')).toEqual({ maxRequestsPerDay: 1_000_000 });
    expect(limits('github')).toEqual({ maxRequestsPerHour: 5000 });
    expect(limits('x')).toEqual({ maxRequestsPer15Min: 180 });
    expect(limits('linkedin')).toEqual({ maxRequestsPer24Hours: 100_000 });
    expect(limits('openai')).toEqual({ maxRequestsPerMinute: 60 });
    expect(limits('anthropic')).toEqual({ maxRequestsPerMinute: 60 });
    expect(limits('salesforce')).toEqual({ maxRequestsPerDay: 500_000 });
    expect(limits('hubspot')).toEqual({ maxRequestsPerDay: 100_000 });
    for (const template of templates) {
      expect([10_000, 15_000, 30_000, 60_000]).toContain(template.timeout);
    }
    const valid = await api('POST', '/api/integrations', alice, {
      ...templates.find((t) => t.id === 'openai'),
      name: 'From template',
    });
    expect(valid.status).toBe(201);
  });
});
