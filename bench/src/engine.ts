/**
 * The flow engine on PostgreSQL, each figure beside a baseline from the same run:
 * - steps/s of RUNS concurrent 5-task runs (instant scripted model, the server's in-process
 *   worker) beside a hand loop making the same model calls and one INSERT per step;
 * - database round trips per feed step, counted by a TCP proxy in front of PostgreSQL that reads
 *   the protocol messages the clients send (the hand loop counted the same way is the baseline);
 * - steps/s with 2 `pnpm worker` processes beside 1 (the server with FLOW_WORKER=false), and
 *   1 worker beside the in-process worker, each process that works runs held to the same CPU
 *   quota (as a worker on a machine of its own is: the machine's two cores would otherwise bound
 *   every process together), measured warm and in turns (a batch on each setup per round);
 * - how late runs' waits fire at FLOW_TIME_SCALE=1 (from the stored steps around each wait)
 *   beside a bare setTimeout of the same delays.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FLOW_TEXT, FLOW_TIMING } from '@flows/engine';
import { startScriptedModel } from '@flows/scripted-model';
import postgres from 'postgres';
import { cpuQuotaAvailable, limitCpu } from './cpu-quota';
import {
  compiled,
  cpuSeconds,
  freshDatabase,
  type Running,
  sleep,
  startFlows,
  startProcess,
} from './processes';
import { pairedMedian, type Row, type Settings } from './rows';

const TASKS = 5;
/**
 * CPUs each process that works runs may use in the worker rows: two such processes and what they
 * drive (PostgreSQL, the server, the model, about as much again) fit in this machine's two cores.
 */
const WORKER_CPU = 0.25;
const SECRET_KEY = 'ab'.repeat(32);

/** Runs at once: 100 as the issue asks, a few in smoke. */
const runsFor = (settings: Settings) => (settings.smoke ? 8 : 100);

const taskListReply = JSON.stringify(
  Array.from({ length: TASKS }, (_, index) => `Bench task ${index + 1}`),
);

/** An instant scripted model: a 5-task list, then short answers. */
function startModel() {
  return startScriptedModel({
    chunkDelayMs: 0,
    rules: [
      { match: /Break the following goal/, reply: taskListReply },
      { match: /Combine these results/, reply: 'Summary of the results.' },
      { match: /[\s\S]*/, reply: 'Task answer.' },
    ],
  });
}

/** Counts the round trips PostgreSQL clients make through it: a TCP proxy reading the protocol. */
async function startCountingProxy(target: URL) {
  let roundTrips = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    let pending = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          // Startup packets carry no type byte: length, then a code (SSLRequest or protocol).
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          const code = pending.readInt32BE(4);
          roundTrips++;
          if (code !== 80877103) started = true; // past an SSLRequest the startup follows
          pending = pending.subarray(length);
          continue;
        }
        if (pending.length < 5) break;
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) break;
        const type = String.fromCharCode(pending[0]!);
        // A simple query, a Sync closing an extended-protocol batch, a Flush (postgres.js sends
        // one to learn a statement's parameter types before it runs it) or an authentication
        // answer each wait for the server's reply.
        if (type === 'Q' || type === 'S' || type === 'H' || type === 'p') roundTrips++;
        pending = pending.subarray(1 + length);
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    roundTrips: () => roundTrips,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A `pnpm worker` process (compiled dist/worker.js), once it says it is running. */
function startWorker(env: Record<string, string>): Promise<Running> {
  return startProcess('worker', [compiled('worker.js')], env, /Flows worker is running/);
}

/**
 * How the worker rows measure steady work: warm-up rounds, then measured rounds, each round a
 * batch on each setup in turn. A warm-up batch gives each process that works runs as many runs
 * (two workers share theirs), so each compiles its hot code and grows its heap alike; setups are
 * compared within each measured round (see `pairedMedian`). A fresh worker process spends about
 * twice the CPU per run of a warm one over its first 300-400 runs (with or without a quota, and
 * again after a restart on the same database), so the warm-up gives each process 600 runs: with
 * 300, each of two workers, taking half of each measured batch, was still warming through the
 * measured rounds.
 */
const steadyFor = (settings: Settings) =>
  settings.smoke ? { warmUpRounds: 1, rounds: 1 } : { warmUpRounds: 6, rounds: 11 };

/** Starts `count` runs at once through Flows' REST API, goals named `goal`: their task ids. */
function startRuns(url: string, count: number, goal = 'Benchmark run'): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await fetch(`${url}/api/flows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ goal: `${goal} ${index}` }),
      });
      if (response.status !== 201 && response.status !== 200) {
        throw new Error(`start run: ${response.status} ${await response.text()}`);
      }
      return ((await response.json()) as { taskId: string }).taskId;
    }),
  );
}

/**
 * Waits until the runs `taskIds` are complete with nothing left to carry out; fails on a failed
 * run. Each look reads only the runs not yet seen done, by key: the watch must not load the
 * machine it measures (a count over every run of the setup, every 10 ms, cost PostgreSQL a
 * few tenths of a CPU second per batch).
 */
async function waitForRuns(watch: postgres.Sql, taskIds: string[]): Promise<void> {
  const deadline = Date.now() + 300_000;
  let waiting = taskIds;
  for (;;) {
    const rows = await watch<{ taskId: string; outcome: string; done: boolean }[]>`
      select task_id as "taskId", outcome, pending_effects = '[]'::jsonb as done
      from flow_runs where task_id = any(${waiting}::uuid[])`;
    const failed = rows.filter((row) => row.outcome === 'failed' || row.outcome === 'stopped');
    if (failed.length > 0) throw new Error(`${failed.length} run(s) failed or stopped`);
    const finished = new Set(
      rows.filter((row) => row.outcome === 'complete' && row.done).map((row) => row.taskId),
    );
    waiting = waiting.filter((taskId) => !finished.has(taskId));
    if (waiting.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${waiting.length} of ${taskIds.length} runs not done`);
    await sleep(10);
  }
}

/** One batch's steps and seconds, with its round trips when counted. */
type Measured = { steps: number; seconds: number; stepsPerRun: number; roundTrips?: number };

type SetupOptions = {
  runs: number;
  workers: number;
  modelUrl: string;
  countRoundTrips?: boolean;
  /** CPUs each process that works runs may use (the server, or each worker); unset: no limit. */
  cpuQuota?: number;
};

/**
 * Flows on a fresh database, with `workers` worker processes (none: the server's in-process
 * worker), ready to run batches of `runs` runs started at once through its REST API.
 */
async function startSetup(options: SetupOptions) {
  const database = await freshDatabase();
  const proxy = options.countRoundTrips ? await startCountingProxy(new URL(database.url)) : null;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'flows-bench-'));
  const env = {
    DATABASE_URL: proxy?.url ?? database.url,
    MODEL_ENDPOINT: options.modelUrl,
    FLOW_TIME_SCALE: '0',
    LOG_LEVEL: 'warn',
    SECRET_KEY,
    DATA_DIR: dataDir,
    FLOW_WORKER: options.workers === 0 ? 'true' : 'false',
  };
  const processes: Running[] = [];
  const quotas: (() => Promise<void>)[] = [];
  const watch = postgres(database.url, { max: 1, onnotice: () => {} });
  let total = 0;
  const close = async () => {
    await Promise.all(processes.map((running) => running.stop()));
    await Promise.all(quotas.map((release) => release()));
    await watch.end();
    await proxy?.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const flows = await startFlows(env);
    processes.push(flows);
    for (let index = 0; index < options.workers; index++) {
      processes.push(await startWorker(env));
    }
    // The processes that work runs: the server's in-process worker, or the worker processes.
    const working = (options.workers === 0 ? processes : processes.slice(1)).map(
      (running) => running.child.pid!,
    );
    if (options.cpuQuota !== undefined) {
      for (const pid of working) quotas.push(await limitCpu(pid, options.cpuQuota));
    }
    await sleep(500); // let start-up work settle (recovery passes, queue set-up)
    return {
      /** Round trips to PostgreSQL so far (counted only with `countRoundTrips`). */
      roundTrips: () => proxy?.roundTrips() ?? 0,
      /**
       * Starts `count` runs (default: a batch) and waits until all are done: its seconds, and the
       * CPU seconds each process that works runs used meanwhile.
       */
      async batch(count = options.runs): Promise<{ seconds: number; cpu: number[] }> {
        const cpuBefore = await Promise.all(working.map(cpuSeconds));
        const started = performance.now();
        const taskIds = await startRuns(flows.url, count);
        total += count;
        await waitForRuns(watch, taskIds);
        const seconds = (performance.now() - started) / 1000;
        const cpuAfter = await Promise.all(working.map(cpuSeconds));
        return { seconds, cpu: cpuAfter.map((after, index) => after - cpuBefore[index]!) };
      },
      /** Every run's steps, checked to be the same and contiguous (none lost or doubled). */
      async stepsPerRun(): Promise<number> {
        const perRun = await watch<{ taskId: string; steps: number; top: number }[]>`
          select task_id as "taskId", count(*)::int as steps, max(seq)::int as top
          from agent_steps group by task_id`;
        const counts = new Set(perRun.map((run) => run.steps));
        if (perRun.length !== total || counts.size !== 1) {
          throw new Error(`runs differ in their steps: ${JSON.stringify([...counts])}`);
        }
        if (perRun.some((run) => run.top !== run.steps))
          throw new Error('a run has a gap in its steps');
        return perRun[0]!.steps;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One cold batch on a fresh setup: its steps, seconds and (when counted) round trips. */
async function flowsSteps(options: SetupOptions): Promise<Measured> {
  const setup = await startSetup(options);
  try {
    const tripsBefore = setup.roundTrips();
    const { seconds } = await setup.batch();
    const stepsPerRun = await setup.stepsPerRun();
    const roundTrips = options.countRoundTrips ? setup.roundTrips() - tripsBefore : undefined;
    return { steps: stepsPerRun * options.runs, seconds, stepsPerRun, roundTrips };
  } finally {
    await setup.close();
  }
}

/**
 * The steps/s of each measured round of the worker rows' three setups (the in-process worker, 1
 * worker, 2 workers; each process that works runs held to `cpuQuota`), measured warm and side by
 * side: rounds of one batch on each setup in turn (each round starting with the next setup), so
 * that a slower minute of the machine falls on all three alike, and no setup idles long while
 * the others warm up.
 */
async function workerSetups(
  settings: Settings,
  options: Omit<SetupOptions, 'workers'>,
): Promise<{ inProcess: number[]; oneWorker: number[]; twoWorkers: number[] }> {
  const { warmUpRounds, rounds } = steadyFor(settings);
  const kinds = [
    { workers: 0, label: 'in-process' },
    { workers: 1, label: '1 worker' },
    { workers: 2, label: '2 workers' },
  ];
  const setups: Awaited<ReturnType<typeof startSetup>>[] = [];
  try {
    for (const { workers } of kinds) setups.push(await startSetup({ ...options, workers }));
    const seconds: number[][] = setups.map(() => []);
    for (let round = 0; round < warmUpRounds + rounds; round++) {
      const warmUp = round < warmUpRounds;
      const batches: string[] = [];
      for (let turn = 0; turn < setups.length; turn++) {
        const index = (round + turn) % setups.length;
        const { workers, label } = kinds[index]!;
        const count = warmUp ? options.runs * Math.max(1, workers) : options.runs;
        const batch = await setups[index]!.batch(count);
        if (!warmUp) seconds[index]!.push(batch.seconds);
        const cpu = batch.cpu.map((used) => used.toFixed(2)).join(' + ');
        batches[index] = `${label} ${batch.seconds.toFixed(2)} s (CPU ${cpu} s)`;
      }
      const name = warmUp ? `warm-up round ${round + 1}` : `round ${round - warmUpRounds + 1}`;
      console.log(`worker rows, ${name}: ${batches.join('; ')}`);
    }
    // Steps/s of each measured round, every run's steps checked (none lost or doubled).
    const rates = await Promise.all(
      setups.map(async (setup, index) => {
        const steps = (await setup.stepsPerRun()) * options.runs;
        return seconds[index]!.map((batch) => steps / batch);
      }),
    );
    return { inProcess: rates[0]!, oneWorker: rates[1]!, twoWorkers: rates[2]! };
  } finally {
    await Promise.all(setups.map((setup) => setup.close()));
  }
}

/** One streamed chat-completions call, read to its end, as Flows makes them. */
async function modelCall(modelUrl: string, prompt: string): Promise<string> {
  const response = await fetch(`${modelUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'local-model',
      stream: true,
      temperature: 0.7,
      messages: [{ role: 'user', content: prompt }],
    }),
  });
  if (!response.ok) throw new Error(`model: ${response.status}`);
  return response.text();
}

/**
 * The baseline: the same runs by hand, the same model calls (task list, each task, summary) and
 * one INSERT per step, `stepsPerRun` steps per run, with the `postgres` package.
 */
async function handLoopSteps(options: {
  runs: number;
  stepsPerRun: number;
  modelUrl: string;
  countRoundTrips?: boolean;
}): Promise<Measured> {
  const database = await freshDatabase();
  const proxy = options.countRoundTrips ? await startCountingProxy(new URL(database.url)) : null;
  const sql = postgres(proxy?.url ?? database.url, { onnotice: () => {} });
  try {
    await sql`create table steps (
      id bigserial primary key, task_id int not null, seq int not null, content text not null,
      created_at timestamptz not null default now(), unique (task_id, seq))`;
    const calls = TASKS + 2;
    const tripsBefore = proxy?.roundTrips() ?? 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.runs }, async (_, run) => {
        let seq = 0;
        const insert = async (content: string) => {
          seq++;
          await sql`insert into steps (task_id, seq, content) values (${run}, ${seq}, ${content})`;
        };
        for (let call = 0; call < calls; call++) {
          const prompt =
            call === 0
              ? `Break the following goal into a short list of concrete tasks. Goal: run ${run}`
              : call === calls - 1
                ? 'Combine these results into one clear, complete final answer'
                : `Your current task: Bench task ${call}`;
          const answer = await modelCall(options.modelUrl, prompt);
          // The run's steps spread over its calls, as the engine's are.
          const upTo = Math.round(((call + 1) * options.stepsPerRun) / calls);
          while (seq < upTo) await insert(answer.slice(0, 40));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const roundTrips = proxy ? proxy.roundTrips() - tripsBefore : undefined;
    const [row] = await sql<{ steps: number }[]>`select count(*)::int as steps from steps`;
    return {
      steps: row!.steps,
      seconds,
      stepsPerRun: options.stepsPerRun,
      roundTrips,
    };
  } finally {
    await sql.end();
    await proxy?.close();
    await database.drop();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Waits of a two-task run: the step before each wait, the step after, and the spec's delay. */
const WAITS: { after: (c: string) => boolean; before: (c: string) => boolean; ms: number }[] = [
  {
    after: (c) => c.startsWith('I need to understand the goal'),
    before: (c) => c.startsWith('Analyzing the task'),
    ms: FLOW_TIMING.firstThinkingPauseMs,
  },
  {
    after: (c) => c.startsWith("I've broken the goal"),
    before: (c) => c.startsWith('Executing task 1 of'),
    ms: FLOW_TIMING.firstTaskDelayMs,
  },
  {
    after: (c) => c === FLOW_TEXT.taskCompleted,
    before: (c) => c.startsWith('Executing task 2 of'),
    ms: FLOW_TIMING.nextTaskDelayMs,
  },
];

/** How late runs' waits fire (ms, actual gap minus the scheduled delay), and a bare timer's. */
async function waitLateness(settings: Settings) {
  const runs = settings.smoke ? 3 : 10;
  // Smoke only checks that the row runs: its waits are a tenth as long.
  const scale = settings.smoke ? 0.1 : 1;
  const model = await startScriptedModel({
    chunkDelayMs: 0,
    rules: [
      { match: /Break the following goal/, reply: '["First", "Second"]' },
      { match: /Combine these results/, reply: 'Summary.' },
      { match: /[\s\S]*/, reply: 'Answer.' },
    ],
  });
  const database = await freshDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'flows-bench-'));
  const watch = postgres(database.url, { max: 1, onnotice: () => {} });
  let flows: Running | undefined;
  try {
    flows = await startFlows({
      DATABASE_URL: database.url,
      MODEL_ENDPOINT: model.url,
      FLOW_TIME_SCALE: String(scale),
      LOG_LEVEL: 'warn',
      SECRET_KEY,
      DATA_DIR: dataDir,
    });
    const bare = Promise.all(
      Array.from({ length: runs }, () => WAITS.map((wait) => wait.ms * scale))
        .flat()
        .map(
          (ms) =>
            new Promise<number>((resolve) => {
              const due = performance.now() + ms;
              setTimeout(() => resolve(performance.now() - due), ms);
            }),
        ),
    );
    await waitForRuns(watch, await startRuns(flows.url, runs, 'Wait benchmark run'));
    const steps = await watch<{ taskId: string; content: string; at: Date }[]>`
      select task_id as "taskId", content, timestamp as at from agent_steps order by task_id, seq`;
    const lateness: number[] = [];
    for (const taskId of new Set(steps.map((step) => step.taskId))) {
      const run = steps.filter((step) => step.taskId === taskId);
      for (const wait of WAITS) {
        const start = run.findIndex((step) => wait.after(step.content));
        const end = run.findIndex((step, index) => index > start && wait.before(step.content));
        if (start === -1 || end === -1) throw new Error(`run ${taskId} is missing a wait`);
        lateness.push(run[end]!.at.getTime() - run[start]!.at.getTime() - wait.ms * scale);
      }
    }
    return { flows: lateness, bare: await bare };
  } finally {
    await flows?.stop();
    await watch.end();
    await database.drop();
    await model.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const rate = (measured: Measured) => measured.steps / measured.seconds;

export async function engineRows(settings: Settings): Promise<Row[]> {
  const runs = runsFor(settings);
  const model = await startModel();
  try {
    const inProcess = await flowsSteps({ runs, workers: 0, modelUrl: model.url });
    const hand = await handLoopSteps({
      runs,
      stepsPerRun: inProcess.stepsPerRun,
      modelUrl: model.url,
    });
    // Round trips over fewer runs: the proxy's own cost stays out of the steps/s figures.
    const countedRuns = settings.smoke ? 4 : 20;
    const counted = await flowsSteps({
      runs: countedRuns,
      workers: 0,
      modelUrl: model.url,
      countRoundTrips: true,
    });
    const handCounted = await handLoopSteps({
      runs: countedRuns,
      stepsPerRun: counted.stepsPerRun,
      modelUrl: model.url,
      countRoundTrips: true,
    });
    // Each process that works runs gets the same CPU, as a worker on a machine of its own does
    // (a smoke run on a machine without writable cgroups runs them without).
    const cpuQuota = settings.smoke && !(await cpuQuotaAvailable()) ? undefined : WORKER_CPU;
    const {
      inProcess: inProcessLimited,
      oneWorker,
      twoWorkers,
    } = await workerSetups(settings, { runs, modelUrl: model.url, cpuQuota });
    const waits = await waitLateness(settings);
    const label = `${runs} runs x ${TASKS} tasks`;
    return [
      {
        name: `flow engine steps/s (${label}, in-process worker)`,
        figure: rate(inProcess),
        baseline: rate(hand),
        baselineName: 'hand loop, same model calls, 1 INSERT per step',
        unit: 'steps/s',
        budget: { atLeast: 0.3 },
      },
      {
        name: 'database round trips per feed step',
        figure: counted.roundTrips! / counted.steps,
        baseline: handCounted.roundTrips! / handCounted.steps,
        baselineName: 'hand loop',
        unit: 'trips',
        budget: { figureAtMost: 3 },
      },
      {
        name: `steps/s with 2 worker processes (${label}, ${WORKER_CPU} CPU each)`,
        ...pairedMedian(twoWorkers, oneWorker),
        baselineName: '1 worker process',
        unit: 'steps/s',
        budget: { atLeast: 1.6 },
      },
      {
        name: `steps/s with 1 worker process (${label}, ${WORKER_CPU} CPU)`,
        ...pairedMedian(oneWorker, inProcessLimited),
        baselineName: `in-process worker, ${WORKER_CPU} CPU`,
        unit: 'steps/s',
        budget: { atLeast: 1 },
      },
      {
        name: 'wait lateness p99 (FLOW_TIME_SCALE=1)',
        figure: percentile(waits.flows, 99),
        baseline: percentile(waits.bare, 99),
        baselineName: 'bare setTimeout',
        unit: 'ms',
        budget: { figureAtMost: 50 },
      },
    ];
  } finally {
    await model.close();
  }
}
