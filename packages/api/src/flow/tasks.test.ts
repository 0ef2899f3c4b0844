import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type DatabaseHandle, flowRuns, sessions, users } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { createFlowState, type FlowState, runOutcome } from '@flows/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuth } from '../auth/lucia';
import { commitRun, insertRun, type StoredRun } from './run-store';
import { createTask, type HistoryEntry, listTasks, validateSessionWithHistory } from './tasks';

const DAY_MS = 24 * 60 * 60 * 1000;

let handle: DatabaseHandle;
let ownerId: string;
let otherId: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  const [owner, other] = await handle.db
    .insert(users)
    .values([
      { username: 'history_owner', email: 'owner@example.com', passwordHash: 'x' },
      { username: 'history_other', email: 'other@example.com', passwordHash: 'x' },
    ])
    .returning();
  ownerId = owner!.id;
  otherId = other!.id;
  await createTask(handle.db, 'First goal', ownerId);
  await createTask(handle.db, 'Second goal', ownerId);
  await createTask(handle.db, 'Not the owner’s goal', otherId);
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(sessions);
});

/** The history the session check read, as a client reads its JSON text. */
async function historyRead(auth: ReturnType<typeof createAuth>, sessionId: string) {
  const { historyJson, ...rest } = await validateSessionWithHistory(auth, handle.db, sessionId);
  return {
    ...rest,
    history: historyJson === null ? null : (JSON.parse(historyJson) as HistoryEntry[]),
  };
}

describe('the history read with the session check', () => {
  it('answers the user and the same history as listTasks, newest first', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    const { id } = await auth.createSession(ownerId, {});
    const { session, user, history } = await historyRead(auth, id);
    expect(session?.id).toBe(id);
    expect(session?.fresh).toBe(false);
    expect(user).toMatchObject({ id: ownerId, username: 'history_owner' });
    expect(history?.map((task) => task.goal)).toEqual(['Second goal', 'First goal']);
    expect(history).toEqual(await listTasks(handle.db, ownerId));
    expect(history?.[0]).toEqual({
      id: expect.any(String),
      goal: 'Second goal',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      fileCount: 0,
      status: null,
    });
  });

  it('answers no user and no history for an unknown session', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    expect(await validateSessionWithHistory(auth, handle.db, 'unknown')).toEqual({
      session: null,
      user: null,
      historyJson: null,
    });
  });

  it('keeps lucia’s rules: an expired session reads nothing and is deleted', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    const { id } = await auth.createSession(ownerId, {});
    await handle.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const result = await validateSessionWithHistory(auth, handle.db, id);
    expect(result).toEqual({ session: null, user: null, historyJson: null });
    expect(await handle.db.select().from(sessions)).toEqual([]);
  });

  it('ends a session past its absolute lifetime, however recently it was used', async () => {
    const auth = createAuth(handle.db, { secureCookies: false, sessionMaxAgeMs: 10 * DAY_MS });
    const { id } = await auth.createSession(ownerId, {});
    await handle.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * DAY_MS) });
    expect((await validateSessionWithHistory(auth, handle.db, id)).historyJson).toBeNull();
    expect(await handle.db.select().from(sessions)).toEqual([]);
  });

  it('extends a session in the second half of its idle time, as every session check does', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    const { id } = await auth.createSession(ownerId, {});
    await handle.db.update(sessions).set({ expiresAt: new Date(Date.now() + DAY_MS) });
    const { session, history } = await historyRead(auth, id);
    expect(session?.fresh).toBe(true);
    expect(history).toHaveLength(2);
    const [stored] = await handle.db.select().from(sessions);
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * DAY_MS);
  });
});

/** States covering every way runOutcome decides. */
const states: FlowState[] = [
  ...(['idle', 'planning', 'executing', 'waiting', 'summarising', 'stopped'] as const).map(
    (status) => ({ ...createFlowState(), status }),
  ),
  { ...createFlowState(), status: 'stopped', error: 'The model server did not answer' },
  { ...createFlowState(), status: 'complete' },
  {
    ...createFlowState(),
    status: 'complete',
    tasks: [
      { description: 'a', completed: true, result: 'done', failed: false },
      { description: 'b', completed: true, result: 'Server returned 500', failed: true },
    ],
  },
];

async function ownersRun(state: FlowState): Promise<StoredRun> {
  const run: StoredRun = {
    taskId: randomUUID(),
    userId: ownerId,
    state,
    pendingEffects: [],
    settings: { provider: 'lmstudio', endpoint: 'http://model/v1', model: 'm', temperature: 0 },
    nextSeq: 1,
    timerDueAt: null,
  };
  await insertRun(handle.db, { goal: `Run ${run.taskId}`, clientAddress: null }, run, []);
  return run;
}

describe('how each run stands in the history', () => {
  it('is runOutcome of the state the run store last wrote', async () => {
    const run = await ownersRun({ ...createFlowState(), status: 'executing' });
    const statusOf = async () =>
      (await listTasks(handle.db, ownerId)).find((task) => task.id === run.taskId)?.status;
    expect(await statusOf()).toBe('running');
    for (const state of states) {
      run.state = state;
      await commitRun(handle.db, run, [], { announceState: false });
      expect(await statusOf()).toBe(runOutcome(state));
    }
  });

  it('is what the migration that added it computes for runs stored before', async () => {
    const runs = await Promise.all(states.map(ownersRun));
    const migration = readFileSync(
      new URL('../../../db/drizzle/0012_run_outcome.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((part) => /UPDATE/.test(part));
    await handle.db.update(flowRuns).set({ outcome: 'running' });
    await handle.db.execute(backfill!);
    for (const run of runs) {
      const [row] = await handle.db.select().from(flowRuns).where(eq(flowRuns.taskId, run.taskId));
      expect(row!.outcome, run.state.status).toBe(runOutcome(run.state));
    }
  });
});
