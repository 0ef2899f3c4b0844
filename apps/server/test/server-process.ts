import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * How a test runs an entry point (`main`, `worker`): from the TypeScript sources through tsx,
 * or compiled by `scripts/build.ts` into a folder of the test's own, as `pnpm start` runs it.
 */
export type EntryPoints = { compiledIn?: string };

/** The node arguments that run `entry` as `entryPoints` say. */
export function entryArguments(entry: 'main' | 'worker', { compiledIn }: EntryPoints = {}) {
  return compiledIn
    ? ['--enable-source-maps', path.join(compiledIn, `${entry}.js`)]
    : ['--import', 'tsx', `src/${entry}.ts`];
}

/** Compiles the server as `pnpm build` does, into a fresh temporary folder. */
export async function compileServer(): Promise<string> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'flows-compiled-'));
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build.ts', outdir], {
    cwd: serverDir,
  });
  return outdir;
}

/** A server process that said where it listens. */
export type Started = { child: ChildProcess; baseUrl: string; output: () => string };

/** Stops a process (SIGTERM, then SIGKILL after 10 s) and waits until it has exited. */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Real server processes (`main`) started by a test: on a free port, with no model server and
 * without this process's DATABASE_URL and SECRET_KEY unless `env` gives them.
 */
export function serverProcesses(entryPoints: EntryPoints = {}) {
  const running: ChildProcess[] = [];

  function spawnServer(env: Record<string, string>) {
    const { DATABASE_URL: _unused, SECRET_KEY: _alsoUnused, ...inherited } = process.env;
    const child = spawn(process.execPath, entryArguments('main', entryPoints), {
      cwd: serverDir,
      env: {
        ...inherited,
        PORT: '0',
        HOST: '127.0.0.1',
        FLOW_TIME_SCALE: '0',
        MODEL_ENDPOINT: 'http://127.0.0.1:1/v1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    return { child, stdout: () => stdout, stderr: () => stderr };
  }

  return {
    /** Starts a server and resolves once it says where it listens. */
    async startServer(env: Record<string, string>): Promise<Started> {
      const server = spawnServer(env);
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const port = /port (\d+)\)/.exec(server.stdout())?.[1];
        if (port) {
          return {
            child: server.child,
            baseUrl: `http://127.0.0.1:${port}`,
            output: () => server.stdout() + server.stderr(),
          };
        }
        if (server.child.exitCode !== null) {
          throw new Error(`server exited while starting:\n${server.stdout()}${server.stderr()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`server did not start:\n${server.stdout()}${server.stderr()}`);
    },

    /** Runs a server that is expected to refuse to start; resolves with its exit code and output. */
    async refusal(env: Record<string, string>) {
      const server = spawnServer(env);
      const started = Date.now();
      // A server that starts after all is stopped after a while, so the test fails, not hangs.
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 45_000);
      const code = await new Promise<number | null>((resolve) =>
        server.child.once('exit', resolve),
      );
      clearTimeout(timer);
      return {
        code,
        stderr: server.stderr().trim(),
        stdout: server.stdout(),
        ms: Date.now() - started,
      };
    },

    /** Stops every server this test started. */
    stopAll: () => Promise.all(running.map(stop)),
  };
}
