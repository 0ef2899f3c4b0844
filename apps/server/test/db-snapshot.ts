import type { Database } from '@flows/db';
import { sql } from 'drizzle-orm';

/** Row count and checksum of each table, by name. */
export type DatabaseSnapshot = Record<string, { rows: number; checksum: string }>;

// Tables whose rows belong to a user through a parent row rather than a user_id column.
const OWNED_THROUGH_PARENT = ['agent_steps', 'site_deploys', 'rate_limit_hits'];
// Bookkeeping a refused request may legitimately touch: sessions are extended on use.
const NOT_USER_DATA = ['sessions'];

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The tables holding what users own: users, every table with a user_id, and their children. */
export async function userOwnedTables(db: Database): Promise<string[]> {
  const found = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'user_id'`),
  ).map((row) => row.table_name);
  const tables = new Set(['users', ...found, ...OWNED_THROUGH_PARENT]);
  for (const table of NOT_USER_DATA) tables.delete(table);
  return [...tables].sort();
}

/**
 * The row count and an md5 checksum of every row of `tables`, taken in one statement: two equal
 * snapshots mean nothing was added, removed or changed.
 */
export async function databaseSnapshot(
  db: Database,
  tables: readonly string[],
): Promise<DatabaseSnapshot> {
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, count(*)::int as rows,
        md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as checksum
        from ${sql.identifier(table)} t`,
  );
  const rows = rowsOf<{ name: string; rows: number; checksum: string }>(
    await db.execute(sql.join(parts, sql` union all `)),
  );
  return Object.fromEntries(
    rows.map(({ name, rows: count, checksum }) => [name, { rows: Number(count), checksum }]),
  );
}
