import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const benchDir = fileURLToPath(new URL('..', import.meta.url));
const compiledServer = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

/** A process the bench started, listening at `url`. */
export type Running = { child: ChildProcess; url: string; stop: () => Promise<void> };

/** Starts `node args` and waits until its output names the port it listens on. */
export async function startListening(
  args: string[],
  env: Record<string, string>,
  portPattern: RegExp,
): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: benchDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const found = portPattern.exec(output)?.[1];
      if (found) resolve(found);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited (${code}):\n${output}`)),
    );
  });
  // Keep draining its output (request logs) so the process never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The compiled Flows server (`pnpm start`'s dist/main.js) with `env` added. */
export function startFlows(env: Record<string, string>): Promise<Running> {
  return startListening(
    [compiledServer],
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
