import { spawn } from 'node:child_process';
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
import { createDatabase, loginAttempts, sessions } from '@flows/db';
import { afterAll, describe, expect, it } from 'vitest';
import { type Started, serverProcesses, stop } from './server-process';

// Start-up refusals and DATA_DIR hardening, checked on the real server process (main.ts).
const scratch = mkdtempSync(join(tmpdir(), 'flows-startup-'));
const { startServer, refusal, stopAll } = serverProcesses();

afterAll(async () => {
  await stopAll();
  rmSync(scratch, { recursive: true, force: true });
});

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
