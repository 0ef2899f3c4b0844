import { createTestDatabase } from '@flows/db/testing';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectWholeRun, flowClient } from './flow-client';
import { createTestApp } from './harness';
import { workerProcesses } from './worker-process';

// Separate worker processes share a PostgreSQL server; the embedded database belongs to one
// process, so this test needs DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;
const KILLS = 20;
const RUNS = 4;

describe.skipIf(!databaseUrl)('a worker killed mid-run', () => {
  let model: ScriptedModel;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  const workers = workerProcesses(() => ({
    DATABASE_URL: database.url!,
    MODEL_ENDPOINT: model.url,
    FLOW_TIME_SCALE: '0.01',
    MODEL_TIMEOUT_MS: '5000',
  }));

  beforeAll(async () => {
    model = await startScriptedModel({ chunkDelayMs: 15 });
    database = await createTestDatabase();
    harness = await createTestApp(
      { MODEL_ENDPOINT: model.url, FLOW_TIME_SCALE: '0.01', FLOW_WORKER: 'false' },
      { flows: true, database, runWorker: false },
    );
  });
  afterAll(async () => {
    await workers.kill();
    await harness?.close();
    await database?.close();
    await model?.close();
  });

  it(`completes every run with steps 1..n after ${KILLS} kills at random points`, async () => {
    const client = flowClient(harness.app);
    const taskIds: string[] = [];
    for (let index = 0; index < RUNS; index++) {
      taskIds.push(await client.start({ goal: `Write note number ${index} about resilience` }));
    }
    workers.start();
    for (let kill = 0; kill < KILLS; kill++) {
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 900));
      await workers.kill();
      workers.start();
    }
    for (const taskId of taskIds) await expectWholeRun(client, taskId);
  }, 300_000);
});
