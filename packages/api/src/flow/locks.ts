import type { DatabaseHandle } from '@flows/db';
import postgres from 'postgres';

/**
 * Makes sure one worker at a time advances a run. On PostgreSQL this is a session advisory lock
 * on a connection kept for locks alone, so a worker that dies releases its locks with that
 * connection; within the process a set of held runs keeps two advances of one run apart (a
 * session may take its own advisory lock again). PGlite lives in one process, where the set alone
 * does the same.
 */
export type RunLocks = {
  /** Runs `work` holding the run's lock; returns false when another worker holds it. */
  tryWithLock: (taskId: string, work: () => Promise<void>) => Promise<boolean>;
  /** Ends the lock connection (after the work holding locks has finished). */
  close: () => Promise<void>;
};

export function createRunLocks(database: DatabaseHandle): RunLocks {
  const held = new Set<string>();
  const url = database.url;
  if (!url) {
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
      close: async () => {},
    };
  }

  // One connection holds every lock of this process: taking and letting go of a lock is one
  // round trip each, and runs holding locks never take connections from the runs' own queries
  // or from HTTP requests. It never closes on its own (no idle timeout, no maximum lifetime),
  // which would let go of the locks; when it breaks (the database restarted, say) its locks are
  // gone with it, as with any session, and the next lock opens a new one.
  const connection = postgres(url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 10,
    idle_timeout: 0,
    max_lifetime: null,
  });
  return {
    tryWithLock: async (taskId, work) => {
      if (held.has(taskId)) return false;
      held.add(taskId);
      try {
        const [row] = await connection<{ locked: boolean }[]>`
          select pg_try_advisory_lock(hashtextextended(${taskId}, 0)) as locked`;
        if (!row?.locked) return false;
        try {
          await work();
        } finally {
          // A connection that broke meanwhile took the lock with it: nothing to let go of.
          await connection`select pg_advisory_unlock(hashtextextended(${taskId}, 0))`.catch(
            () => {},
          );
        }
        return true;
      } finally {
        held.delete(taskId);
      }
    },
    close: () => connection.end({ timeout: 5 }),
  };
}
