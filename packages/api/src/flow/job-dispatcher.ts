import { createHash } from 'node:crypto';
import type { Db, PgBoss } from 'pg-boss';
import postgres from 'postgres';

/**
 * The channel on which pg-boss announces, in the transaction that queues them, jobs ready now on a
 * queue created with its `notify` option (the payload is the queue's name): pg-boss derives it
 * from its schema's name (`notifyChannelSql` in its plans; the dispatcher test checks it).
 */
const QUEUED_CHANNEL = `pgboss_${createHash('sha224').update('pgboss').digest('hex').slice(0, 24)}`;

export type JobDispatcher = { stop: () => Promise<void> };

/**
 * How the workers of a queue know each other: the application name of each one's listening
 * connection, counted in pg_stat_activity (a worker that dies drops out with its connection).
 */
export function workerName(queue: string): string {
  return `flows-worker:${queue}`;
}

/** The queue's jobs as every worker sees them, and how many workers share them. */
type QueueLoad = {
  workers: number;
  /** Jobs due and not taken. */
  ready: number;
  /** Jobs due and not taken for longer than a poll: left by a worker that is not taking. */
  waiting: number;
  /** Jobs taken and under way, by any worker. */
  active: number;
};

/**
 * Works a pg-boss queue on PostgreSQL with up to `capacity` jobs at once. Each time pg-boss
 * announces jobs queued ready (the queue must be created with its `notify` option), and every
 * `pollMs` (for jobs that start later, retries, or a lost notification), it looks at the queue
 * and takes its fair share of the queue's work: an even split of the jobs ready and under way
 * between the live workers, minus what it already holds, so that a burst is split evenly at once
 * however the announcements reach the workers, and each worker starts its share together. Jobs a
 * worker has left waiting for longer than a poll (it has stopped taking, or is full) are taken by
 * whoever looks next. Each job is completed (or failed, to be retried) on its own as soon as it
 * ends.
 */
export async function startJobDispatcher<T extends object>(options: {
  boss: PgBoss;
  /** Where the queue's statements run (see `queueStatements`). */
  db: Db;
  url: string;
  queue: string;
  capacity: number;
  pollMs: number;
  handle: (data: T) => Promise<void>;
  onError: (error: unknown) => void;
}): Promise<JobDispatcher> {
  const { boss, db, queue, capacity, pollMs } = options;
  let stopped = false;
  // Whether the queue may have changed since the last look (an announcement, a job that ended).
  let changed = true;
  let wake: (() => void) | null = null;
  const poke = () => {
    changed = true;
    wake?.();
  };
  // Whether the last look left ready jobs this worker could take once it holds fewer.
  let leftBehind = false;

  await indexActiveJobs(boss);
  const listener = postgres(options.url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: workerName(queue) },
  });
  await listener.listen(QUEUED_CHANNEL, (name) => {
    if (name === queue) poke();
  });

  const inFlight = new Set<Promise<void>>();
  const run = (job: { id: string; data: T }) => {
    const done = options
      .handle(job.data)
      .then(
        () => boss.complete(queue, job.id, null, { db }),
        (error: unknown) => {
          options.onError(error);
          const message = error instanceof Error ? error.message : String(error);
          return boss.fail(queue, job.id, { message }, { db });
        },
      )
      .then(
        () => {},
        (error: unknown) => options.onError(error),
      )
      .finally(() => {
        inFlight.delete(done);
        if (leftBehind) poke();
      });
    inFlight.add(done);
  };

  const look = async () => {
    const room = capacity - inFlight.size;
    leftBehind = false;
    if (room <= 0) {
      leftBehind = true;
      return;
    }
    const load = await queueLoad(db, queue, pollMs);
    const fairShare = Math.ceil((load.ready + load.active) / Math.max(1, load.workers));
    const share = Math.max(fairShare - inFlight.size, load.waiting);
    const take = Math.min(room, share, load.ready);
    leftBehind = load.ready > take;
    if (take <= 0) return;
    const jobs = await boss.fetch<T>(queue, { batchSize: take, db });
    for (const job of jobs) run(job);
  };

  const loop = (async () => {
    while (!stopped) {
      changed = false;
      try {
        await look();
      } catch (error) {
        options.onError(error);
      }
      if (stopped) break;
      if (changed) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
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

/**
 * The queue's active jobs are counted through an index of Flows' own on pg-boss's job table
 * (pg-boss indexes only the jobs not yet taken; completed ones stay for days). Created once, by
 * whichever worker starts first.
 */
async function indexActiveJobs(boss: PgBoss): Promise<void> {
  await boss.getDb().executeSql(`do $$ begin
    perform pg_advisory_xact_lock(hashtext('pgboss.job_flows_active'));
    if to_regclass('pgboss.job_flows_active') is null then
      create index job_flows_active on pgboss.job (name) where state = 'active';
    end if;
  end $$`);
}

/** One round trip: the live workers of `queue` and its jobs (pg-boss keeps them in pgboss.job). */
async function queueLoad(db: Db, queue: string, pollMs: number): Promise<QueueLoad> {
  const { rows } = await db.executeSql(
    `select
      (select count(*) from pg_stat_activity
        where datname = current_database() and application_name = $1)::int as workers,
      count(*)::int as ready,
      count(*) filter (where start_after <= now() - $3 * interval '1 ms')::int as waiting,
      (select count(*) from pgboss.job where name = $2 and state = 'active')::int as active
    from pgboss.job
    where name = $2 and state < 'active' and not blocked and start_after <= now()`,
    [workerName(queue), queue, pollMs],
  );
  return rows[0] as QueueLoad;
}
