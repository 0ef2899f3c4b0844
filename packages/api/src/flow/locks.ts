import type { DatabaseHandle } from '@flows/db';
import pLimit from 'p-limit';
import postgres from 'postgres';

/**
 * Makes sure one worker at a time advances a run. On PostgreSQL this is a session advisory lock
 * on a connection of its own, so a worker that dies releases it with its connection; PGlite lives
 * in one process, where an in-memory set does the same.
 */
export type RunLocks = {
  /** Runs `work` holding the run's lock; returns false when another worker holds it. */
  tryWithLock: (taskId: string, work: () => Promise<void>) => Promise<boolean>;
};

/** Runs a process advances at once on PostgreSQL; each holds one lock connection. */
const MAX_RUNS_IN_PROCESS = 8;

export function createRunLocks(database: DatabaseHandle): RunLocks {
  if (!database.url) {
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

  // Each lock is held on a connection of its own, opened for it and closed after: one that broke
  // (the database restarted, say) is never handed out again, and runs holding locks never starve
  // the queries of the runs themselves or of HTTP requests.
  const limit = pLimit(MAX_RUNS_IN_PROCESS);
  const url = database.url;
  return {
    tryWithLock: (taskId, work) =>
      limit(async () => {
        const connection = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
        try {
          const [row] = await connection<{ locked: boolean }[]>`
            select pg_try_advisory_lock(hashtextextended(${taskId}, 0)) as locked`;
          if (!row?.locked) return false;
          await work();
          return true;
        } finally {
          // Closing the session releases its lock.
          await connection.end({ timeout: 5 });
        }
      }),
  };
}
