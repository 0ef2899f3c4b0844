import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, loginAttempts, sessions } from '@flows/db';
import { afterAll, describe, expect, it } from 'vitest';

// Start-up refusals and DATA_DIR hardening, checked on the real server process (main.ts).
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'flows-startup-'));
const running: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map(stop));
  rmSync(scratch, { recursive: true, force: true });
});

type Started = { child: ChildProcess; baseUrl: string; output: () => string };

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

/** Starts a server and resolves once it says where it listens. */
async function startServer(env: Record<string, string>): Promise<Started> {
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
}

/** Runs a server that is expected to refuse to start; resolves with its exit code and stderr. */
async function refusal(env: Record<string, string>) {
  const server = spawnServer(env);
  const started = Date.now();
  // A server that starts after all is stopped after a while, so the test fails instead of hanging.
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 45_000);
  const code = await new Promise<number | null>((resolve) => server.child.once('exit', resolve));
  clearTimeout(timer);
  return {
    code,
    stderr: server.stderr().trim(),
    stdout: server.stdout(),
    ms: Date.now() - started,
  };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Every path under `root` (itself included) that anyone but its owner may read or enter. */
function notPrivate(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stats = statSync(path);
    const mode = stats.mode & 0o777;
    if (mode !== (stats.isDirectory() ? 0o700 : 0o600)) {
      found.push(`${path} ${mode.toString(8)}`);
    }
    if (stats.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(root);
  return found;
}

const KEY = 'ab'.repeat(32);
const DAY_MS = 24 * 60 * 60 * 1000;

describe('DATA_DIR', { timeout: 90_000 }, () => {
  const dataDir = join(scratch, 'shared');
  let first: Started;

  it('is made private: the folder 0700, PGlite files and secret.key 0600, however they were', async () => {
    // A DATA_DIR from an older version: open to everyone, with a readable key.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'secret.key'), KEY, { mode: 0o644 });
    chmodSync(join(dataDir, 'secret.key'), 0o644);

    first = await startServer({ DATA_DIR: dataDir });
    const register = await fetch(`${first.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'private_files',
        email: 'p@example.com',
        password: 'correct horse battery',
      }),
    });
    expect(register.status).toBe(201);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('is locked: a second server on it refuses to start with one line, the first runs on', async () => {
    const second = await refusal({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(
      new RegExp(
        `^DATA_DIR ${dataDir} is in use by another Flows process \\(pid ${first.child.pid}\\)`,
      ),
    );
    expect(second.stderr.split('\n')).toHaveLength(1);
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
  });

  it('is released on a clean stop, and stays private after it', async () => {
    await stop(first.child);
    expect(existsSync(join(dataDir, 'flows.lock'))).toBe(false);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('is taken over when the process holding the lock has died', async () => {
    // Meanwhile the session from the first test grew too old, and an old login attempt lingers.
    const database = await createDatabase({ dataDir });
    await database.db.update(sessions).set({ createdAt: new Date(Date.now() - 31 * DAY_MS) });
    await database.db.insert(loginAttempts).values({
      key: 'address:192.0.2.1',
      failures: 3,
      windowStart: new Date(Date.now() - 2 * DAY_MS),
    });
    await database.close();

    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(join(dataDir, 'flows.lock'), `${dead.pid} 1\n`, { mode: 0o600 });
    const again = await startServer({ DATA_DIR: dataDir });
    expect((await fetch(`${again.baseUrl}/api/health`)).status).toBe(200);
    await stop(again.child);
  });

  it('had its expired sessions and old login attempts deleted at that start-up', async () => {
    const database = await createDatabase({ dataDir });
    try {
      expect(await database.db.select().from(sessions)).toEqual([]);
      expect(await database.db.select().from(loginAttempts)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('secret.key', { timeout: 90_000 }, () => {
  it.each([
    ['empty', '', /secret\.key is empty: it must hold 64 hexadecimal characters/],
    [
      'corrupt',
      'not a key at all',
      /secret\.key is corrupt: it must hold 64 hexadecimal characters/,
    ],
    ['cut short', 'ab'.repeat(20), /secret\.key is corrupt/],
  ])('that is %s stops start-up with one line', async (name, content, message) => {
    const dataDir = join(scratch, `key-${name.replace(/\W/g, '-')}`);
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'secret.key'), content, { mode: 0o600 });
    const result = await refusal({ DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.split('\n')).toHaveLength(1);
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('an unreachable DATABASE_URL', { timeout: 90_000 }, () => {
  it('is retried for DATABASE_CONNECT_TIMEOUT_MS, then named in one line with host, port and cause', async () => {
    const port = await closedPort();
    const result = await refusal({
      DATABASE_URL: `postgres://flows:hunter2-password@127.0.0.1:${port}/flows`,
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      SECRET_KEY: KEY,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^Cannot connect to the database at 127\\.0\\.0\\.1:${port} .*connection refused`),
    );
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr).not.toContain('hunter2');
    // It kept trying for the whole time allowed before it gave up.
    const gaveUpAfter = /gave up after ([\d.]+) s/.exec(result.stderr)?.[1];
    expect(Number(gaveUpAfter)).toBeGreaterThanOrEqual(1.5);
    expect(result.ms).toBeGreaterThanOrEqual(1500);
  });
});
