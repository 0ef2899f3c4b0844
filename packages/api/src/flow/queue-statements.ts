import type { Db } from 'pg-boss';
import type postgres from 'postgres';

/**
 * pg-boss's statements on the database's own statement connections, for the queue calls every run
 * makes (queueing it, taking it, completing it): postgres.js prepares each statement once per
 * connection and pipelines those of the same moment in one write. Through pg-boss's own pool
 * (node-postgres) each call was parsed and planned again, on a connection of its own, and woke a
 * PostgreSQL backend of its own. pg-boss's set-up and upkeep (several statements in one text)
 * keep its pool.
 */
export function queueStatements(client: postgres.Sql): Db {
  return {
    executeSql: async (text, values = []) => ({
      rows: await client.unsafe(text, values as postgres.ParameterOrJSON<never>[], {
        prepare: true,
      }),
    }),
  };
}
