import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';

const serverDir = fileURLToPath(new URL('../../../server', import.meta.url));
const webDist = fileURLToPath(new URL('../../dist/index.html', import.meta.url));
/** Screenshots and the server's log (gitignored). */
export const resultsDir = fileURLToPath(new URL('../../test-results', import.meta.url));

/** A running Flows server with its scripted model. */
export type Stack = {
  /** Where the browser opens the app, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The scripted OpenAI-compatible model the server calls (MODEL_ENDPOINT). */
  model: ScriptedModel;
  /** The server's stdout and stderr. */
  logFile: string;
  stop: () => Promise<void>;
};

export type StackOptions = {
  /** Extra environment for the server (overrides the defaults below). */
  env?: Record<string, string>;
  /** Names the log file, so several stacks do not share one. */
  name?: string;
  /** The scripted model's pause between streamed words, in ms (0: as fast as it can). */
  modelChunkDelayMs?: number;
};

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls /api/health until the server answers, failing early if the process ends. */
async function waitForHealth(baseUrl: string, server: ChildProcess, logFile: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      const log = await readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`The server exited with code ${server.exitCode} while starting:\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`The server did not answer ${baseUrl}/api/health within 60 s (log: ${logFile})`);
}

/** Ends the server process (SIGTERM, then SIGKILL after 10 s). */
async function stopProcess(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the scripted model and the real server (`apps/server/src/main.ts` through tsx) on a free
 * port with a fresh embedded database in a temporary DATA_DIR, FLOW_TIME_SCALE=0.05 and
 * MODEL_ENDPOINT pointing at the model; resolves once /api/health answers. The server serves the
 * web app from apps/web/dist, so build it first (`pnpm e2e` does).
 */
export async function startStack({
  env = {},
  name = 'server',
  modelChunkDelayMs = 0,
}: StackOptions = {}): Promise<Stack> {
  if (!existsSync(webDist)) {
    throw new Error(
      'apps/web/dist is missing: run `pnpm e2e` from the repository root (it builds).',
    );
  }
  await mkdir(resultsDir, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'flows-e2e-'));
  const model = await startScriptedModel({ chunkDelayMs: modelChunkDelayMs });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(resultsDir, `e2e-${name}.log`);
  const log = createWriteStream(logFile);

  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      FLOW_TIME_SCALE: '0.05',
      MODEL_ENDPOINT: model.url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  // Should the test run end without teardown (Ctrl-C), the server must not outlive it.
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    await stopProcess(server);
    log.end();
    await model.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, model, logFile, stop };
}
