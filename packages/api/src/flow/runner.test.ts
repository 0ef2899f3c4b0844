import { agentSteps, flowRuns } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStartFlowInput } from '../contracts/flow';
import { storedTestRun, testConfig } from '../test-context';
import { createRunLocks } from './locks';
import { consoleFlowLog } from './log';
import { appendSteps, lockRun } from './run-store';
import { createFlowRunner } from './runner';
import { startFlow } from './service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let locks: ReturnType<typeof createRunLocks>;
let runner: ReturnType<typeof createFlowRunner>;
let model: ScriptedModel;
/** The timers the runner set, latest last. */
const timers: { taskId: string; token: number }[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  locks = createRunLocks(database);
  model = await startScriptedModel({
    rules: [{ match: /Break the following goal/, reply: '["Only task"]' }],
  });
  runner = createFlowRunner({
    db: database.db,
    locks,
    settings: testConfig,
    log: consoleFlowLog,
    scheduleTimer: async (taskId, token) => {
      timers.push({ taskId, token });
    },
    signal: new AbortController().signal,
  });
});
afterAll(async () => {
  await model.close();
  await locks.close();
  await database.close();
});

/** A stored run with one step still to write, its row last written `ageMs` ago. */
async function runWithPendingStep(ageMs: number): Promise<string> {
  const { taskId } = await storedTestRun(database.db);
  await database.db
    .update(flowRuns)
    .set({
      pendingEffects: [{ type: 'addStep', step: { type: 'result', content: 'carried out' } }],
      updatedAt: sql`now() - ${ageMs} * interval '1 millisecond'`,
    })
    .where(eq(flowRuns.taskId, taskId));
  return taskId;
}

const stepsOf = async (taskId: string) =>
  (
    await database.db
      .select({ content: agentSteps.content })
      .from(agentSteps)
      .where(eq(agentSteps.taskId, taskId))
      .orderBy(asc(agentSteps.seq))
  ).map((step) => step.content);

describe('recovering runs left mid-way', () => {
  it('carries out the effects of a run nobody wrote for longer than the grace', async () => {
    const taskId = await runWithPendingStep(60_000);
    await runner.recover({ graceMs: 5_000 });
    expect(await stepsOf(taskId)).toEqual(['first', 'carried out']);
  });

  it('leaves a run written within the grace to the queue that has it', async () => {
    const taskId = await runWithPendingStep(0);
    await runner.recover({ graceMs: 5_000 });
    expect(await stepsOf(taskId)).toEqual(['first']);
    // A process starting up takes every run left with effects, however recent.
    await runner.recover({ graceMs: 0 });
    expect(await stepsOf(taskId)).toEqual(['first', 'carried out']);
  });
});

describe('firing timers', () => {
  /** A run started and advanced to its first wait; the token of the timer it set. */
  async function runAtFirstWait(): Promise<{ taskId: string; token: number }> {
    const input = ZStartFlowInput.parse({ goal: 'Plan a picnic' });
    const taskId = await startFlow(database.db, input, {
      userId: null,
      endpoint: model.url,
      secretKey: testConfig.secretKey,
      timeScale: 1, // waits of the spec's length, fired by the tests themselves
    });
    await runner.advance(taskId);
    const timer = timers.findLast((set) => set.taskId === taskId);
    if (!timer) throw new Error('the run set no timer');
    return timer;
  }

  it('goes on from the wait with the steps the timer leads to', async () => {
    const { taskId, token } = await runAtFirstWait();
    await runner.fireTimer(taskId, token);
    const steps = await stepsOf(taskId);
    expect(steps[0]).toMatch(/^I need to understand the goal/);
    expect(steps[1]).toMatch(/^Analyzing the task/);
    expect(steps.some((step) => step.startsWith("I've broken the goal"))).toBe(true);
    // And on to the next wait: the first task's.
    expect(timers.at(-1)).toMatchObject({ taskId, token: token + 2 });
  });

  it('keeps what was written to the run while it waited, and fires after it', async () => {
    const { taskId, token } = await runAtFirstWait();
    await database.db.transaction(async (tx) => {
      const run = await lockRun(tx, taskId);
      await appendSteps(tx, run!, [{ type: 'action', content: 'Added while waiting' }]);
    });
    await runner.fireTimer(taskId, token);
    const steps = await stepsOf(taskId);
    expect(steps[1]).toBe('Added while waiting');
    expect(steps[2]).toMatch(/^Analyzing the task/);
    expect(steps.some((step) => step.startsWith("I've broken the goal"))).toBe(true);
  });

  it('ignores a timer fired twice', async () => {
    const { taskId, token } = await runAtFirstWait();
    await runner.fireTimer(taskId, token);
    const once = await stepsOf(taskId);
    await runner.fireTimer(taskId, token);
    expect(await stepsOf(taskId)).toEqual(once);
  });
});
