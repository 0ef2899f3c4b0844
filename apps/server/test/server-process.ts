import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

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
 * Real server processes (`src/main.ts`) started by a test: on a free port, with no model server
 * and without this process's DATABASE_URL and SECRET_KEY unless `env` gives them.
 */
export function serverProcesses() {
  const running: ChildProcess[] = [];

  function spawnServer(env: Record<string, string>) {
    const { DATABASE_URL: _unused, SECRET_KEY: _alsoUnused, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
