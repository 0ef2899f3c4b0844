import { agentSteps, flowRuns } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTestRun, testConfig } from '../test-context';
import { createRunLocks } from './locks';
import { consoleFlowLog } from './log';
import { createFlowRunner } from './runner';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let locks: ReturnType<typeof createRunLocks>;
let runner: ReturnType<typeof createFlowRunner>;
beforeAll(async () => {
  database = await createTestDatabase();
  locks = createRunLocks(database);
  runner = createFlowRunner({
    db: database.db,
    locks,
    settings: testConfig,
    log: consoleFlowLog,
    scheduleTimer: async () => {},
    signal: new AbortController().signal,
  });
});
afterAll(async () => {
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
