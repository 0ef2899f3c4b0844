import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '@flows/db/testing';
import type { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_JOBS_CHANNEL, startJobDispatcher } from './job-dispatcher';

// The dispatcher listens for queued jobs on PostgreSQL (PGlite works its queue with pg-boss).
describe.skipIf(!process.env.DATABASE_URL)('the job dispatcher', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let notifier: postgres.Sql;
  beforeAll(async () => {
    database = await createTestDatabase();
    notifier = postgres(database.url!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await notifier?.end();
    await database?.close();
  });

  /** A queue of `count` jobs, recording when each fetch was made and how many it took. */
  function queueOf(count: number) {
    let left = count;
    const fetches: { at: number; took: number }[] = [];
    const boss = {
      fetch: async (_queue: string, { batchSize }: { batchSize: number }) => {
        const took = Math.min(batchSize, left);
        left -= took;
        fetches.push({ at: performance.now(), took });
        return Array.from({ length: took }, (_, index) => ({ id: `${left + index}`, data: {} }));
      },
      complete: async () => {},
      fail: async () => {},
    };
    return { boss: boss as unknown as PgBoss, fetches };
  }

  it('takes a few jobs at once, and more only once their load shows, however many are announced', async () => {
    const { boss, fetches } = queueOf(100);
    const dispatcher = await startJobDispatcher({
      boss,
      url: database.url!,
      queue: 'test',
      capacity: 100,
      pollMs: 5_000,
      // Jobs that wait on I/O: the process has time for more once that shows.
      handle: () => sleep(300),
      onError: (error) => {
        throw error;
      },
    });
    try {
      await expect.poll(() => fetches.length).toBe(1);
      const first = fetches[0]!;
      // More jobs are announced while the load of those just taken cannot show yet.
      for (let index = 0; index < 10; index++) {
        await notifier`select pg_notify(${FLOW_JOBS_CHANNEL}, '')`;
        await sleep(5);
      }
      const soon = fetches.filter((fetch) => fetch.at - first.at < 90);
      expect(soon).toEqual([first]);
      expect(first.took).toBe(4);
      // Once the window has shown an idle event loop, it takes more.
      await expect.poll(() => fetches.length).toBeGreaterThan(1);
      expect(fetches[1]!.at - first.at).toBeGreaterThanOrEqual(90);
    } finally {
      await dispatcher.stop();
    }
  });
});
