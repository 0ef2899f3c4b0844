import { createTestDatabase } from '@flows/db/testing';
import { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type JobDispatcher, startJobDispatcher, workerName } from './job-dispatcher';
import { queueStatements } from './queue-statements';

// The dispatcher listens for queued jobs on PostgreSQL (PGlite works its queue with pg-boss).
describe.skipIf(!process.env.DATABASE_URL)('the job dispatcher', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const stops: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    while (stops.length > 0) await stops.pop()!();
  });
  afterAll(async () => {
    await database?.close();
  });

  let queues = 0;
  /** A fresh queue, with a queue handle for each worker process. */
  async function queueFor(workers: number) {
    const queue = `test-${++queues}`;
    const bosses = Array.from(
      { length: workers },
      () =>
        new PgBoss({ connectionString: database.url!, max: 2, schedule: false, supervise: false }),
    );
    for (const boss of bosses) {
      await boss.start();
      stops.push(() => boss.stop({ graceful: false }));
    }
    // As Flows' queue is: pg-boss announces the jobs queued ready.
    await bosses[0]!.createQueue(queue, { notify: true });
    return { queue, bosses };
  }

  /** A worker whose jobs stay under way until `release`, recording how many each fetch took. */
  async function worker(boss: PgBoss, queue: string, pollMs = 300) {
    const fetches: number[] = [];
    const fetch = boss.fetch.bind(boss);
    boss.fetch = (async (name: string, options: { batchSize: number }) => {
      const jobs = await fetch(name, options);
      if (jobs.length > 0) fetches.push(jobs.length);
      return jobs;
    }) as typeof boss.fetch;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken = 0;
    const dispatcher: JobDispatcher = await startJobDispatcher({
      boss,
      db: queueStatements(database.sql!),
      url: database.url!,
      queue,
      capacity: 100,
      pollMs,
      handle: async () => {
        taken++;
        await released;
      },
      onError: (error) => {
        throw error;
      },
    });
    stops.push(async () => {
      release();
      await dispatcher.stop();
    });
    return { fetches, taken: () => taken };
  }

  async function queueJobs(boss: PgBoss, queue: string, count: number) {
    await boss.insert(
      queue,
      Array.from({ length: count }, (_, index) => ({ data: { index } })),
    );
  }

  it('takes a job as soon as it is queued, woken by the queue, not at its next poll', async () => {
    const { queue, bosses } = await queueFor(1);
    const only = await worker(bosses[0]!, queue, 60_000);
    await bosses[0]!.send(queue, { index: 0 });

    await expect.poll(() => only.taken(), { timeout: 2000 }).toBe(1);
  });

  it('splits a burst evenly between the workers, each taking its share at once', async () => {
    const { queue, bosses } = await queueFor(2);
    const first = await worker(bosses[0]!, queue);
    const second = await worker(bosses[1]!, queue);
    await queueJobs(bosses[0]!, queue, 100);

    await expect.poll(() => first.taken() + second.taken()).toBe(100);
    expect([first.fetches, second.fetches]).toEqual([[50], [50]]);
  });

  it('takes the jobs a worker that does not take leaves waiting, after a poll', async () => {
    const { queue, bosses } = await queueFor(1);
    // Another worker is connected but never takes anything.
    const idle = postgres(database.url!, {
      max: 1,
      connection: { application_name: workerName(queue) },
    });
    stops.push(() => idle.end());
    await idle`select 1`;
    const only = await worker(bosses[0]!, queue);
    await queueJobs(bosses[0]!, queue, 10);

    await expect.poll(() => only.taken()).toBe(5);
    await expect.poll(() => only.taken()).toBe(10);
    expect(only.fetches).toEqual([5, 5]);
  });
});
