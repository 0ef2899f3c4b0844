import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, signUp } from './flow-client';
import { createTestApp, serveOnNode } from './harness';

/**
 * GET queries are answered without tRPC's fetch adapter (src/trpc-queries.ts). Each request here
 * is sent twice: as a browser sends it, and with a JSON content type, which only the adapter
 * answers. Status, body and the headers a client reads must be the same, through Hono's
 * app.request and through a real Node server as `pnpm start` runs (the answers' headers are
 * added in a way of their own there).
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof serveOnNode>>;
let owner: Session;
let other: Session;
let taskId: string;

beforeAll(async () => {
  harness = await createTestApp();
  owner = await signUp(harness.app, 'trpc_owner');
  other = await signUp(harness.app, 'trpc_other');
  const created = await harness.app.request('/api/tasks', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: owner.cookie },
    body: JSON.stringify({ goal: 'Compare the two paths' }),
  });
  taskId = ((await created.json()) as { id: string }).id;
  server = await serveOnNode(harness.app);
});

afterAll(async () => {
  await server.close();
  await harness.close();
});

type Way = 'app.request' | 'a Node server';

async function answer(way: Way, path: string, headers: Record<string, string>) {
  const response =
    way === 'app.request'
      ? await harness.app.request(path, { headers })
      : await fetch(`${server.url}${path}`, { headers });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    vary: response.headers.get('vary'),
    body: await response.text(),
  };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('tRPC GET queries answer as tRPC’s adapter does', () => {
  const cases: [string, () => string, () => Session | null][] = [
    ['a public query', () => '/trpc/template.list', () => null],
    ['a batch of one', () => '/trpc/template.list?batch=1&input={}', () => null],
    ['who is signed in', () => '/trpc/auth.me', () => owner],
    ['a signed-out caller', () => '/trpc/auth.me', () => null],
    ['a protected query, signed in', () => '/trpc/task.list', () => owner],
    ['a protected query, signed out (401)', () => '/trpc/task.list', () => null],
    [
      'a query with input',
      () => `/trpc/task.steps?input=${input({ taskId, afterSeq: 0 })}`,
      () => owner,
    ],
    [
      "another user's task (404)",
      () => `/trpc/task.steps?input=${input({ taskId, afterSeq: 0 })}`,
      () => other,
    ],
    [
      'input the schema refuses (400)',
      () => `/trpc/task.steps?input=${input({ taskId: 'nope', afterSeq: -1 })}`,
      () => owner,
    ],
    [
      'a mixed batch (207)',
      () => `/trpc/template.list,task.list,task.steps?batch=1&input=${input({ 2: { taskId } })}`,
      () => null,
    ],
    ['input that is not JSON', () => '/trpc/task.steps?input={oops', () => owner],
    ['a batch input that is not an object', () => '/trpc/auth.me?batch=1&input=[1]', () => null],
    ['no such procedure', () => '/trpc/task.nothing', () => owner],
    ['a mutation over GET', () => '/trpc/task.clear', () => owner],
  ];

  const ways: Way[] = ['app.request', 'a Node server'];
  it.each(
    ways.flatMap((way) =>
      cases.map(([name, ...rest]) => [`${name} (${way})`, way, ...rest] as const),
    ),
  )('%s', async (_name, way, path, session) => {
    const cookie = session()?.cookie;
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const fast = await answer(way, path(), headers);
    const adapter = await answer(way, path(), { ...headers, 'content-type': 'application/json' });
    expect(fast).toEqual(adapter);
    expect(fast.vary).toBe('trpc-accept, accept');
  });

  it('answers a signed-in batch with each call’s data', async () => {
    const response = await harness.app.request('/trpc/auth.me,task.list?batch=1', {
      headers: { cookie: owner.cookie },
    });
    expect(response.status).toBe(200);
    const [me, tasks] = (await response.json()) as [
      { result: { data: { username: string } } },
      { result: { data: { id: string }[] } },
    ];
    expect(me.result.data.username).toBe('trpc_owner');
    expect(tasks.result.data.map((task) => task.id)).toEqual([taskId]);
  });
});
