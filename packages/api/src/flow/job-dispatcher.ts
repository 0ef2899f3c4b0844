import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import type { PgBoss } from 'pg-boss';
import postgres from 'postgres';

/** The channel that tells worker processes a flow job is waiting. */
export const FLOW_JOBS_CHANNEL = 'flow_jobs';

export type JobDispatcher = { stop: () => Promise<void> };

/** Jobs taken at one fetch: a few at a time, so a burst spreads over every worker with time. */
const TAKE_AT_ONCE = 4;
/**
 * The event loop's load is its busy share over the last LOAD_WINDOW_MS (while taking jobs, how
 * long the load of those just taken is given to show), sampled every SAMPLE_MS: a worker whose
 * jobs all wait on I/O shows time to spare within a sample or two and takes more.
 */
const LOAD_WINDOW_MS = 100;
const SAMPLE_MS = 10;
/**
 * A worker whose event loop was busier than this over the last sample takes no more jobs while
 * it has TAKE_AT_ONCE under way: they wait in the queue for a worker with time to spare, instead
 * of queueing up inside a busy one.
 */
const BUSY_LOOP = 0.9;

/**
 * Works a pg-boss queue on PostgreSQL with up to `capacity` jobs at once: one loop fetches a few
 * jobs at a time while there is room and this process has time for them (its event loop not
 * saturated), each job is completed (or failed, to be retried) on its own as soon as it ends, and
 * the loop fetches again once the load of the jobs it just took shows (LOAD_WINDOW_MS; a job
 * ending or announced meanwhile does not cut that short while TAKE_AT_ONCE are under way), when a
 * job ends, when a notification on FLOW_JOBS_CHANNEL says one was queued, or every `pollMs` (jobs
 * that start later, a lost notification). One fetch per wake-up, however many jobs are under way:
 * no herd of pollers, and a burst of announcements is not taken by whichever worker hears it
 * first.
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
  // Whether the loop waits for the load of the jobs it just took to show: a job queued or ended
  // meanwhile wakes it only once it is down to fewer than TAKE_AT_ONCE under way.
  let settling = false;
  const nudge = () => {
    if (!settling || inFlight.size < TAKE_AT_ONCE) poke();
  };

  const listener = postgres(options.url, { max: 1, onnotice: () => {} });
  await listener.listen(FLOW_JOBS_CHANNEL, nudge);

  const run = (job: { id: string; data: T }) => {
    startSampling();
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
        if (inFlight.size === 0) stopSampling();
        nudge();
      });
    inFlight.add(done);
  };

  // The share of the last LOAD_WINDOW_MS the event loop was busy, from the samples in that
  // window, taken while jobs are under way (an idle process is not woken to sample).
  let busy = 0;
  let samples: EventLoopUtilization[] = [];
  let sampler: NodeJS.Timeout | undefined;
  const hasTime = () => inFlight.size < TAKE_AT_ONCE || busy <= BUSY_LOOP;
  // Whether the loop waits because this process was busy: it looks again once it has time.
  let heldBack = false;
  function startSampling() {
    if (sampler) return;
    samples = [performance.eventLoopUtilization()];
    sampler = setInterval(() => {
      const now = performance.eventLoopUtilization();
      samples.push(now);
      if (samples.length > LOAD_WINDOW_MS / SAMPLE_MS + 1) samples.shift();
      busy = performance.eventLoopUtilization(now, samples[0]).utilization;
      if (heldBack && hasTime()) poke();
    }, SAMPLE_MS);
    sampler.unref();
  }
  function stopSampling() {
    clearInterval(sampler);
    sampler = undefined;
    busy = 0;
  }

  const loop = (async () => {
    while (!stopped) {
      heldBack = !hasTime();
      const room = heldBack ? 0 : Math.min(capacity - inFlight.size, TAKE_AT_ONCE);
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
      if (stopped) break;
      // More may be waiting: look again once the load of the jobs just taken shows.
      settling = full;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, full ? LOAD_WINDOW_MS : options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      settling = false;
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      stopSampling();
      poke();
      await loop;
      await Promise.allSettled(inFlight);
      await listener.end({ timeout: 2 });
    },
  };
}
