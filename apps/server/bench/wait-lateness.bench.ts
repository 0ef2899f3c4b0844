/**
 * How late a run's waits fire, at FLOW_TIME_SCALE=1: RUNS two-task runs go at once (waits of 1 s,
 * 2 s, 8 s and 1 s each), and every wait is measured from the stored steps around it (actual gap
 * minus the spec's delay). The baseline is a bare setTimeout of the same delays in the same
 * process; the target is a p99 within 150 ms. Runs on PGlite, or on PostgreSQL with DATABASE_URL.
 */
import { agentSteps } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { FLOW_TEXT, FLOW_TIMING } from '@flows/engine';
import { startScriptedModel } from '@flows/scripted-model';
import { asc } from 'drizzle-orm';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startFlowSystem } from '../src/flows';

const RUNS = 10;
const TARGET_P99_MS = 150;

/** Which step ends each wait, and the wait before it. */
const WAITS: {
  after: (content: string) => boolean;
  before: (content: string) => boolean;
  ms: number;
}[] = [
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

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function bareTimerLateness(): Promise<number[]> {
  const delays = Array.from({ length: RUNS }, () => WAITS.map((wait) => wait.ms)).flat();
  return Promise.all(
    delays.map(
      (ms) =>
        new Promise<number>((resolve) => {
          const due = performance.now() + ms;
          setTimeout(() => resolve(performance.now() - due), ms);
        }),
    ),
  );
}

async function flowLateness(): Promise<number[]> {
  const model = await startScriptedModel({
    rules: [
      { match: /Break the following goal/, reply: '["First", "Second"]' },
      { match: /Combine these results/, reply: 'Summary.' },
      { match: /[\s\S]*/, reply: 'Answer.' },
    ],
  });
  const database = await createTestDatabase();
  const config = loadConfig({
    MODEL_ENDPOINT: model.url,
    FLOW_TIME_SCALE: '1',
    LOG_LEVEL: 'silent',
  });
  const flows = await startFlowSystem(database, config, Buffer.alloc(32, 7), true);
  const app = createApp({ database, config, secretKey: Buffer.alloc(32, 7), flows });
  try {
    const ids = await Promise.all(
      Array.from({ length: RUNS }, async (_, index) => {
        const response = await app.request('/api/flows', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ goal: `Benchmark run ${index}` }),
        });
        return ((await response.json()) as { taskId: string }).taskId;
      }),
    );
    for (const id of ids) {
      for (;;) {
        const state = (await (await app.request(`/api/flows/${id}`)).json()) as { status: string };
        if (state.status === 'complete' || state.status === 'stopped') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const steps = await database.db.select().from(agentSteps).orderBy(asc(agentSteps.seq));
    const lateness: number[] = [];
    for (const id of ids) {
      const run = steps.filter((step) => step.taskId === id);
      for (const wait of WAITS) {
        const start = run.findIndex((step) => wait.after(step.content));
        const end = run.findIndex((step, index) => index > start && wait.before(step.content));
        if (start === -1 || end === -1) throw new Error(`run ${id} is missing a wait`);
        const gap = run[end]!.timestamp.getTime() - run[start]!.timestamp.getTime();
        lateness.push(gap - wait.ms);
      }
    }
    return lateness;
  } finally {
    await flows.close();
    await database.close();
    await model.close();
  }
}

const baseline = await bareTimerLateness();
const measured = await flowLateness();
const row = (name: string, values: number[]) =>
  `${name.padEnd(22)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(7)} ms`;
console.log(
  `Wait lateness, ${RUNS} concurrent runs, ${measured.length} waits (actual - scheduled):`,
);
console.log(row('bare setTimeout', baseline));
console.log(row('flow runs', measured));
const p99 = percentile(measured, 99);
console.log(
  `p99 ${p99.toFixed(1)} ms against a target of ${TARGET_P99_MS} ms (${(p99 / TARGET_P99_MS).toFixed(2)}x of the budget)`,
);
if (p99 > TARGET_P99_MS * 2) process.exitCode = 1;
