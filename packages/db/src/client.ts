import { fork } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { preparingAll } from './prepare-all';
import * as schema from './schema';

/** The drizzle API the rest of Flows uses, whichever database is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handed out by `db.transaction`: the same API, committed or rolled back as one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'postgres' | 'pglite';

/** An open database with its migrations applied. */
export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** The raw PGlite instance when embedded (pg-boss and LISTEN/NOTIFY use it). */
  pglite?: PGlite;
  /** The connection string and postgres.js client when on PostgreSQL. */
  url?: string;
  sql?: postgres.Sql;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; `null` keeps the embedded database in memory. */
  dataDir?: string | null;
  /** How long to keep trying to reach PostgreSQL before giving up (default 30 s). */
  connectTimeoutMs?: number;
};

/**
 * The database could not be opened at start-up (PostgreSQL unreachable, the embedded one not
 * created); the message is one line naming where and why.
 */
export class DatabaseConnectError extends Error {}

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
const createPgliteScript = fileURLToPath(new URL('./create-pglite.mjs', import.meta.url));
const casing = 'snake_case';

/**
 * Opens PostgreSQL (when a URL is given; waiting up to `connectTimeoutMs` for it to answer) or
 * PGlite, and applies the committed migrations. PGlite's folder is readable by the owner only.
 */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    await waitForPostgres(options.url, options.connectTimeoutMs ?? 30_000);
    // Single statements (nearly every query) share two connections: postgres.js pipelines the
    // queries that wait for one, sending those of the same moment in one write, which under load
    // costs far fewer system calls and wake-ups (of Flows and of PostgreSQL) than a connection
    // each. A transaction holds its connection for its length, so transactions have a pool of
    // their own: none waits behind another's statements, nor they behind it.
    const client = postgres(options.url, { max: 2, onnotice: () => {} });
    const transactions = postgres(options.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(preparingAll(client, transactions), { schema, casing });
    // drizzle sets how values are read and written on the client it is given: both pools alike
    // (in place: each connection keeps the parsers object it was made with).
    Object.assign(transactions.options.parsers, client.options.parsers);
    Object.assign(transactions.options.serializers, client.options.serializers);
    await migratePostgres(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      url: options.url,
      sql: client,
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), transactions.end({ timeout: 5 })]);
      },
    };
  }
  const dataDir = options.dataDir === null ? undefined : join(options.dataDir ?? '.data', 'pglite');
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    keepPrivate(dataDir);
    await createPgliteFolder(dataDir);
  }
  // Loaded only in this mode: a server on PostgreSQL never holds PostgreSQL-in-WebAssembly.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const pglite = new PGlite(dataDir);
  const db = drizzlePglite(pglite, { schema, casing });
  await migratePglite(db, { migrationsFolder });
  // PGlite unpacks its initial files, and writes some at every start, readable by everyone.
  if (dataDir) keepPrivate(dataDir);
  const close = async () => {
    await pglite.close();
    if (dataDir) keepPrivate(dataDir);
  };
  return { db, kind: 'pglite', pglite, close };
}

/**
 * Creates PGlite's folder (initdb and the migrations) in a child process when it holds no database
 * yet (PGlite's own test: no PG_VERSION). In the server, initdb would leave some 450 MB of
 * WebAssembly memory behind for good; the child takes it away when it exits. A failure is one
 * line (a DatabaseConnectError).
 */
async function createPgliteFolder(dataDir: string) {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  // Plain node, without the parent's flags (tsx's loader, say): the script is JavaScript.
  const child = fork(createPgliteScript, [dataDir, migrationsFolder], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let reason = '';
  child.on('message', (message: { error?: string }) => {
    reason = message.error ?? reason;
  });
  let code: number | null;
  let signal: NodeJS.Signals | null;
  try {
    // 'close' comes after the IPC channel has delivered the child's last message.
    [code, signal] = await once(child, 'close');
  } catch (error) {
    reason = (error as Error).message;
    [code, signal] = [1, null];
  }
  if (code === 0) return;
  if (!reason) reason = signal ? `stopped by ${signal}` : `exited with code ${code}`;
  throw new DatabaseConnectError(
    `Cannot create the embedded database in ${dataDir}: ${reason}`.replace(/\s+/g, ' ').trim(),
  );
}

/**
 * Makes a folder and everything in it private to its owner: folders 0700, files 0600. Symbolic
 * links are left alone (they are not followed). Returns the paths it could not change (owned by
 * someone else, say), so the caller can warn instead of refusing to start.
 */
export function restrictToOwner(path: string): string[] {
  try {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return [];
    const mode = stats.isDirectory() ? 0o700 : 0o600;
    if ((stats.mode & 0o777) !== mode) chmodSync(path, mode);
    if (!stats.isDirectory()) return [];
    return readdirSync(path).flatMap((entry) => restrictToOwner(join(path, entry)));
  } catch (error) {
    // Gone meanwhile (PGlite removes temporary files): nothing to protect.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? [] : [path];
  }
}

/** restrictToOwner, with one warning line when some paths stay open to others. */
function keepPrivate(path: string) {
  const stuck = restrictToOwner(path);
  if (stuck.length > 0) {
    console.warn(`Could not make ${stuck.length} file(s) under ${path} private, e.g. ${stuck[0]}`);
  }
}

// Failures that may pass while the server starts (or its name resolves): worth another try.
const RETRYABLE_CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P03', // the database system is starting up
  '53300', // too many connections
]);

const CONNECT_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  CONNECT_TIMEOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
};

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  const first = (error as { errors?: unknown[] } | null)?.errors?.[0];
  return first === undefined ? undefined : errorCode(first);
}

/** "connection refused (ECONNREFUSED)" or the server's own words, on one line. */
function describeConnectFailure(error: unknown): string {
  const code = errorCode(error);
  const known = code ? CONNECT_CAUSES[code] : undefined;
  const words = known ?? (error instanceof Error ? error.message : String(error));
  return `${words}${code ? ` (${code})` : ''}`.replace(/\s+/g, ' ').trim();
}

/**
 * Waits until PostgreSQL answers a query, retrying failures that may pass (refused, timed out,
 * starting up) for `timeoutMs`. Gives up with a DatabaseConnectError naming host, port and cause
 * (never the password), at once when retrying cannot help (wrong password, no such database).
 */
async function waitForPostgres(url: string, timeoutMs: number) {
  const started = Date.now();
  let pause = 250;
  for (;;) {
    const remaining = Math.max(timeoutMs - (Date.now() - started), 500);
    const probe = postgres(url, {
      max: 1,
      onnotice: () => {},
      connect_timeout: Math.min(remaining, 10_000) / 1000,
    });
    const where = probe.options.host
      .map((host, index) => `${host}:${probe.options.port[index] ?? probe.options.port[0]}`)
      .join(', ');
    try {
      await probe`select 1`;
      return;
    } catch (error) {
      const code = errorCode(error);
      const elapsed = Date.now() - started;
      if (!code || !RETRYABLE_CONNECT_CODES.has(code)) {
        throw new DatabaseConnectError(
          `Cannot use the database at ${where} (DATABASE_URL): ${describeConnectFailure(error)}`,
        );
      }
      if (elapsed >= timeoutMs) {
        const seconds = Math.round(elapsed / 100) / 10;
        throw new DatabaseConnectError(
          `Cannot connect to the database at ${where} (DATABASE_URL): ${describeConnectFailure(error)}; gave up after ${seconds} s (DATABASE_CONNECT_TIMEOUT_MS)`,
        );
      }
    } finally {
      await probe.end({ timeout: 0 }).catch(() => {});
    }
    const untilDeadline = timeoutMs - (Date.now() - started);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, Math.min(pause, untilDeadline))),
    );
    pause = Math.min(pause * 2, 2000);
  }
}

/** Rows of a raw `db.execute` result: postgres.js returns an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** Whether the database answers a trivial query. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether every migration this build ships has been applied to the database (drizzle records
 * them in drizzle.__drizzle_migrations).
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  const shipped = (journal as { entries: unknown[] }).entries.length;
  try {
    const result = await db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    return Number(rowsOf<{ applied: number }>(result)[0]?.applied ?? 0) >= shipped;
  } catch {
    return false;
  }
}

/** The server's version string, e.g. "PostgreSQL 15.19 ...". */
export async function databaseVersion(db: Database): Promise<string> {
  const result = await db.execute(sql`select version() as version`);
  return rowsOf<{ version: string }>(result)[0]?.version ?? 'unknown';
}
