import { sessions, users } from '@flows/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowClient, signUp } from './flow-client';
import { createTestApp, json } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;

let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

describe('input the database cannot store', () => {
  it('answers 400, never 500, for NUL characters and out-of-range numbers', async () => {
    const client = flowClient(harness.app);
    const nul = await client.post('/api/tasks', { goal: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(await json<{ error: string }>(nul)).toMatchObject({
      error: expect.stringContaining('cannot be stored'),
    });
    const register = await client.post('/api/register', {
      username: 'nul_user',
      email: 'nul@example.com',
      password: 'long password 1',
      displayName: 'B\u0000',
    });
    expect(register.status).toBe(400);

    const task = await json<{ id: string }>(await client.post('/api/tasks', { goal: 'Fine' }));
    const far = await client.request(`/api/tasks/${task.id}/steps?after=99999999999`);
    expect(far.status).toBe(400);
    expect((await harness.app.request('/sites/%00/')).status).toBe(404);
  });
});

describe('errors over tRPC', () => {
  it('carry no stack traces or internal details', async () => {
    const unauthorized = await harness.app.request('/trpc/task.list');
    expect(unauthorized.status).toBe(401);
    const text = await unauthorized.text();
    expect(text).not.toContain('stack');
    expect(text).not.toContain('.ts:');
  });

  it('refuse bodies over 1 MB like REST does', async () => {
    const response = await harness.app.request('/trpc/website.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Big', html: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});

describe('login throttle under parallel attempts', () => {
  it('lets at most five wrong passwords through, however many arrive at once', async () => {
    await signUp(harness.app, 'parallel_target');
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () =>
        flowClient(harness.app).post('/api/login', {
          username: 'parallel_target',
          password: 'wrong password',
        }),
      ),
    );
    const statuses = attempts.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});

describe('session refresh', () => {
  it('sends the extended cookie on tRPC answers too', async () => {
    const { cookie } = await signUp(harness.app, 'refresh_me');
    // A session in the second half of its life is extended by lucia on its next use.
    await harness.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000) });
    const response = await harness.app.request('/trpc/auth.me', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/flows_session=.+Max-Age=\d+/);
  });

  // The history's reads check the session in the history's own statement: the same rules hold.
  it.each(['/api/tasks', '/trpc/task.list'])('holds for the history read at %s', async (path) => {
    const username = path.startsWith('/api') ? 'rest_history' : 'trpc_history';
    const { cookie } = await signUp(harness.app, username);
    await flowClient(harness.app, { cookie }).post('/api/tasks', { goal: 'Kept goal' });
    const db = harness.database.db;
    const [owner] = await db.select().from(users).where(eq(users.username, username));
    const ofUser = eq(sessions.userId, owner!.id);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + DAY_MS) })
      .where(ofUser);
    const extended = await harness.app.request(path, { headers: { cookie } });
    expect(extended.status).toBe(200);
    expect(await extended.text()).toContain('Kept goal');
    expect(extended.headers.getSetCookie().join()).toMatch(/flows_session=.+Max-Age=\d+/);

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(ofUser);
    const expired = await harness.app.request(path, { headers: { cookie } });
    expect(expired.status).toBe(401);
    expect(await expired.text()).not.toContain('Kept goal');
    expect(expired.headers.getSetCookie().join()).toMatch(/flows_session=;.+Max-Age=0/);
  });
});

describe('API integration names', () => {
  it('are unique per user whatever the case, even when created at once', async () => {
    const owner = flowClient(harness.app, await signUp(harness.app, 'case_owner'));
    const create = (name: string) =>
      owner.post('/api/integrations', { name, baseUrl: 'https://api.example.com' });
    const statuses = (await Promise.all([create('Bar'), create('bar'), create('BAR')])).map(
      (response) => response.status,
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
  });
});
