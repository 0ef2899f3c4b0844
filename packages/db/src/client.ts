import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

/** The drizzle API the rest of Flows uses, whichever database is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

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
};

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
const casing = 'snake_case';

/** Opens PostgreSQL (when a URL is given) or PGlite, and applies the committed migrations. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const client = postgres(options.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema, casing });
    await migratePostgres(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      url: options.url,
      sql: client,
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dataDir = options.dataDir === null ? undefined : join(options.dataDir ?? '.data', 'pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  const db = drizzlePglite(pglite, { schema, casing });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

/** Rows of a raw `db.execute` result: postgres.js returns an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** The server's version string, e.g. "PostgreSQL 15.19 ...". */
export async function databaseVersion(db: Database): Promise<string> {
  const result = await db.execute(sql`select version() as version`);
  return rowsOf<{ version: string }>(result)[0]?.version ?? 'unknown';
}
