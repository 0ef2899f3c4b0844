import type postgres from 'postgres';

type Sql = postgres.Sql;
type Callback = (sql: Sql) => unknown;

/**
 * The postgres.js client as drizzle should see it: every query a prepared statement, and
 * transactions opened on `transactions` (by default the same client).
 *
 * drizzle asks postgres.js to prepare only the queries named with `.prepare(name)`; for every
 * other query with parameters postgres.js then asks the server for the parameters' types in a
 * round trip of its own before it runs the query (Parse, Describe and Flush; then Bind and
 * Execute). Prepared, a statement is described once per connection and later runs take one round
 * trip, as postgres.js does for its own queries by default. Transactions and savepoints hand
 * drizzle a client of their own, wrapped the same way.
 *
 * Each distinct text is one statement per connection (an `in` list is one per length); they go
 * with the connection when postgres.js replaces it, every 30 to 60 minutes.
 */
export function preparingAll(sql: Sql, transactions: Sql = sql): Sql {
  // Made once per client, not at every query: drizzle reads `unsafe` for each one it runs.
  const replaced = new Map<PropertyKey, unknown>([
    [
      'unsafe',
      (query: string, parameters?: unknown[], options?: object) =>
        sql.unsafe(query, parameters as never, { ...options, prepare: true }),
    ],
  ]);
  // The pool opens transactions, a transaction opens savepoints.
  for (const [key, client] of [
    ['begin', transactions],
    ['savepoint', sql],
  ] as const) {
    const open = Reflect.get(client, key) as ((...args: unknown[]) => unknown) | undefined;
    if (!open) continue;
    replaced.set(key, (...args: unknown[]) => {
      const callback = args.pop() as Callback;
      return open(...args, (inner: Sql) => callback(preparingAll(inner)));
    });
  }
  return new Proxy(sql, {
    get: (target, key, receiver) =>
      replaced.has(key) ? replaced.get(key) : Reflect.get(target, key, receiver),
  });
}
