import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView, Step } from './flow-client';

// SIGTERM on the real server process (main.ts) while runs are under way, on the embedded
// database: the server stops taking work, finishes what it answers, checkpoints, exits 0 and
// lets go of DATA_DIR; the next process on it finishes every run.
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 5;
const STOP_WITHIN_MS = 15_000;

type Exit = { code: number | null; signal: NodeJS.Signals | null };
type NodeProcess = {
  child: ChildProcess;
  /** Everything it printed, stdout and stderr. */
  output: () => string;
  stderr: () => string;
  exited: Promise<Exit>;
};

const children: ChildProcess[] = [];

function spawnNode(args: string[], env: Record<string, string> = {}): NodeProcess {
  // The embedded database, whatever the suite runs on.
  const { DATABASE_URL: _unused, SECRET_KEY: _alsoUnused, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverDir,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, stderr: () => stderr, exited };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A local port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The state PGlite's pg_control records: 1 when it was shut down cleanly (checkpointed), 6 while
 * in production, which is what a process that exits without closing it leaves behind.
 */
function embeddedDatabaseState(dataDir: string): number {
  return readFileSync(join(dataDir, 'pglite', 'global', 'pg_control')).readUInt32LE(16);
}
const SHUT_DOWN_CLEANLY = 1;

describe.skipIf(process.platform === 'win32')('SIGTERM during runs', { timeout: 120_000 }, () => {
  let model: ScriptedModel;
  let port: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'flows-sigterm-'));
  const baseUrl = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    // Slow answers, so runs are mid-way when the signal comes.
    model = await startScriptedModel({ chunkDelayMs: 20 });
    port = await freePort();
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await model?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(): Promise<NodeProcess> {
    const server = spawnNode(['src/main.ts'], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      MODEL_ENDPOINT: model.url,
      MODEL_TIMEOUT_MS: '10000',
      FLOW_TIME_SCALE: '0.01',
    });
    await until(
      'the server runs',
      () => {
        if (server.child.exitCode !== null) {
          throw new Error(`server exited while starting:\n${server.output()}`);
        }
        return server.output().includes('Flows is running');
      },
      60_000,
    );
    return server;
  }

  const request = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl()}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
    });
  const post = (path: string, body: unknown) =>
    request(path, { method: 'POST', body: JSON.stringify(body) });
  const state = async (taskId: string) =>
    (await (await request(`/api/flows/${taskId}`)).json()) as RunView;
  const steps = async (taskId: string) =>
    (await (await request(`/api/tasks/${taskId}/steps`)).json()) as Step[];

  it('stops taking work, finishes what it answers, exits 0; a restart finishes every run', async () => {
    const first = await startServer();
    const taskIds: string[] = [];
    for (let index = 0; index < RUNS; index++) {
      const response = await post('/api/flows', { goal: `Write note ${index} about shutdowns` });
      expect(response.status).toBe(201);
      taskIds.push(((await response.json()) as { taskId: string }).taskId);
    }
    await until(
      'every run is under way',
      async () => (await Promise.all(taskIds.map(steps))).every((list) => list.length >= 3),
      60_000,
    );
    const before = await Promise.all(taskIds.map(steps));
    // Every run is cut mid-way.
    expect((await Promise.all(taskIds.map(state))).map((run) => run.status)).not.toContain(
      'complete',
    );

    // A live feed stays open; one model call over HTTP is under way when the signal comes.
    const feedResponse = await request(`/api/tasks/${taskIds[0]}/events`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(feedResponse.status).toBe(200);
    const feedEnded = (async () => {
      const reader = feedResponse.body!.getReader();
      try {
        while (!(await reader.read()).done) {}
      } catch {
        // Cut: as good as ended.
      }
      return Date.now();
    })();
    model.prepend({ match: /Shutdown probe/, reply: 'slow '.repeat(100).trim(), times: 1 });
    const probe = post('/api/flow/run', { input: { prompt: 'Shutdown probe: answer slowly' } });
    let probeAnsweredAt: number | undefined;
    void probe.then(
      () => (probeAnsweredAt = Date.now()),
      () => (probeAnsweredAt = Date.now()),
    );
    await until(
      'the model call is under way',
      () => model.requests.some((call) => call.prompt.includes('Shutdown probe')),
      10_000,
    );

    const signalledAt = Date.now();
    first.child.kill('SIGTERM');
    // New connections are refused at once, while the call under way goes on.
    await until('new connections are refused', async () => !(await accepts(port)), 5_000);
    expect(probeAnsweredAt).toBeUndefined();
    expect(first.child.exitCode).toBeNull();
    // A second signal (an impatient operator, a supervisor) does not cut the stop short.
    first.child.kill('SIGTERM');

    const answer = await probe;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { result: string }).result).toMatch(/^slow( slow)+$/);
    // The live feed, which never ends by itself, was ended at once, not waited for.
    expect(await feedEnded).toBeLessThan(probeAnsweredAt!);

    const exit = await first.exited;
    expect(exit, first.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(STOP_WITHIN_MS);
    expect(existsSync(join(dataDir, 'flows.lock'))).toBe(false);
    expect(embeddedDatabaseState(dataDir)).toBe(SHUT_DOWN_CLEANLY);

    // The next process on the same DATA_DIR and port finishes every run.
    const second = await startServer();
    for (const [index, taskId] of taskIds.entries()) {
      await until(
        `run ${index} completes`,
        async () => {
          const run = await state(taskId);
          return run.status === 'complete' && run.pendingWork === 0;
        },
        90_000,
      );
      const run = await state(taskId);
      expect(run.tasks.every((task) => task.completed && !task.failed)).toBe(true);
      const list = await steps(taskId);
      expect(list.map((step) => step.seq)).toEqual(list.map((_, at) => at + 1));
      // Nothing written before the stop was lost or rewritten.
      expect(list.slice(0, before[index]!.length)).toEqual(before[index]);
      const contents = list.map((step) => step.content);
      const count = (text: string) => contents.filter((content) => content === text).length;
      expect(count("I've completed the task. Here's what I found.")).toBe(run.tasks.length);
      expect(contents.filter((content) => content.startsWith('Final answer'))).toHaveLength(1);
      expect(count(`I need to understand the goal: ${run.goal}`)).toBe(1);
    }

    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, 'flows.lock'))).toBe(false);
    expect(embeddedDatabaseState(dataDir)).toBe(SHUT_DOWN_CLEANLY);
  });
});

describe('a stop that cannot finish', { timeout: 60_000 }, () => {
  it('names a resource that failed to close and goes on; one that hangs ends it with exit 1', async () => {
    const script = `
      import { closeOnSignals } from './src/process.ts';
      closeOnSignals(
        {
          'a failing resource': () => { throw new Error('it broke'); },
          'the next resource': () => console.log('closed the next resource'),
          'a stuck resource': () => new Promise(() => {}),
        },
        { timeoutMs: 500 },
      );
      setInterval(() => {}, 1000);
      console.log('ready');
    `;
    const stopping = spawnNode(['--input-type=module', '-e', script]);
    await until('handlers are in place', () => stopping.output().includes('ready'), 30_000);
    const signalledAt = Date.now();
    stopping.child.kill('SIGTERM');
    await until('the stop is under way', () => stopping.output().includes('stopping'), 5_000);
    stopping.child.kill('SIGINT');
    expect(await stopping.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(500);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(stopping.output()).toContain('closed the next resource');
    expect(stopping.stderr().trim().split('\n')).toEqual([
      'Could not close a failing resource: it broke',
      'Could not stop within 0.5 s: closing a stuck resource did not finish; exiting anyway',
    ]);
  });
});
