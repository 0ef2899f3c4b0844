import type { DatabaseHandle } from '@flows/db';

/**
 * Makes sure one worker at a time advances a run. On PostgreSQL this is a session advisory lock
 * on a reserved connection, so a worker that dies releases it with its connection; PGlite lives in
 * one process, where an in-memory set does the same.
 */
export type RunLocks = {
  /** Runs `work` holding the run's lock; returns false at once when another worker holds it. */
  tryWithLock: (taskId: string, work: () => Promise<void>) => Promise<boolean>;
};

export function createRunLocks(database: DatabaseHandle): RunLocks {
  const sql = database.sql;
  if (!sql) {
    const held = new Set<string>();
    return {
      tryWithLock: async (taskId, work) => {
        if (held.has(taskId)) return false;
        held.add(taskId);
        try {
          await work();
        } finally {
          held.delete(taskId);
        }
        return true;
      },
    };
  }
  return {
    tryWithLock: async (taskId, work) => {
      const connection = await sql.reserve();
      try {
        const [row] = await connection<{ locked: boolean }[]>`
          select pg_try_advisory_lock(hashtext(${taskId})) as locked`;
        if (!row?.locked) return false;
        try {
          await work();
        } finally {
          await connection`select pg_advisory_unlock(hashtext(${taskId}))`;
        }
        return true;
      } finally {
        connection.release();
      }
    },
  };
}
