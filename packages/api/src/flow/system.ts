import type { DatabaseHandle } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { fromPglite, PgBoss } from 'pg-boss';
import { createFlowFeed, type FlowFeed } from './feed';
import { type JobDispatcher, startJobDispatcher } from './job-dispatcher';
import { createRunLocks } from './locks';
import { consoleFlowLog, type FlowLog } from './log';
import { queueStatements } from './queue-statements';
import { createFlowRunner, type FlowRunner } from './runner';
import type { FlowSettings } from './settings';

const QUEUE = 'flow-run';
/**
 * Jobs a worker process works at once (each advances one run). Runs mostly wait on their model,
 * so many fit in one process; a second process adds as many again. Each worker takes its fair
 * share of the queued runs (see startJobDispatcher), so a burst is split evenly between them.
 */
const WORKER_CONCURRENCY = 100;
/** How often an idle worker looks for jobs when no notification woke it (PGlite, or one lost). */
const POLL_SECONDS = 0.5;
const RECOVERY_INTERVAL_MS = 15_000;
/** A timer's queued job fires this long after the in-process timer, only if that one was lost. */
const BACKSTOP_GRACE_MS = 5_000;
/**
 * Closing waits this long for the work under way. Work still stuck after it (a query a broken
 * connection never answers, say) is left behind, and its run resumes in the next process.
 */
const CLOSE_GRACE_MS = 10_000;

type FlowJob = { taskId: string; token?: number };

export type FlowSystemOptions = {
  /** Run the worker in this process (the default for the server; `pnpm worker` for more). */
  runWorker: boolean;
  /** Where runs are reported (started, a step failed, completed) and failures of the machinery. */
  log?: FlowLog;
};

/** Durable runs: the pg-boss queue, the runner that works it, and the live feed. */
export type FlowSystem = {
  runner: FlowRunner;
  feed: FlowFeed;
  /** Gets a run moving after its effects changed. */
  kick: (taskId: string) => Promise<void>;
  /** Whether this process works runs: 'off' (FLOW_WORKER=false), 'polling', or 'stopped'. */
  workerState: () => 'off' | 'polling' | 'stopped';
  close: () => Promise<void>;
};

/** The flow system, or 503 where this process has none. */
export function requireFlows(flows: FlowSystem | null): FlowSystem {
  if (!flows) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Flow runs are not available' });
  }
  return flows;
}

/** Starts durable runs over a database with the operator's settings (ApiConfig fits them). */
export async function createFlowSystem(
  database: DatabaseHandle,
  settings: FlowSettings,
  options: FlowSystemOptions,
): Promise<FlowSystem> {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), schedule: false, supervise: true })
    : new PgBoss({ connectionString: database.url, max: 4, schedule: false });
  // On PostgreSQL the calls each run makes go through the statement connections.
  const queueDb = database.sql ? { db: queueStatements(database.sql) } : {};
  const log = options.log ?? consoleFlowLog;
  boss.on('error', (error) => log.error({ err: error }, 'flow queue failed'));
  await boss.start();
  // Queueing a job ready now announces it in the same statement: worker processes take it at
  // once. Set by an update, so that a queue created before the option was gets it too.
  await boss.createQueue(QUEUE);
  await boss.updateQueue(QUEUE, { notify: true });

  // Aborted on close: model calls in flight stop, and their runs resume in the next process.
  const stopping = new AbortController();
  const locks = createRunLocks(database);
  const advancing = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work
      .catch((error: unknown) => log.error({ err: error }, 'flow run failed'))
      .finally(() => advancing.delete(tracked));
    advancing.add(tracked);
  };
  // A run's waits fire in this process at their exact time; the queued job is only the durable
  // backstop for a process that dies before (the state machine ignores a token fired twice).
  const timers = new Set<NodeJS.Timeout>();
  const runner = createFlowRunner({
    db: database.db,
    locks,
    settings,
    log,
    signal: stopping.signal,
    scheduleTimer: async (taskId, token, due) => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          track(runner.fireTimer(taskId, token));
        },
        Math.max(0, due - Date.now()),
      );
      timers.add(timer);
      await boss.send(QUEUE, { taskId, token } satisfies FlowJob, {
        startAfter: new Date(due + BACKSTOP_GRACE_MS),
        retryLimit: 5,
        ...queueDb,
      });
    },
  });

  let recovery: NodeJS.Timeout | undefined;
  let dispatcher: JobDispatcher | undefined;
  if (options.runWorker) {
    const handle = async ({ taskId, token }: FlowJob) => {
      if (token === undefined) await runner.advance(taskId);
      else await runner.fireBackstop(taskId, token);
    };
    if (database.url && queueDb.db) {
      // Separate workers take jobs as soon as they are queued, many at once.
      dispatcher = await startJobDispatcher<FlowJob>({
        boss,
        db: queueDb.db,
        url: database.url,
        queue: QUEUE,
        capacity: WORKER_CONCURRENCY,
        pollMs: POLL_SECONDS * 1000,
        handle,
        onError: (error) => log.error({ err: error }, 'flow job failed'),
      });
    } else {
      // PGlite: runs are kicked in this process; jobs are the timers' durable backstop.
      await boss.work<FlowJob>(
        QUEUE,
        { localConcurrency: 4, pollingIntervalSeconds: POLL_SECONDS },
        async ([job]) => {
          if (job) await handle(job.data);
        },
      );
    }
    // Tracked, so closing waits for a recovery under way as for any other work.
    const recover = (graceMs: number) => track(runner.recover({ graceMs }));
    recover(0);
    // Runs of a process that died while others live on, and runs whose work failed with the
    // database, are taken over within this interval.
    recovery = setInterval(() => recover(BACKSTOP_GRACE_MS), RECOVERY_INTERVAL_MS);
    recovery.unref();
  }

  const feed = createFlowFeed(database);
  return {
    runner,
    feed,
    workerState: () => {
      if (!options.runWorker) return 'off';
      return stopping.signal.aborted ? 'stopped' : 'polling';
    },
    kick: async (taskId) => {
      if (options.runWorker) {
        track(runner.advance(taskId));
      } else {
        // Announced by the queue (its `notify` option): an idle worker process takes it now.
        await boss.send(QUEUE, { taskId } satisfies FlowJob, { retryLimit: 5, ...queueDb });
      }
    },
    close: async () => {
      stopping.abort();
      clearInterval(recovery);
      for (const timer of timers) clearTimeout(timer);
      const finished = await settlesWithin(
        Promise.allSettled([dispatcher?.stop(), ...advancing]),
        CLOSE_GRACE_MS,
      );
      if (!finished) log.error({ runs: advancing.size }, 'flow work still under way at close');
      await boss.stop({ graceful: true, timeout: 5000 });
      await locks.close();
      await feed.close();
    },
  };
}

/** Whether `work` settles within `ms`. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
