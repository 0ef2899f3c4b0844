import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, DatabaseConnectError, migrationsApplied } from './client';
import { notPrivate } from './private-files';
import { tasks } from './schema';

// fork as it is, watched: the test tells a database created in a child process from one
// created in this one.
vi.mock('node:child_process', async (original) => {
  const actual = await original<typeof import('node:child_process')>();
  return { ...actual, fork: vi.fn(actual.fork) };
});

describe('the first start on an empty DATA_DIR', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'flows-db-')), 'data');
    vi.mocked(fork).mockClear();
  });
  afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

  it('creates and migrates the database in a child process, private, then opens it', async () => {
    const first = await createDatabase({ dataDir });
    // initdb's WebAssembly memory went with the child: it ran create-pglite.mjs, once.
    expect(vi.mocked(fork).mock.calls.map(([script]) => String(script))).toEqual([
      expect.stringMatching(/create-pglite\.mjs$/),
    ]);
    expect(await migrationsApplied(first.db)).toBe(true);
    await first.db.insert(tasks).values({ goal: 'First start' });
    expect(notPrivate(dataDir)).toEqual([]);
    await first.close();

    // An existing database is opened in this process, as it is.
    const second = await createDatabase({ dataDir });
    expect(vi.mocked(fork)).toHaveBeenCalledTimes(1);
    expect((await second.db.select().from(tasks)).map((row) => row.goal)).toEqual(['First start']);
    await second.close();
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('fails with one line naming the folder and the cause when the database cannot be created', async () => {
    // A file where initdb makes a folder.
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite', 'base'), 'not a folder');
    const failure = await createDatabase({ dataDir }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseConnectError);
    expect((failure as Error).message).toBe(
      `Cannot create the embedded database in ${join(dataDir, 'pglite')}: file system error ENOTDIR (not a directory)`,
    );
  });

  it('keeps the in-memory database in this process', async () => {
    const handle = await createDatabase({ dataDir: null });
    expect(vi.mocked(fork)).not.toHaveBeenCalled();
    await handle.db.insert(tasks).values({ goal: 'In memory' });
    await handle.close();
  });
});
