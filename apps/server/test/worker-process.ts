import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The key the test app seals secrets with (see harness.ts), for workers that share its database. */
export const TEST_SECRET_KEY = '07'.repeat(32);

/**
 * `pnpm worker` processes started and killed by a test: one at a time, each with the environment
 * `env()` gives when it starts. Separate processes share a PostgreSQL server, so these tests need
 * DATABASE_URL.
 */
export function workerProcesses(env: () => Record<string, string>) {
  let worker: ChildProcess | undefined;
  return {
    start() {
      worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
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
