import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@flows/db/testing';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowClient } from './flow-client';
import { createTestApp } from './harness';

// Separate worker processes share a PostgreSQL server; the embedded database belongs to one
// process, so this test needs DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const KILLS = 20;
const RUNS = 4;

describe.skipIf(!databaseUrl)('a worker killed mid-run', () => {
  let model: ScriptedModel;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let worker: ChildProcess | undefined;

  const env = () => ({
    ...process.env,
    DATABASE_URL: database.url!,
    MODEL_ENDPOINT: model.url,
    FLOW_TIME_SCALE: '0.01',
    MODEL_TIMEOUT_MS: '5000',
  });

  function startWorker() {
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverDir,
      env: env(),
      stdio: 'ignore',
    });
  }

  async function killWorker() {
    const current = worker;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    model = await startScriptedModel({ chunkDelayMs: 15 });
    database = await createTestDatabase();
    harness = await createTestApp(
      { MODEL_ENDPOINT: model.url, FLOW_TIME_SCALE: '0.01', FLOW_WORKER: 'false' },
      { flows: true, database, runWorker: false },
    );
  });
  afterAll(async () => {
    await killWorker();
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
    startWorker();
    for (let kill = 0; kill < KILLS; kill++) {
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 900));
      await killWorker();
      startWorker();
    }
    for (const taskId of taskIds) {
      const state = await client.waitFor(taskId, ['complete'], { timeoutMs: 120_000 });
      expect(state.tasks.every((task) => task.completed && !task.failed)).toBe(true);
      const steps = await client.steps(taskId);
      expect(steps.map((step) => step.seq)).toEqual(steps.map((_, index) => index + 1));
      const contents = steps.map((step) => step.content);
      const count = (text: string) => contents.filter((content) => content === text).length;
      expect(count("I've completed the task. Here's what I found.")).toBe(state.tasks.length);
      expect(contents.filter((content) => content.startsWith('Final answer'))).toHaveLength(1);
      expect(count(`I need to understand the goal: ${state.goal}`)).toBe(1);
    }
  }, 300_000);
});
