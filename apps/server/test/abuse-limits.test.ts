import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './flow-client';
import { createTestApp, json } from './harness';

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel();
});
afterAll(() => model.close());

type Harness = Awaited<ReturnType<typeof createTestApp>>;

/** An app working runs against the scripted model, behind one trusted proxy, with these limits. */
const appBehindProxy = (limits: Record<string, string>) =>
  createTestApp({ MODEL_ENDPOINT: model.url, TRUST_PROXY: '1', ...limits }, { flows: true });

/** A request from `address`, which the app believes because one proxy (TRUST_PROXY=1) says so. */
function from(address: string, headers: Record<string, string> = {}) {
  return { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers };
}

const goal = { goal: 'Name three rivers' };
const oneCall = { input: { prompt: 'Overall goal: x\n\nYour current task: Greet the user' } };

/** The message of a REST (`{ error }`) or tRPC (`{ error: { message } }`) error body. */
function errorMessage(body: { error?: string | { message?: string } }): string | undefined {
  return typeof body.error === 'string' ? body.error : body.error?.message;
}

describe('runs and model calls', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await appBehindProxy({
      RUNS_PER_HOUR_PER_ADDRESS: '2',
      RUNS_PER_HOUR_PER_USER: '3',
      MODEL_CALLS_PER_HOUR_PER_ADDRESS: '2',
      MODEL_CALLS_PER_HOUR_PER_USER: '3',
    });
  });
  afterAll(() => harness.close());

  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    harness.app.request(path, { method: 'POST', body: JSON.stringify(body), headers });

  async function expectRefused(response: Response, message: RegExp) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(errorMessage(await json<Parameters<typeof errorMessage>[0]>(response))).toMatch(message);
  }

  it("refuse a visitor's runs past the per-address limit, over REST and tRPC alike", async () => {
    expect((await post('/api/flows', goal, from('198.51.100.1'))).status).toBe(201);
    expect((await post('/trpc/flow.start', goal, from('198.51.100.1'))).status).toBe(200);

    const perAddress =
      /^Rate limit reached \(2 runs per hour per address\)\. Try again in \d+ s\.$/;
    await expectRefused(await post('/api/flows', goal, from('198.51.100.1')), perAddress);
    await expectRefused(await post('/trpc/flow.start', goal, from('198.51.100.1')), perAddress);
    // The limit is the address's, not everyone's.
    expect((await post('/api/flows', goal, from('198.51.100.2'))).status).toBe(201);
  });

  it('refuse a signed-in user past the per-user limit, from whichever address', async () => {
    const { cookie } = await signUp(harness.app, 'busy_user');
    for (const address of ['198.51.100.10', '198.51.100.11', '198.51.100.12']) {
      expect((await post('/api/flows', goal, from(address, { cookie }))).status).toBe(201);
    }
    await expectRefused(
      await post('/api/flows', goal, from('198.51.100.13', { cookie })),
      /\(3 runs per hour per user\)/,
    );
    // The refused run did not use up the fresh address's allowance.
    expect((await post('/api/flows', goal, from('198.51.100.13'))).status).toBe(201);
    expect((await post('/api/flows', goal, from('198.51.100.13'))).status).toBe(201);
  });

  it('count single model calls (POST /api/flow/run, flow.run) the same way', async () => {
    expect((await post('/api/flow/run', oneCall, from('198.51.100.20'))).status).toBe(200);
    expect((await post('/trpc/flow.run', oneCall, from('198.51.100.20'))).status).toBe(200);
    const perAddress = /\(2 model calls per hour per address\)/;
    await expectRefused(await post('/api/flow/run', oneCall, from('198.51.100.20')), perAddress);
    await expectRefused(await post('/trpc/flow.run', oneCall, from('198.51.100.20')), perAddress);

    const { cookie } = await signUp(harness.app, 'chatty_user');
    for (const address of ['198.51.100.21', '198.51.100.22', '198.51.100.23']) {
      expect((await post('/api/flow/run', oneCall, from(address, { cookie }))).status).toBe(200);
    }
    await expectRefused(
      await post('/api/flow/run', oneCall, from('198.51.100.24', { cookie })),
      /\(3 model calls per hour per user\)/,
    );
  });

  it('do not count requests refused for their input', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await post('/api/flows', { goal: ' ' }, from('198.51.100.30'))).status).toBe(400);
    }
    expect((await post('/api/flows', goal, from('198.51.100.30'))).status).toBe(201);
  });

  it('trust X-Forwarded-For only as far as TRUST_PROXY says', async () => {
    // One trusted proxy: the entry it appended counts; what the client wrote before it does not.
    for (const spoofed of ['203.0.113.1', '203.0.113.2']) {
      const headers = from(`${spoofed}, 198.51.100.40`);
      expect((await post('/api/flows', goal, headers)).status).toBe(201);
    }
    await expectRefused(
      await post('/api/flows', goal, from('203.0.113.3, 198.51.100.40')),
      /per address/,
    );
  });
});

describe('without TRUST_PROXY', () => {
  it('ignore X-Forwarded-For: every forged address is the same client', async () => {
    const harness = await createTestApp(
      { MODEL_ENDPOINT: model.url, RUNS_PER_HOUR_PER_ADDRESS: '2' },
      { flows: true },
    );
    try {
      const statuses: number[] = [];
      for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        const response = await harness.app.request('/api/flows', {
          method: 'POST',
          body: JSON.stringify(goal),
          headers: from(forged),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await harness.close();
    }
  });
});

describe('live feeds', () => {
  let harness: Harness;
  let tasks: string[];
  beforeAll(async () => {
    harness = await appBehindProxy({
      RUNS_PER_HOUR_PER_ADDRESS: '0',
      SSE_STREAMS_PER_ADDRESS: '2',
      SSE_STREAMS_PER_TASK: '3',
      SSE_STREAMS_TOTAL: '4',
    });
    tasks = [];
    for (let index = 0; index < 3; index++) {
      const response = await harness.app.request('/api/flows', {
        method: 'POST',
        body: JSON.stringify(goal),
        headers: from('192.0.2.99'),
      });
      tasks.push((await json<{ taskId: string }>(response)).taskId);
    }
  });
  afterAll(() => harness.close());

  type Feed = {
    status: number;
    body: unknown;
    retryAfter: string | null;
    close: () => Promise<void>;
  };

  /** Opens a feed over REST or the tRPC subscription; `close` ends it as a browser would. */
  async function openFeed(
    taskId: string,
    address: string,
    transport: 'rest' | 'trpc' = 'rest',
  ): Promise<Feed> {
    const path =
      transport === 'rest'
        ? `/api/tasks/${taskId}/events`
        : `/trpc/flow.events?input=${encodeURIComponent(JSON.stringify({ taskId }))}`;
    const response = await harness.app.request(path, { headers: from(address) });
    if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
      return {
        status: response.status,
        body: await response.json(),
        retryAfter: response.headers.get('retry-after'),
        close: async () => {},
      };
    }
    const reader = response.body!.getReader();
    await reader.read(); // the stream is live
    return { status: response.status, body: null, retryAfter: null, close: () => reader.cancel() };
  }

  async function closeAll(feeds: Feed[]) {
    for (const feed of feeds) await feed.close();
  }

  it('cap the feeds of one address over both transports, and free a slot when one closes', async () => {
    const [task] = tasks as [string];
    const open = [await openFeed(task, '192.0.2.1'), await openFeed(task, '192.0.2.1', 'trpc')];
    expect(open.map((feed) => feed.status)).toEqual([200, 200]);

    for (const transport of ['rest', 'trpc'] as const) {
      const refused = await openFeed(task, '192.0.2.1', transport);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe('5');
      expect(refused.body).toEqual({
        error:
          'Too many live feeds are open from your address (at most 2). Close one and try again.',
      });
    }
    const elsewhere = await openFeed(task, '192.0.2.2');
    expect(elsewhere.status).toBe(200);

    await open[0]!.close();
    const again = await openFeed(task, '192.0.2.1');
    expect(again.status).toBe(200);
    await closeAll([open[1]!, again, elsewhere]);
  });

  it('cap the feeds of one task', async () => {
    const [, task, other] = tasks as [string, string, string];
    const open = [
      await openFeed(task, '192.0.2.11'),
      await openFeed(task, '192.0.2.12'),
      await openFeed(task, '192.0.2.13', 'trpc'),
    ];
    expect(open.map((feed) => feed.status)).toEqual([200, 200, 200]);
    const refused = await openFeed(task, '192.0.2.14');
    expect(refused).toMatchObject({
      status: 429,
      body: { error: expect.stringMatching(/for this task \(at most 3\)/) },
    });
    const elsewhere = await openFeed(other, '192.0.2.14');
    expect(elsewhere.status).toBe(200);
    await closeAll([...open, elsewhere]);
  });

  it('cap the feeds of the whole server', async () => {
    const open: Feed[] = [];
    for (const [index, address] of ['192.0.2.21', '192.0.2.22', '192.0.2.23'].entries()) {
      open.push(await openFeed(tasks[index]!, address));
    }
    open.push(await openFeed(tasks[0]!, '192.0.2.21', 'trpc'));
    expect(open.map((feed) => feed.status)).toEqual([200, 200, 200, 200]);
    const refused = await openFeed(tasks[2]!, '192.0.2.24');
    expect(refused).toMatchObject({
      status: 429,
      body: { error: expect.stringMatching(/on this server \(at most 4\)/) },
    });
    await open.pop()!.close();
    const last = await openFeed(tasks[2]!, '192.0.2.24');
    expect(last.status).toBe(200);
    await closeAll([...open, last]);
  });

  it('hold no slot for a feed that is refused for another reason', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const missing = await openFeed('00000000-0000-4000-8000-000000000000', '192.0.2.31');
      expect(missing.status).toBe(404);
    }
    const open = [await openFeed(tasks[0]!, '192.0.2.31'), await openFeed(tasks[0]!, '192.0.2.31')];
    expect(open.map((feed) => feed.status)).toEqual([200, 200]);
    await closeAll(open);
  });
});

describe('tRPC batches', () => {
  it('hold at most 20 calls', async () => {
    const harness = await createTestApp();
    try {
      const batch = (size: number) =>
        harness.app.request(
          `/trpc/${Array.from({ length: size }, () => 'template.list').join(',')}?batch=1&input={}`,
        );
      const allowed = await batch(20);
      expect(allowed.status).toBe(200);
      expect(await json<unknown[]>(allowed)).toHaveLength(20);
      const refused = await batch(21);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain('Batch call exceeds maximum size');
    } finally {
      await harness.close();
    }
  });
});
