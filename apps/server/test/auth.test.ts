import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './harness';

let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

type Session = { cookie: string };

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return harness.app.request(path, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The `name=value` part of the session cookie a response sets. */
function sessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('flows_session='));
  if (!header) throw new Error('no session cookie set');
  return header.split(';')[0]!;
}

async function register(username: string, extra: Record<string, string> = {}): Promise<Session> {
  const response = await post('/api/register', {
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery',
    ...extra,
  });
  expect(response.status).toBe(201);
  return { cookie: sessionCookie(response) };
}

const currentUser = (session?: Session) =>
  harness.app.request('/api/user', { headers: session ? { cookie: session.cookie } : {} });

describe('register', () => {
  it('creates the account, signs it in, and never returns the password hash', async () => {
    const response = await post('/api/register', {
      username: 'grace',
      email: 'grace@example.com',
      password: 'correct horse battery',
      displayName: 'Grace H.',
    });
    expect(response.status).toBe(201);
    const user = await json<Record<string, unknown>>(response);
    expect(user).toEqual({
      id: expect.any(String),
      username: 'grace',
      email: 'grace@example.com',
      displayName: 'Grace H.',
    });
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);

    const me = await currentUser({ cookie: sessionCookie(response) });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
  });

  it('refuses a username already taken, whatever the case', async () => {
    await register('linus');
    const sameName = await post('/api/register', {
      username: 'LINUS',
      email: 'other@example.com',
      password: 'long enough password',
    });
    expect(sameName.status).toBe(409);
    expect(await sameName.json()).toEqual({ error: 'That username is already taken' });
  });

  it('does not reveal whether an email is in use: a second account with it is made as usual', async () => {
    await register('ken');
    const fresh = await post('/api/register', {
      username: 'dennis',
      email: 'dennis@example.com',
      password: 'long enough password',
    });
    const sameEmail = await post('/api/register', {
      username: 'ken2',
      email: 'Ken@Example.com',
      password: 'long enough password',
    });
    expect(sameEmail.status).toBe(fresh.status);
    expect(sameEmail.status).toBe(201);
    expect(Object.keys(await json<object>(sameEmail))).toEqual(
      Object.keys(await json<object>(fresh)),
    );
    expect(sessionCookie(sameEmail)).toMatch(/^flows_session=/);
  });

  it.each([
    [{ email: 'a@example.com', password: 'long enough' }, 'Username is required'],
    [{ username: 'ab', email: 'a@example.com', password: 'long enough' }, 'at least 3'],
    [{ username: 'a b c', email: 'a@example.com', password: 'long enough' }, 'only letters'],
    [{ username: 'abc', email: 'nope', password: 'long enough' }, 'valid email'],
    [{ username: 'abc', email: 'a@example.com', password: 'short' }, 'at least 8'],
    [{ username: 'abc', email: 'a@example.com', password: 'x'.repeat(257) }, 'at most 256'],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const response = await post('/api/register', body);
    expect(response.status).toBe(400);
    const answer = await json<{ error: string; issues: unknown[] }>(response);
    expect(answer.error).toContain(message);
    expect(answer.issues.length).toBeGreaterThan(0);
  });

  it('names each problem of a field once', async () => {
    const response = await post('/api/login', { username: 123, password: [] });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Username is required',
      issues: [
        { path: 'username', message: 'Username is required' },
        { path: 'password', message: 'Password is required' },
      ],
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await post('/api/register', '{"username":');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The request body is not valid JSON' });
  });
});

describe('login and logout', () => {
  it('logs in, and logging out makes the old cookie worthless', async () => {
    await register('ada');
    const login = await post('/api/login', { username: 'Ada', password: 'correct horse battery' });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ username: 'ada' });
    const session = { cookie: sessionCookie(login) };
    expect((await currentUser(session)).status).toBe(200);

    const logout = await post('/api/logout', {}, { cookie: session.cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join()).toMatch(/flows_session=;/);
    const after = await currentUser(session);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'Not signed in' });
  });

  it('gives a new session on every login', async () => {
    await register('barbara');
    const first = sessionCookie(
      await post('/api/login', { username: 'barbara', password: 'correct horse battery' }),
    );
    const second = sessionCookie(
      await post('/api/login', { username: 'barbara', password: 'correct horse battery' }),
    );
    expect(second).not.toBe(first);
  });

  it('says the same thing for a wrong password and an unknown user', async () => {
    await register('edsger');
    const wrong = await post('/api/login', { username: 'edsger', password: 'not the password' });
    const unknown = await post('/api/login', { username: 'nobody', password: 'whatever123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid username or password' });
    expect(await unknown.json()).toEqual({ error: 'Invalid username or password' });
  });

  it('throttles after five failures with 429 and Retry-After, even for the right password', async () => {
    await register('margaret');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post('/api/login', { username: 'margaret', password: 'wrong-pass' });
      expect(response.status).toBe(401);
    }
    const sixth = await post('/api/login', { username: 'MARGARET', password: 'wrong-pass' });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await json<{ error: string }>(sixth)).toMatchObject({
      error: expect.stringMatching(/Too many failed logins/),
    });
    const right = await post('/api/login', {
      username: 'margaret',
      password: 'correct horse battery',
    });
    expect(right.status).toBe(429);
  });

  it('resets the failure count after a success', async () => {
    await register('katherine');
    for (let attempt = 1; attempt <= 4; attempt++) {
      await post('/api/login', { username: 'katherine', password: 'wrong-pass' });
    }
    const success = await post('/api/login', {
      username: 'katherine',
      password: 'correct horse battery',
    });
    expect(success.status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post('/api/login', { username: 'katherine', password: 'wrong-pass' });
      expect(response.status).toBe(401);
    }
  });

  it('answers 401 to /api/user for a visitor', async () => {
    expect((await currentUser()).status).toBe(401);
  });
});

describe('cross-site protection', () => {
  it('refuses a cookie-carrying POST from a foreign origin, and allows its own origin', async () => {
    const session = await register('tim');
    const foreign = await post(
      '/api/logout',
      {},
      {
        cookie: session.cookie,
        origin: 'https://evil.example',
      },
    );
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: 'Cross-site request refused' });
    expect((await currentUser(session)).status).toBe(200);

    const own = await post(
      '/api/logout',
      {},
      {
        cookie: session.cookie,
        origin: 'http://localhost',
      },
    );
    expect(own.status).toBe(200);
  });

  it('refuses tRPC mutations from a foreign origin too', async () => {
    const session = await register('vint');
    const response = await harness.app.request('/trpc/auth.logout', {
      method: 'POST',
      headers: { cookie: session.cookie, origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });

  it('lets scripts, which send no Origin, call without a cookie', async () => {
    const response = await post('/api/login', { username: 'nobody-here', password: 'whatever123' });
    expect(response.status).toBe(401);
  });
});

describe('tRPC twins', () => {
  it('registers and reads the user through /trpc with the same cookie rules', async () => {
    const response = await harness.app.request('/trpc/auth.register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'alan',
        email: 'alan@example.com',
        password: 'correct horse battery',
      }),
    });
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    const me = await harness.app.request('/trpc/auth.me', { headers: { cookie } });
    expect(await me.json()).toMatchObject({ result: { data: { username: 'alan' } } });
  });
});
