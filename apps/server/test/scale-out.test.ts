import { rm } from 'node:fs/promises';
import { createTestDatabase } from '@flows/db/testing';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWholeRun, flowClient, overHttp } from './flow-client';
import { compileServer, type EntryPoints, type Started, serverProcesses } from './server-process';
import { TEST_SECRET_KEY, workerProcesses } from './worker-process';

const RUNS = 6;

// Separate processes share a PostgreSQL server, so this test needs DATABASE_URL.
// The processes run the compiled JavaScript, as `pnpm start` and `pnpm worker` do.
describe.skipIf(!process.env.DATABASE_URL)('two servers and two workers on one PostgreSQL', () => {
  let model: ScriptedModel;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const compiled: EntryPoints = {};
  const servers = serverProcesses(compiled);
  const env = () => ({
    DATABASE_URL: database.url!,
    MODEL_ENDPOINT: model.url,
    FLOW_TIME_SCALE: '0.01',
    SECRET_KEY: TEST_SECRET_KEY,
  });
  const workers = [workerProcesses(env, compiled), workerProcesses(env, compiled)];
  let started: Started[];

  beforeAll(async () => {
    compiled.compiledIn = await compileServer();
    model = await startScriptedModel({ chunkDelayMs: 5 });
    database = await createTestDatabase();
    const serverEnv = { ...env(), FLOW_WORKER: 'false', RUNS_PER_HOUR_PER_ADDRESS: '0' };
    started = await Promise.all([servers.startServer(serverEnv), servers.startServer(serverEnv)]);
    for (const worker of workers) worker.start();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()));
    await servers.stopAll();
    await database?.close();
    await model?.close();
    if (compiled.compiledIn) await rm(compiled.compiledIn, { recursive: true, force: true });
  });

  it('completes every run exactly once, its feed the same from either server', async () => {
    const clients = started.map((server) => flowClient(overHttp(server.baseUrl)));
    const taskIds: string[] = [];
    for (let index = 0; index < RUNS; index++) {
      taskIds.push(await clients[index % 2]!.start({ goal: `Scale-out note ${index}` }));
    }
    for (const [index, taskId] of taskIds.entries()) {
      const { steps } = await expectWholeRun(clients[(index + 1) % 2]!, taskId);
      expect(await clients[index % 2]!.steps(taskId)).toEqual(steps);
    }
  }, 180_000);
});
