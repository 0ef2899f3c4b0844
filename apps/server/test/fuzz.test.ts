import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startScriptedModel } from '@flows/scripted-model';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseSnapshot, databaseSnapshot, userOwnedTables } from './db-snapshot';
import { type Session, signUp } from './flow-client';
import { buildRequest, type FuzzWorld, fuzzedRoutes, fuzzRequest } from './fuzz-requests';
import { createTestApp, json } from './harness';

/**
 * Fuzzing of every REST path with fast-check: bodies (deeply nested JSON, huge strings, bytes
 * that are not UTF-8), query strings, headers, content types, path parameters and methods.
 * Whatever arrives, the server never answers 5xx; every 4xx under /api is a JSON `{ error }`;
 * and a refused request leaves what users own in the database exactly as it was.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);

/** An outside service to execute against: answers at once, with deep JSON under /deep. */
async function startTarget() {
  const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
  const server = createServer((request, response) => {
    request.resume();
    // No keep-alive: a connection the target closes while idle cannot race a reused request.
    response.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    response.end(request.url?.includes('deep') ? deep : '{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const model = await startScriptedModel({ rules: [{ match: /[\s\S]*/, reply: 'Fuzzed answer' }] });
const target = await startTarget();
const harness = await createTestApp(
  { ALLOW_PRIVATE_TARGETS: 'true', MODEL_ENDPOINT: model.url, MODEL_TIMEOUT_MS: '2000' },
  { flows: true, runWorker: false },
);

/** The app's own route table: every REST path is fuzzed, including ones added later. */
const routes = fuzzedRoutes(harness.app.routes);

/** Rows that exist, by the kind of path that takes them, and the local services. */
const world: FuzzWorld = { ids: {}, targetUrl: target.url, modelUrl: model.url };
const { ids } = world;
/** The executing user's webhooks and integration, which reach the local target. */
const executorIds: Record<string, string[]> = {};
let owner: Session;
let executor: Session;
let tables: string[];
let fixtures = 0;

async function create(session: Session, path: string, body: object): Promise<string> {
  const response = await harness.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie },
    body: JSON.stringify(body),
  });
  const answer = await json<{ id?: string; taskId?: string; siteId?: string }>(response);
  const id = answer.id ?? answer.taskId ?? answer.siteId;
  if (response.status >= 300 || !id) throw new Error(`${path}: ${response.status}`);
  return id;
}

/**
 * A fresh row of each kind for the owner, so every route meets rows that exist even after
 * earlier routes deleted theirs (history cleared, sites unpublished).
 */
async function ownerFixtures() {
  fixtures += 1;
  const taskId = await create(owner, '/api/tasks', { goal: 'Fuzzed goal' });
  // Runs count against the per-hour run limits, which fuzzed requests may have used up.
  const run = await create(owner, '/api/flows', { goal: 'A run', auto: false }).catch(() => null);
  ids.tasks = [taskId, run ?? ids.tasks?.[1] ?? taskId];
  ids.webhooks = [
    await create(owner, '/api/webhooks', { name: 'Owned', url: 'https://example.com/hook' }),
    ...(executorIds.webhooks ?? []),
  ];
  ids.integrations = [
    await create(owner, '/api/integrations', {
      name: `Owned ${fixtures}`,
      baseUrl: 'https://example.com',
    }),
    ...(executorIds.integrations ?? []),
  ];
  ids.websites = [
    await create(owner, '/api/websites', { name: 'Site', html: '<p>hi</p>', taskId }),
  ];
  ids.sites = [await create(owner, '/api/local/sites', { name: 'Fuzz site' })];
  const deployed = await harness.app.request(`/api/websites/${ids.websites[0]}/deploy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: owner.cookie },
    body: JSON.stringify({ siteId: ids.sites[0] }),
  });
  const { deployUrl } = await json<{ deployUrl: string }>(deployed);
  ids.slugs = [new URL(deployUrl).pathname.split('/').filter(Boolean).at(-1) ?? 'none'];
}

beforeAll(async () => {
  owner = await signUp(harness.app, 'fuzz_owner');
  // The executor's session is only used to execute its items, so no fuzzed update can point
  // them at a slow or unreachable address.
  executor = await signUp(harness.app, 'fuzz_executor');
  executorIds.webhooks = [
    await create(executor, '/api/webhooks', { name: 'POST', url: `${target.url}/hook` }),
    await create(executor, '/api/webhooks', {
      name: 'GET',
      url: `${target.url}/get`,
      method: 'GET',
    }),
  ];
  executorIds.integrations = [
    await create(executor, '/api/integrations', { name: 'Target', baseUrl: target.url }),
  ];
  tables = await userOwnedTables(harness.database.db);
});

afterAll(async () => {
  await harness.close();
  await target.close();
  await model.close();
});

/** What a failing case was, short enough to read. */
function describeCase(request: Request, status: number, answer: string): string {
  const sent = `${request.method} ${request.url.slice(0, 200)}`;
  const headers = [...request.headers].map(([name, value]) => `${name}: ${value.slice(0, 80)}`);
  return `${sent} [${headers.join('; ')}] -> ${status}: ${answer.slice(0, 300)}`;
}

const snapshot = (): Promise<DatabaseSnapshot> => databaseSnapshot(harness.database.db, tables);

it('fuzzes every REST path of the route table', () => {
  expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
    expect.arrayContaining([
      'POST /api/webhooks',
      'PUT /api/integrations/:id',
      'POST /api/integrations/:id/execute',
      'POST /api/flows',
      'POST /api/register',
      'GET /api/tasks/:id/events',
      'GET /sites/:slug/',
    ]),
  );
  expect(routes.length).toBeGreaterThan(35);
});

it('treats a session cookie with malformed escapes as no session, never a 500', async () => {
  for (const cookie of ['flows_session=%', 'flows_session=%E0%A4%A', 'flows_session=a%zz']) {
    const user = await harness.app.request('/api/user', { headers: { cookie } });
    expect({ cookie, status: user.status }).toEqual({ cookie, status: 401 });
    const task = await harness.app.request('/api/tasks', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ goal: 'As a visitor' }),
    });
    expect({ cookie, status: task.status }).toEqual({ cookie, status: 201 });
  }
});

it.each(routes)(
  '$method $path: never 5xx, always a JSON error, and a refusal changes nothing',
  async (route) => {
    await ownerFixtures();
    await fc.assert(
      fc.asyncProperty(fuzzRequest(route, world), async (input) => {
        const built = buildRequest(input, world, {
          visitor: undefined,
          owner: owner.cookie,
          executor: executor.cookie,
          forged: undefined,
        });
        if (!built) return;
        const before = await snapshot();
        const response = await harness.app.request(built);
        const eventStream = response.headers.get('content-type')?.includes('text/event-stream');
        const answer = eventStream ? '' : await response.text();
        if (eventStream) await response.body?.cancel();
        const what = describeCase(built, response.status, answer);
        expect(response.status, what).toBeLessThan(500);
        if (response.status < 400) return;
        if (new URL(built.url).pathname.startsWith('/api/')) {
          expect(response.headers.get('content-type'), what).toMatch(/^application\/json/);
          const error = (JSON.parse(answer) as { error?: unknown }).error;
          expect(typeof error === 'string' && error.length > 0, what).toBe(true);
        }
        expect(await snapshot(), what).toEqual(before);
      }),
      { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
  },
);
