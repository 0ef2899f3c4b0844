import { createDatabase, type DatabaseHandle } from '@flows/db';
import { createTestDatabase, startDatabaseProxy } from '@flows/db/testing';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWholeRun, flowClient } from './flow-client';
import { createTestApp } from './harness';

const RUNS = 20;

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL restarted during runs', () => {
  let model: ScriptedModel;
  let database: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
  let appDatabase: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    model = await startScriptedModel({ chunkDelayMs: 10 });
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(database);
    appDatabase = await createDatabase({ url: proxy.url });
    harness = await createTestApp(
      {
        MODEL_ENDPOINT: model.url,
        FLOW_TIME_SCALE: '0.01',
        MODEL_TIMEOUT_MS: '5000',
        RUNS_PER_HOUR_PER_ADDRESS: '0',
        MODEL_CALLS_PER_HOUR_PER_ADDRESS: '0',
      },
      { flows: true, database: appDatabase },
    );
  });
  afterAll(async () => {
    await harness?.close();
    await appDatabase?.close();
    await proxy?.close();
    await database?.close();
    await model?.close();
  });

  it(`finishes all ${RUNS} runs in flight, no step lost or doubled`, async () => {
    const client = flowClient(harness.app);
    const taskIds = await Promise.all(
      Array.from({ length: RUNS }, (_, index) =>
        client.start({ goal: `Write note number ${index} about databases` }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    const before = await Promise.all(taskIds.map((taskId) => client.state(taskId)));
    expect(before.filter((state) => state.status === 'complete').length).toBeLessThan(RUNS);

    await proxy.restart(2000);

    for (const taskId of taskIds) await expectWholeRun(client, taskId);
  }, 180_000);
});
