import type { Database } from '@flows/db';

/**
 * A query prepared once per database for the hot paths: drizzle builds its SQL once and
 * PostgreSQL plans it once per connection, instead of both on every request. `prepare` receives
 * the database and returns `query.prepare(name)` with `sql.placeholder`s for the inputs.
 */
export function preparedFor<Prepared>(prepare: (db: Database) => Prepared) {
  const byDatabase = new WeakMap<Database, Prepared>();
  return (db: Database): Prepared => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
