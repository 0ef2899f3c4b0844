import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from './harness';
import { type EntryPoints, entryArguments } from './server-process';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The key the test app seals secrets with (see harness.ts), for workers that share its database. */
export const TEST_SECRET_KEY = '07'.repeat(32);

/**
 * `pnpm worker` processes started and killed by a test: one at a time, each with the environment
 * `env()` gives when it starts. Separate processes share a PostgreSQL server, so these tests need
 * DATABASE_URL.
 */
export function workerProcesses(env: () => Record<string, string>, entryPoints: EntryPoints = {}) {
  let worker: ChildProcess | undefined;
  return {
    start() {
      worker = spawn(process.execPath, entryArguments('worker', entryPoints), {
        cwd: serverDir,
        env: { ...process.env, SECRET_KEY: TEST_SECRET_KEY, ...env() },
        stdio: 'ignore',
      });
    },
    /** Kills the worker at once (SIGKILL): nothing it was doing gets finished or recorded. */
    async kill() {
      const current = worker;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * A test file's stack for runs worked by separate processes: the scripted model, a database of
 * its own on the PostgreSQL server, an app that only queues runs, and `pnpm worker` processes;
 * `env` adds to both the app's and the workers' environment. Closed after the file's tests.
 */
export function useWorkerStack(
  options: { chunkDelayMs?: number; env?: () => Record<string, string> } = {},
) {
  const stack = {} as {
    model: ScriptedModel;
    database: DatabaseHandle;
    harness: Awaited<ReturnType<typeof createTestApp>>;
  };
  const env = () => ({
    MODEL_ENDPOINT: stack.model.url,
    FLOW_TIME_SCALE: '0.01',
    MODEL_TIMEOUT_MS: '5000',
    ...options.env?.(),
  });
  const workers = workerProcesses(() => ({ DATABASE_URL: stack.database.url!, ...env() }));
  beforeAll(async () => {
    stack.model = await startScriptedModel({ chunkDelayMs: options.chunkDelayMs });
    stack.database = await createTestDatabase();
    stack.harness = await createTestApp(
      { ...env(), FLOW_WORKER: 'false' },
      { flows: true, database: stack.database, runWorker: false },
    );
  });
  afterAll(async () => {
    await workers.kill();
    await stack.harness?.close();
    await stack.database?.close();
    await stack.model?.close();
  });
  return { stack, workers };
}
