import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const benchDir = fileURLToPath(new URL('..', import.meta.url));
/**
 * A compiled entry point measured (`main.js`, `worker.js`): `pnpm start`'s build, or another one
 * named by FLOWS_DIST (to compare two builds).
 */
export function compiled(entry: string): string {
  const dist =
    process.env.FLOWS_DIST ?? fileURLToPath(new URL('../../apps/server/dist', import.meta.url));
  return path.join(dist, entry);
}

/** A process the bench started, listening at `url`. */
export type Running = { child: ChildProcess; url: string; stop: () => Promise<void> };

/** Variables added to the bench's own environment; `undefined` removes one. */
export type Environment = Record<string, string | undefined>;

function environment(added: Environment): NodeJS.ProcessEnv {
  const env = { ...process.env, ...added };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

const logsDir = fileURLToPath(new URL('../results/logs/', import.meta.url));

/**
 * Starts `node args` with its output written to results/logs/<name>.log (a file, so the bench's
 * own event loop, autocannon's, never reads request logs), and waits until the output matches
 * `ready`; `match` is its first group.
 */
export async function startProcess(
  name: string,
  args: string[],
  env: Environment,
  ready: RegExp,
): Promise<Running & { match: string }> {
  await mkdir(logsDir, { recursive: true });
  const logFile = `${logsDir}${name}-${Date.now()}.log`;
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    cwd: benchDir,
    env: environment(env),
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exitCode: number | null = null;
  child.once('exit', (code) => {
    exitCode = code ?? -1;
  });
  let match: string | undefined;
  while (match === undefined) {
    const output = await readFile(logFile, 'utf8');
    const found = ready.exec(output);
    if (found) match = found[1] ?? '';
    else if (exitCode !== null)
      throw new Error(`${args.join(' ')} exited (${exitCode}):\n${output}`);
    else await sleep(50);
  }
  return {
    child,
    match,
    url: '',
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts `node args` and waits until its output names the port it listens on. */
export async function startListening(
  name: string,
  args: string[],
  env: Environment,
  portPattern: RegExp,
): Promise<Running> {
  const started = await startProcess(name, args, env, portPattern);
  return { ...started, url: `http://127.0.0.1:${started.match}` };
}

/** The compiled Flows server (`pnpm start`'s dist/main.js) with `env` added. */
export function startFlows(env: Environment): Promise<Running> {
  return startListening(
    'flows',
    [compiled('main.js')],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      MODEL_ENDPOINT: 'http://127.0.0.1:9/v1',
      RUNS_PER_HOUR_PER_ADDRESS: '0',
      RUNS_PER_HOUR_PER_USER: '0',
      ...env,
    },
    /port (\d+)\)/,
  );
}

/** The baseline: a bare Hono hello-world on @hono/node-server (bare-hono.mjs). */
export function startBareHono(): Promise<Running> {
  return startListening(
    'bare-hono',
    [fileURLToPath(new URL('./bare-hono.mjs', import.meta.url))],
    {},
    /listening on (\d+)/,
  );
}

/** Resident memory of a process, in MB (Linux /proc). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** CPU time a process has used so far, user and system, in seconds (Linux /proc). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Past the command name (in parentheses, which may hold spaces): utime and stime in ticks.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** Linux's USER_HZ, the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

/**
 * A fresh PostgreSQL database for one bench, dropped by `drop()`. The server named by
 * DATABASE_URL (default: the local one) is used.
 */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `flows_bench_${process.pid}_${Date.now()}`;
  const sql = postgres(admin.href, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
