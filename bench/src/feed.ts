/**
 * Live-feed delivery: 200 SSE subscribers over 20 runs (10 on each), every run receiving a step
 * every 100 ms, against the compiled Flows server and, in the same bench run and with the same
 * load, a bare LISTEN-to-SSE fan-out (bare-feed.mjs). Latency is the step row's own timestamp
 * (PostgreSQL's now() of the transaction that wrote it, on this machine's clock) to the moment the
 * event is parsed at each subscriber. Both timestamps are read at whole milliseconds, the same way
 * for both. Every subscriber must receive every step once and in order, or the bench fails.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { freshDatabase, type Running, sleep, startFlows, startListening } from './processes';
import type { Row, Settings } from './rows';

const RUNS = 20;
const SUBSCRIBERS_PER_RUN = 10;
/** How often each run gets a step; the runs are staggered over the interval. */
const STEP_INTERVAL_MS = 100;
/** A step of about the size of a model's short answer. */
const STEP_CONTENT_CHARS = 400;

type Load = { steps: number; warmUp: number };

/** A feed under test: how to reach it, how to write a step, how to read one off the wire. */
type Target = {
  /** The SSE address of run `index`. */
  eventsUrl: (run: number) => string;
  /** Writes step `step` of run `run` (committed when the promise resolves). */
  write: (run: number, content: string) => Promise<void>;
  /** The step an SSE event carries (null for other events). */
  parse: (event: string, data: string) => { content: string; timestamp: string } | null;
};

const now = () => performance.timeOrigin + performance.now();
const contentOf = (round: number, step: number) =>
  `bench step ${round}.${step} `.padEnd(STEP_CONTENT_CHARS, 'x');
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/**
 * Opens one SSE stream; `onEvent` gets each event's type and data with its arrival time. Resolves
 * once the stream answered 200, with a function that closes it.
 */
function subscribe(
  url: string,
  onEvent: (event: string, data: string, at: number) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${url}: ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const at = now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length > 0) onEvent(event, data.join('\n'), at);
        }
      });
      response.on('error', () => {});
      resolve(() => request.destroy());
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/** CPU seconds a process has used (Linux /proc). */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/**
 * Subscribes 10 clients to each of the 20 runs, writes `load.steps` steps to every run on a fixed
 * schedule and returns the delivery latencies (ms) of all steps after the warm-up ones.
 */
async function measure(target: Target, load: Load, round: number): Promise<number[]> {
  const latencies: number[] = [];
  const writeTimes: number[] = [];

  const total = RUNS * SUBSCRIBERS_PER_RUN;
  let complete = 0;
  let failure: Error | null = null;
  let allDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  const closers: (() => void)[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      for (let index = 0; index < SUBSCRIBERS_PER_RUN; index++) {
        let next = 0;
        closers.push(
          await subscribe(target.eventsUrl(run), (event, data, at) => {
            const step = target.parse(event, data);
            // Steps of earlier rounds come as the backlog: not this round's.
            if (!step?.content.startsWith(`bench step ${round}.`)) return;
            if (step.content !== contentOf(round, next)) {
              failure ??= new Error(`run ${run}: expected step ${next}, got ${step.content}`);
              allDone();
              return;
            }
            if (next >= load.warmUp) latencies.push(at - Date.parse(step.timestamp));
            next += 1;
            if (next === load.steps && ++complete === total) allDone();
          }),
        );
      }
    }
    const start = now() + 200;
    const writers = Array.from({ length: RUNS }, async (_, run) => {
      for (let step = 0; step < load.steps; step++) {
        const due = start + step * STEP_INTERVAL_MS + (run * STEP_INTERVAL_MS) / RUNS;
        await sleep(Math.max(0, due - now()));
        const began = now();
        await target.write(run, contentOf(round, step));
        writeTimes.push(now() - began);
      }
    });
    await Promise.all(writers);
    const timeout = sleep(30_000).then(() => {
      failure ??= new Error(`only ${complete} of ${total} subscribers received every step`);
    });
    await Promise.race([done, timeout]);
    if (failure) throw failure;
    if (process.env.BENCH_FEED_DETAIL) {
      const sorted = writeTimes.sort((x, y) => x - y);
      const received = [...latencies].sort((x, y) => x - y);
      console.log(
        `round ${round}: writes p50 ${percentile(sorted, 0.5).toFixed(1)} ms p99 ${percentile(sorted, 0.99).toFixed(1)} ms; delivery p50 ${percentile(received, 0.5).toFixed(1)} ms p99 ${percentile(received, 0.99).toFixed(1)} ms`,
      );
    }
    return latencies;
  } finally {
    for (const close of closers) close();
  }
}

/** The baseline's table and writer: one statement inserts the step and notifies its row. */
async function bareTarget(
  databaseUrl: string,
  bare: Running,
): Promise<Target & { end(): Promise<void> }> {
  const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });
  await sql`create table bare_steps (
    task_id uuid not null, seq integer not null, content text not null,
    timestamp timestamptz not null default now(), primary key (task_id, seq))`;
  const tasks = Array.from({ length: RUNS }, () => randomUUID());
  const seqs = tasks.map(() => 0);
  return {
    eventsUrl: (run) => `${bare.url}/tasks/${tasks[run]}/events`,
    write: async (run, content) => {
      seqs[run]! += 1;
      await sql`with step as (
          insert into bare_steps (task_id, seq, content)
          values (${tasks[run]!}, ${seqs[run]!}, ${content}) returning *)
        select pg_notify('bare_feed', json_build_object(
            'kind', 'step', 'taskId', task_id, 'seq', seq, 'content', content,
            'timestamp', timestamp)::text),
          pg_notify('bare_feed', json_build_object('kind', 'state', 'taskId', task_id)::text)
        from step`;
    },
    parse: (event, data) => {
      if (event !== 'step') return null;
      const step = JSON.parse(data) as { content: string; timestamp: string };
      // Whole milliseconds, as Flows' step timestamps are sent.
      return { content: step.content, timestamp: new Date(step.timestamp).toISOString() };
    },
    end: () => sql.end(),
  };
}

/**
 * Flows: 20 runs started as a visitor (with no worker, so only the bench writes to them), each
 * fed steps as the run store writes them: the step row, its announcement (carrying the step) and
 * the run's state announcement (carrying the run's view, with the new step as its last) in one
 * statement (commitRun in packages/api/src/flow/run-store.ts; keep the payloads in step with
 * FeedMessage in packages/api/src/flow/feed.ts). Writing to the database directly, as the
 * baseline does, keeps the HTTP and engine cost of writing out of the figure: it measures
 * delivery only.
 */
async function flowsTarget(
  flows: Running,
  databaseUrl: string,
): Promise<Target & { end(): Promise<void> }> {
  const headers = { origin: flows.url, 'content-type': 'application/json' };
  const tasks: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = await fetch(`${flows.url}/api/flows`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ goal: `Bench feed run ${run}` }),
    });
    if (started.status !== 201) throw new Error(`start run: ${started.status}`);
    tasks.push(((await started.json()) as { taskId: string }).taskId);
  }
  const views: Record<string, unknown>[] = [];
  for (const taskId of tasks) {
    const state = await fetch(`${flows.url}/api/flows/${taskId}`);
    if (state.status !== 200) throw new Error(`run state: ${state.status}`);
    views.push((await state.json()) as Record<string, unknown>);
  }
  const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });
  const [{ next } = { next: 1 }] = await sql<{ next: number }[]>`
    select coalesce(max(seq), 0) + 1 as next from agent_steps`;
  const seqs = tasks.map(() => Number(next) + 1000);
  return {
    eventsUrl: (run) => `${flows.url}/api/tasks/${tasks[run]}/events`,
    write: async (run, content) => {
      const seq = seqs[run]!++;
      const state = JSON.stringify({
        kind: 'state',
        taskId: tasks[run],
        state: { ...views[run], lastSeq: seq },
      });
      await sql`with step as (
          insert into agent_steps (task_id, seq, type, content)
          values (${tasks[run]!}, ${seq}, 'result', ${content})
          returning id, task_id, seq, type, content, error, "timestamp")
        select pg_notify('flow_feed', json_build_object('kind', 'step', 'taskId', task_id, 'seq', seq,
            'steps', json_build_array(json_build_object('id', id, 'seq', seq, 'type', type,
              'content', content, 'error', error, 'timestamp', "timestamp")))::text),
          pg_notify('flow_feed', ${state})
        from step`;
    },
    parse: (event, data) => {
      if (event !== 'step') return null;
      const { step } = JSON.parse(data) as { step: { content: string; timestamp: string } };
      return step;
    },
    end: () => sql.end(),
  };
}

/**
 * Both feeds run side by side; the bench writes to one at a time, in alternating rounds, so a
 * passing disturbance of the machine falls on both alike. Nine rounds: the p99 of three (about
 * the 22 slowest of 2,200 steps fanned out) moved the bare fan-out's figure from 5.6 to 10.2 ms
 * between two runs on one machine.
 */
export async function feedRows(settings: Settings): Promise<Row[]> {
  const load: Load = settings.smoke ? { steps: 4, warmUp: 1 } : { steps: 40, warmUp: 3 };
  const rounds = settings.smoke ? 1 : 9;
  const bareDatabase = await freshDatabase();
  const flowsDatabase = await freshDatabase();
  const started: Running[] = [];
  const ends: (() => Promise<void>)[] = [];
  try {
    const bare = await startListening(
      'bare-feed',
      [fileURLToPath(new URL('./bare-feed.mjs', import.meta.url))],
      { DATABASE_URL: bareDatabase.url },
      /listening on (\d+)/,
    );
    started.push(bare);
    const flows = await startFlows({
      DATABASE_URL: flowsDatabase.url,
      // Nothing but the bench writes steps: the runs wait in the queue.
      FLOW_WORKER: 'false',
      SSE_STREAMS_PER_ADDRESS: '0',
      SSE_STREAMS_TOTAL: '0',
    });
    started.push(flows);
    const bareFeed = await bareTarget(bareDatabase.url, bare);
    ends.push(bareFeed.end);
    const flowsFeed = await flowsTarget(flows, flowsDatabase.url);
    ends.push(flowsFeed.end);

    const bareLatencies: number[] = [];
    const flowsLatencies: number[] = [];
    const cpu = { bare: 0, flows: 0 };
    // Round 0 warms both up (connections, compiled code, prepared statements) and is not counted.
    for (let round = settings.smoke ? 1 : 0; round <= rounds; round++) {
      const counted = round > 0;
      let before = cpuSeconds(bare.child.pid);
      const bareRound = await measure(bareFeed, load, round);
      if (counted) bareLatencies.push(...bareRound);
      if (counted) cpu.bare += cpuSeconds(bare.child.pid) - before;
      before = cpuSeconds(flows.child.pid);
      const flowsRound = await measure(flowsFeed, load, round);
      if (counted) flowsLatencies.push(...flowsRound);
      if (counted) cpu.flows += cpuSeconds(flows.child.pid) - before;
    }

    const p99 = (latencies: number[]) =>
      percentile(
        [...latencies].sort((a, b) => a - b),
        0.99,
      );
    const name = `live-feed delivery p99, ${RUNS * SUBSCRIBERS_PER_RUN} subscribers over ${RUNS} runs`;
    if (process.env.BENCH_FEED_DETAIL) {
      console.log(
        `${name}: Flows ${p99(flowsLatencies).toFixed(1)} ms (${flowsLatencies.length} deliveries, ${cpu.flows.toFixed(2)} s CPU), bare ${p99(bareLatencies).toFixed(1)} ms (${bareLatencies.length}, ${cpu.bare.toFixed(2)} s CPU)`,
      );
    }
    return [
      {
        name,
        figure: p99(flowsLatencies),
        baseline: p99(bareLatencies),
        baselineName: 'bare LISTEN-to-SSE fan-out',
        unit: 'ms',
        budget: { atMost: 2 },
      },
    ];
  } finally {
    for (const end of ends) await end();
    await Promise.all(started.map((running) => running.stop()));
    await Promise.all([bareDatabase.drop(), flowsDatabase.drop()]);
  }
}
