import type { PgBoss } from 'pg-boss';
import postgres from 'postgres';

/** The channel that tells worker processes a flow job is waiting. */
export const FLOW_JOBS_CHANNEL = 'flow_jobs';

export type JobDispatcher = { stop: () => Promise<void> };

/**
 * Works a pg-boss queue on PostgreSQL with up to `capacity` jobs at once: one loop fetches as
 * many jobs as there is room for, each job is completed (or failed, to be retried) on its own as
 * soon as it ends, and the loop fetches again when a job ends, when a notification on
 * FLOW_JOBS_CHANNEL says one was queued, or every `pollMs` (jobs that start later, a lost
 * notification). One fetch per wake-up, however many jobs are under way: no herd of pollers.
 */
export async function startJobDispatcher<T extends object>(options: {
  boss: PgBoss;
  url: string;
  queue: string;
  capacity: number;
  pollMs: number;
  handle: (data: T) => Promise<void>;
  onError: (error: unknown) => void;
}): Promise<JobDispatcher> {
  const { boss, queue, capacity } = options;
  let stopped = false;
  let wake: (() => void) | null = null;
  const poke = () => wake?.();
  const inFlight = new Set<Promise<void>>();

  const listener = postgres(options.url, { max: 1, onnotice: () => {} });
  await listener.listen(FLOW_JOBS_CHANNEL, poke);

  const run = (job: { id: string; data: T }) => {
    const done = options
      .handle(job.data)
      .then(
        () => boss.complete(queue, job.id),
        (error: unknown) => {
          options.onError(error);
          const message = error instanceof Error ? error.message : String(error);
          return boss.fail(queue, job.id, { message });
        },
      )
      .then(
        () => {},
        (error: unknown) => options.onError(error),
      )
      .finally(() => {
        inFlight.delete(done);
        poke();
      });
    inFlight.add(done);
  };

  const loop = (async () => {
    while (!stopped) {
      const room = capacity - inFlight.size;
      let full = false;
      if (room > 0) {
        try {
          const jobs = await boss.fetch<T>(queue, { batchSize: room });
          for (const job of jobs) run(job);
          full = jobs.length === room;
        } catch (error) {
          options.onError(error);
        }
      }
      if (full || stopped) continue; // more may be waiting
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      poke();
      await loop;
      await Promise.allSettled(inFlight);
      await listener.end({ timeout: 2 });
    },
  };
}
