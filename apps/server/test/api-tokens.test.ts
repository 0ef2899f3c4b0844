import { createHash } from 'node:crypto';
import { deleteExpiredAuthRecords } from '@flows/api';
import { apiTokens } from '@flows/db';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './harness';

type Harness = Awaited<ReturnType<typeof createTestApp>>;
type Created = { id: string; name: string; token: string; createdAt: string; expiresAt: string };
type Listed = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
};

let model: ScriptedModel;
let harness: Harness;
let counter = 0;

beforeAll(async () => {
  model = await startScriptedModel();
  harness = await createTestApp({ MODEL_ENDPOINT: model.url }, { flows: true });
});
afterAll(async () => {
  await harness?.close();
  await model?.close();
});

function call(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return harness.app.request(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a new account and answers its session cookie. */
async function signUp(): Promise<{ cookie: string; username: string }> {
  const username = `tokens_${++counter}_${Date.now() % 100000}`;
  const response = await call('/api/register', {
    method: 'POST',
    body: { username, email: `${username}@example.com`, password: 'long password 1' },
  });
  expect(response.status).toBe(201);
  return { cookie: response.headers.getSetCookie()[0]!.split(';')[0]!, username };
}

async function createToken(cookie: string, body: Record<string, unknown> = { name: 'script' }) {
  const response = await call('/api/tokens', { method: 'POST', body, headers: { cookie } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<Created>(response);
}

describe('API tokens', () => {
  it('are created by a signed-in user, shown once, and stored only as a hash', async () => {
    const { cookie } = await signUp();
    const created = await createToken(cookie, { name: 'deploy script', expiresInDays: 30 });
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'name', 'token']);
    expect(created.name).toBe('deploy script');
    expect(created.token).toMatch(/^flows_[A-Za-z0-9_-]{40,}$/);
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);

    const [row] = await harness.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(created.token.startsWith(row!.prefix)).toBe(true);
    expect(row!.prefix.length).toBeLessThan(16);

    const list = await json<Listed[]>(await call('/api/tokens', { headers: { cookie } }));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: created.id, name: 'deploy script', lastUsedAt: null });
    expect(list[0]!.prefix).toBe(row!.prefix);
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it('without an expiry never expire, and visitors cannot create or list any', async () => {
    const { cookie } = await signUp();
    expect((await createToken(cookie)).expiresAt).toBeNull();
    const visitor = await call('/api/tokens', { method: 'POST', body: { name: 'x' } });
    expect(visitor.status).toBe(401);
    expect((await call('/api/tokens')).status).toBe(401);
  });

  it('refuse bad input with 400 naming the field', async () => {
    const { cookie } = await signUp();
    for (const body of [
      { name: '' },
      { name: 'x', expiresInDays: 0 },
      { name: 'x', expiresInDays: 1.5 },
    ]) {
      const response = await call('/api/tokens', { method: 'POST', body, headers: { cookie } });
      expect(response.status).toBe(400);
      expect((await json<{ error: string }>(response)).error).toMatch(/name|expiresInDays/i);
    }
  });

  it('act as their user over REST and tRPC, with no Origin check, and record their use', async () => {
    const { cookie, username } = await signUp();
    const { id, token } = await createToken(cookie);

    const me = await call('/api/user', { headers: bearer(token) });
    expect(me.status).toBe(200);
    expect((await json<{ username: string }>(me)).username).toBe(username);

    // A run started with the token belongs to the user: their session sees it in the history.
    const started = await call('/api/flows', {
      method: 'POST',
      body: { goal: 'Name three rivers', auto: false },
      headers: { ...bearer(token), origin: 'https://elsewhere.example' },
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const { taskId } = await json<{ taskId: string }>(started);
    const tasks = await json<{ id: string }[]>(await call('/api/tasks', { headers: { cookie } }));
    expect(tasks.map((task) => task.id)).toContain(taskId);
    // A session's history is answered as PostgreSQL wrote it; a token's, and tRPC's, through
    // task.list: all the same answer (the run waits for Execute, so it stands still).
    expect(tasks.find((task) => task.id === taskId)).toMatchObject({ status: 'running' });
    expect(await json(await call('/api/tasks', { headers: bearer(token) }))).toEqual(tasks);
    const trpcTasks = await call('/trpc/task.list', { headers: { cookie } });
    expect((await json<{ result: { data: unknown } }>(trpcTasks)).result.data).toEqual(tasks);

    const trpcMe = await call('/trpc/auth.me', { headers: bearer(token) });
    expect(
      (await json<{ result: { data: { username: string } } }>(trpcMe)).result.data.username,
    ).toBe(username);
    const trpcTask = await call('/trpc/task.create', {
      method: 'POST',
      body: { goal: 'From tRPC' },
      headers: { ...bearer(token), origin: 'https://elsewhere.example' },
    });
    expect(trpcTask.status).toBe(200);

    const [row] = await harness.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    const listed = await json<Listed[]>(await call('/api/tokens', { headers: { cookie } }));
    expect(listed[0]!.lastUsedAt).not.toBeNull();
  });

  it('ignore the session cookie sent alongside, and cookie requests keep the Origin check', async () => {
    const first = await signUp();
    const second = await signUp();
    const { token } = await createToken(second.cookie);
    const me = await call('/api/user', {
      headers: { ...bearer(token), cookie: first.cookie },
    });
    expect((await json<{ username: string }>(me)).username).toBe(second.username);

    const crossSite = await call('/api/tasks', {
      method: 'POST',
      body: { goal: 'x' },
      headers: { cookie: first.cookie, origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('cannot create or list tokens', async () => {
    const { cookie } = await signUp();
    const { token } = await createToken(cookie);
    const create = await call('/api/tokens', {
      method: 'POST',
      body: { name: 'another' },
      headers: bearer(token),
    });
    expect(create.status).toBe(403);
    expect((await json<{ error: string }>(create)).error).toMatch(/API tokens cannot create/);
    const list = await call('/api/tokens', { headers: bearer(token) });
    expect(list.status).toBe(403);
    const trpcList = await call('/trpc/token.list', { headers: bearer(token) });
    expect(trpcList.status).toBe(403);
    expect((await json<{ error: { message: string } }>(trpcList)).error.message).toMatch(
      /API tokens cannot list/,
    );
    // Nothing was created.
    expect(await json<Listed[]>(await call('/api/tokens', { headers: { cookie } }))).toHaveLength(
      1,
    );
  });

  it('answer 401 with a clear message once revoked, over REST and tRPC', async () => {
    const { cookie } = await signUp();
    const { id, token } = await createToken(cookie);
    expect((await call('/api/user', { headers: bearer(token) })).status).toBe(200);

    const revoked = await call(`/api/tokens/${id}`, { method: 'DELETE', headers: { cookie } });
    expect(revoked.status).toBe(200);
    expect(await json(revoked)).toEqual({ success: true });
    expect(await json<Listed[]>(await call('/api/tokens', { headers: { cookie } }))).toEqual([]);

    const rest = await call('/api/tasks', { headers: bearer(token) });
    expect(rest.status).toBe(401);
    expect((await json<{ error: string }>(rest)).error).toBe(
      'Invalid API token: it was revoked or never existed',
    );
    // Even a path visitors may use refuses a bad token rather than treating the caller as one.
    expect(
      (await call('/api/flows', { method: 'POST', body: { goal: 'x' }, headers: bearer(token) }))
        .status,
    ).toBe(401);
    const trpc = await call('/trpc/auth.me', { headers: bearer(token) });
    expect(trpc.status).toBe(401);
    expect((await json<{ error: { message: string } }>(trpc)).error.message).toMatch(
      /revoked or never existed/,
    );
    const empty = await call('/api/user', { headers: { authorization: 'Bearer' } });
    expect(empty.status).toBe(401);
    expect((await json<{ error: string }>(empty)).error).toMatch(/no token after Bearer/);
  });

  it('answer 401 saying so once expired', async () => {
    const { cookie } = await signUp();
    const { id, token } = await createToken(cookie, { name: 'short', expiresInDays: 1 });
    await harness.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    const response = await call('/api/user', { headers: bearer(token) });
    expect(response.status).toBe(401);
    expect((await json<{ error: string }>(response)).error).toMatch(/^This API token expired on /);
  });

  it('of another user cannot be revoked (404), and a token may revoke itself', async () => {
    const owner = await signUp();
    const other = await signUp();
    const { id, token } = await createToken(owner.cookie);
    const foreign = await call(`/api/tokens/${id}`, {
      method: 'DELETE',
      headers: { cookie: other.cookie },
    });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual({ error: 'Token not found' });
    const malformed = await call('/api/tokens/abc', {
      method: 'DELETE',
      headers: { cookie: owner.cookie },
    });
    expect(malformed.status).toBe(404);
    expect(await json(malformed)).toEqual({ error: 'Token not found' });
    expect((await call('/api/user', { headers: bearer(token) })).status).toBe(200);

    const itself = await call(`/api/tokens/${id}`, { method: 'DELETE', headers: bearer(token) });
    expect(itself.status).toBe(200);
    expect((await call('/api/user', { headers: bearer(token) })).status).toBe(401);
  });

  it('are deleted a week after they expired, not before', async () => {
    const { cookie } = await signUp();
    const old = await createToken(cookie, { name: 'old', expiresInDays: 1 });
    const recent = await createToken(cookie, { name: 'recent', expiresInDays: 1 });
    const { db } = harness.database;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await db
      .update(apiTokens)
      .set({ expiresAt: daysAgo(8) })
      .where(eq(apiTokens.id, old.id));
    await db
      .update(apiTokens)
      .set({ expiresAt: daysAgo(2) })
      .where(eq(apiTokens.id, recent.id));
    await deleteExpiredAuthRecords(db, 0);
    const left = await json<Listed[]>(await call('/api/tokens', { headers: { cookie } }));
    expect(left.map((token) => token.name)).toEqual(['recent']);
  });
});
