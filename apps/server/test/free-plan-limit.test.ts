import { flowRuns, tasks } from '@flows/db';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './harness';

type Harness = Awaited<ReturnType<typeof createTestApp>>;
type Allowance = {
  perDay: number;
  used: number;
  remaining: number | null;
  nextRunAt: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const goal = { goal: 'Name three rivers', auto: false };
let model: ScriptedModel;
let counter = 0;

beforeAll(async () => {
  model = await startScriptedModel();
});
afterAll(() => model.close());

/** Requests from `address`, which the app believes because one proxy (TRUST_PROXY=1) says so. */
function client(harness: Harness, address: string, headers: Record<string, string> = {}) {
  const request = (path: string, method = 'GET', body?: unknown) =>
    harness.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    request,
    start: () => request('/api/flows', 'POST', goal),
    startOverTrpc: () => request('/trpc/flow.start', 'POST', goal),
    allowance: async () => json<Allowance>(await request('/api/flows/allowance')),
  };
}

async function signUp(harness: Harness, address: string): Promise<string> {
  const username = `free_${++counter}_${Date.now() % 100000}`;
  const response = await client(harness, address).request('/api/register', 'POST', {
    username,
    email: `${username}@example.com`,
    password: 'long password 1',
  });
  expect(response.status).toBe(201);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function expectLimitReached(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(DAY_MS / 1000 - 120);
  expect(retryAfter).toBeLessThanOrEqual(DAY_MS / 1000);
  const body = await json<{ error: string | { message: string } }>(response);
  const message = typeof body.error === 'string' ? body.error : body.error.message;
  expect(message).toMatch(
    /^The free plan allows 2 runs per 24 hours, and they are used up\. Your next run is possible at \d{4}-\d\d-\d\dT[\d:.]+Z \(in about 2[34] hours\)\.$/,
  );
}

describe('FREE_FLOWS_PER_DAY', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createTestApp(
      { MODEL_ENDPOINT: model.url, TRUST_PROXY: '1', FREE_FLOWS_PER_DAY: '2' },
      { flows: true },
    );
  });
  afterAll(() => harness.close());

  it("limits a visitor's runs per address over REST and tRPC, and says when the next is possible", async () => {
    const visitor = client(harness, '198.51.100.7');
    expect(await visitor.allowance()).toEqual({
      perDay: 2,
      used: 0,
      remaining: 2,
      nextRunAt: null,
    });
    expect((await visitor.start()).status).toBe(201);
    expect((await visitor.startOverTrpc()).status).toBe(200);

    await expectLimitReached(await visitor.start());
    await expectLimitReached(await visitor.startOverTrpc());
    const allowance = await visitor.allowance();
    expect(allowance).toMatchObject({ perDay: 2, used: 2, remaining: 0 });
    expect(Date.parse(allowance.nextRunAt!) - Date.now()).toBeGreaterThan(DAY_MS - 120_000);

    // Another address has its own allowance; the refused runs created nothing.
    expect((await client(harness, '198.51.100.8').start()).status).toBe(201);
    const recorded = await harness.database.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.clientAddress, '198.51.100.7'));
    expect(recorded).toHaveLength(2);
  });

  it('limits an account from any address, its API tokens included, and not its neighbours', async () => {
    const cookie = await signUp(harness, '203.0.113.1');
    const account = client(harness, '203.0.113.1', { cookie });
    expect((await account.start()).status).toBe(201);

    const token = await account.request('/api/tokens', 'POST', { name: 'script' });
    const { token: secret } = await json<{ token: string }>(token);
    const script = client(harness, '203.0.113.99', { authorization: `Bearer ${secret}` });
    expect((await script.start()).status).toBe(201);

    await expectLimitReached(await client(harness, '203.0.113.50', { cookie }).start());
    await expectLimitReached(await script.start());
    expect(await script.allowance()).toMatchObject({ used: 2, remaining: 0 });

    // A visitor at the same address, and another account, are not affected.
    expect((await client(harness, '203.0.113.1').start()).status).toBe(201);
    const neighbour = await signUp(harness, '203.0.113.1');
    expect((await client(harness, '203.0.113.1', { cookie: neighbour }).start()).status).toBe(201);
  });

  it('gives runs back 24 hours after they started, and then forgets visitors’ addresses', async () => {
    const address = '198.51.100.20';
    const visitor = client(harness, address);
    expect((await visitor.start()).status).toBe(201);
    expect((await visitor.start()).status).toBe(201);
    await expectLimitReached(await visitor.start());

    const dayAgo = new Date(Date.now() - DAY_MS - 60_000);
    await harness.database.db
      .update(tasks)
      .set({ createdAt: dayAgo })
      .where(eq(tasks.clientAddress, address));
    expect((await visitor.allowance()).remaining).toBe(2);
    expect((await visitor.start()).status).toBe(201);
    const old = await harness.database.db
      .select({ clientAddress: tasks.clientAddress })
      .from(tasks)
      .where(eq(tasks.createdAt, dayAgo));
    expect(old).toHaveLength(2);
    expect(old.every((row) => row.clientAddress === null)).toBe(true);
  });

  it("keeps signed-in users' runs free of addresses", async () => {
    const cookie = await signUp(harness, '192.0.2.44');
    const response = await client(harness, '192.0.2.44', { cookie }).start();
    const { taskId } = await json<{ taskId: string }>(response);
    const [row] = await harness.database.db
      .select({ clientAddress: tasks.clientAddress, run: flowRuns.taskId })
      .from(tasks)
      .innerJoin(flowRuns, eq(flowRuns.taskId, tasks.id))
      .where(eq(tasks.id, taskId));
    expect(row).toEqual({ clientAddress: null, run: taskId });
  });
});

describe('FREE_FLOWS_PER_DAY unset', () => {
  it('limits nothing, and the allowance says so', async () => {
    const harness = await createTestApp(
      { MODEL_ENDPOINT: model.url, TRUST_PROXY: '1' },
      { flows: true },
    );
    try {
      const visitor = client(harness, '198.51.100.30');
      for (let run = 0; run < 6; run++) expect((await visitor.start()).status).toBe(201);
      expect(await visitor.allowance()).toEqual({
        perDay: 0,
        used: 6,
        remaining: null,
        nextRunAt: null,
      });
    } finally {
      await harness.close();
    }
  });
});
