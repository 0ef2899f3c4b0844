import { agentSteps, type Database } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTestRun } from '../test-context';
import { commitRun, lockRun, numberSteps, readRun, recordEvent } from './run-store';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const storedRun = () => storedTestRun(db);

const stepsOf = async (taskId: string) =>
  (
    await db
      .select({ seq: agentSteps.seq, content: agentSteps.content })
      .from(agentSteps)
      .where(eq(agentSteps.taskId, taskId))
      .orderBy(asc(agentSteps.seq))
  ).map((step) => `${step.seq} ${step.content}`);

describe('commitRun expecting the version a run was read at', () => {
  it('writes while nobody else wrote the run, and again after its own writes', async () => {
    const run = await storedRun();
    for (const content of ['second', 'third']) {
      const version = run.version;
      const steps = numberSteps(run, [{ type: 'result', content }]);
      expect(await commitRun(db, run, steps, { announceState: false, expect: version })).toBe(true);
      expect(run.version).not.toBe(version);
    }
    expect(await stepsOf(run.taskId)).toEqual(['1 first', '2 second', '3 third']);
    expect((await readRun(db, run.taskId))?.version).toBe(run.version);
  });

  it('writes nothing, steps included, once anyone else wrote the run', async () => {
    const run = await storedRun();
    // A command writes the run meanwhile, under its row lock.
    await db.transaction(async (tx) => {
      const locked = (await lockRun(tx, run.taskId))!;
      expect(locked.version).toBe(run.version);
      await recordEvent(tx, locked, { type: 'stop' });
    });
    const stopped = await readRun(db, run.taskId);
    const stale = { ...run, state: { ...run.state, goal: 'overwritten' } };
    const steps = numberSteps(stale, [{ type: 'result', content: 'lost' }]);
    expect(await commitRun(db, stale, steps, { announceState: true, expect: run.version })).toBe(
      false,
    );
    expect(await readRun(db, run.taskId)).toEqual(stopped);
    expect(await stepsOf(run.taskId)).toEqual(['1 first']);
  });

  it('leaves other runs alone', async () => {
    const [first, second] = [await storedRun(), await storedRun()];
    const steps = numberSteps(first, [{ type: 'result', content: 'only mine' }]);
    const version = first.version;
    expect(await commitRun(db, first, steps, { announceState: false, expect: version })).toBe(true);
    expect((await readRun(db, second.taskId))?.version).toBe(second.version);
    expect(await stepsOf(second.taskId)).toEqual(['1 first']);
  });
});
