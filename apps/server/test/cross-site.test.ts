import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './flow-client';
import { createTestApp, serveOnNode } from './harness';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof serveOnNode>>;
let nodeUrl: string;
beforeAll(async () => {
  harness = await createTestApp();
  await signUp(harness.app, 'mallory');
  server = await serveOnNode(harness.app);
  nodeUrl = server.url;
});
afterAll(async () => {
  await server.close();
  await harness.close();
});

/** A login for the attacker's account, as a foreign page would send it: no cookie at all. */
const attackerLogin = JSON.stringify({ username: 'mallory', password: 'long password 1' });

function login(headers: Record<string, string>, body = attackerLogin) {
  return harness.app.request('/api/login', { method: 'POST', body, headers });
}

const json = { 'content-type': 'application/json' };

describe('cross-site requests without a cookie', () => {
  it.each([
    ['a foreign Origin', { ...json, origin: 'https://evil.example' }],
    ['Origin null (a sandboxed frame)', { ...json, origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { ...json, 'sec-fetch-site': 'cross-site' }],
  ])('refuse a login CSRF with %s: no session is started', async (_name, headers) => {
    const response = await login(headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Cross-site request refused' });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuse tRPC mutations the same way', async () => {
    for (const headers of [
      { ...json, origin: 'https://evil.example' },
      { ...json, 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await harness.app.request('/trpc/auth.login', {
        method: 'POST',
        body: attackerLogin,
        headers,
      });
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('pass from the app itself and from scripts, which send no Origin', async () => {
    for (const headers of [
      { ...json, origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      json,
    ]) {
      const response = await login(headers);
      expect(response.status).toBe(200);
    }
  });

  it("refuse the assistant's model call over a tRPC subscription from a foreign page, however the path is spelled", async () => {
    const input = encodeURIComponent(JSON.stringify({ input: { prompt: 'Spend a call' } }));
    for (const path of [
      '/trpc/flow.assist',
      '/trpc/flow.assist/',
      '/trpc//flow.assist',
      '/trpc/flow%2Eassist',
      '/trpc/system.model,flow.assist',
    ]) {
      const response = await harness.app.request(`${path}?input=${input}`, {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ error: 'Cross-site request refused' });
    }
  });

  it('leave reads alone: a foreign page may load public data', async () => {
    const response = await harness.app.request('/api/templates', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });
});

describe('REST bodies that are not JSON', () => {
  it.each([
    ['text/plain', attackerLogin],
    ['text/plain;charset=UTF-8', attackerLogin],
    ['application/x-www-form-urlencoded', 'username=mallory&password=long+password+1'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    ],
  ])('answer 415 to %s, with a JSON error', async (type, body) => {
    const response = await login({ 'content-type': type }, body);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: 'The request body must be JSON (application/json)',
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('answer 415 to a body without any content type', async () => {
    const response = await harness.app.request('/api/login', {
      method: 'POST',
      body: new Blob([attackerLogin]),
    });
    expect(response.status).toBe(415);
  });

  it('take application/json with parameters, and commands without a body', async () => {
    const withCharset = await login({ 'content-type': 'application/json; charset=utf-8' });
    expect(withCharset.status).toBe(200);
    const logout = await harness.app.request('/api/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
  });
});

/** Two ways in: Hono's app.request (most tests), and a real Node server as `pnpm start` runs. */
const ways: [string, () => (path: string, init?: RequestInit) => Promise<Response>][] = [
  ['app.request', () => (path, init) => Promise.resolve(harness.app.request(path, init))],
  ['a Node server', () => (path, init) => fetch(`${nodeUrl}${path}`, init)],
];

describe.each(ways)('response headers through %s', (_way, requester) => {
  const request = (path: string, init?: RequestInit) => requester()(path, init);

  it('give the web app a strict Content-Security-Policy', async () => {
    const response = await request('/dashboard');
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.get('frame-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    // Only styles may be inline (Mantine sets style attributes).
    expect([...directives].filter(([, values]) => values.includes("'unsafe-inline'"))).toEqual([
      ['style-src', ["'self'", "'unsafe-inline'"]],
    ]);
  });

  it('keep the preview frame in its own sandbox: scripts run, but on an opaque origin', async () => {
    const response = await request('/preview-frame');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox allow-scripts;/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('forbid storing API answers, errors and live feeds included', async () => {
    const paths = ['/api/templates', '/api/no-such-path', '/api/tasks', '/trpc/template.list'];
    for (const path of paths) {
      const response = await request(path);
      expect([path, response.headers.get('cache-control')]).toEqual([path, 'no-store']);
    }
    const refused = await request('/api/login', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect([refused.status, refused.headers.get('cache-control')]).toEqual([415, 'no-store']);
    // The web app's own files may be cached.
    expect((await request('/dashboard')).headers.get('cache-control')).toBe('no-cache');
  });

  it('protect every answer, tRPC answers included, and name its request id', async () => {
    for (const path of ['/api/health', '/api/templates', '/trpc/template.list', '/dashboard']) {
      const response = await request(path);
      const protective = ['x-frame-options', 'x-content-type-options', 'referrer-policy'].map(
        (name) => response.headers.get(name),
      );
      expect([path, ...protective]).toEqual([path, 'SAMEORIGIN', 'nosniff', 'no-referrer']);
      expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    }
    const named = await request('/api/health', { headers: { 'x-request-id': 'trace-7' } });
    expect(named.headers.get('x-request-id')).toBe('trace-7');
  });

  it('send no Strict-Transport-Security over plain http', async () => {
    for (const path of ['/', '/api/templates']) {
      const response = await request(path);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

it('sends Strict-Transport-Security when Flows is reached over https', async () => {
  const secure = await createTestApp({ PUBLIC_URL: 'https://flows.example' });
  try {
    const response = await secure.app.request('https://flows.example/api/templates');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  } finally {
    await secure.close();
  }
});
