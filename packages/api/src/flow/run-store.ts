import { agentSteps, type Database, flowRuns, type Transaction } from '@flows/db';
import type { FlowEffect, FlowEvent, FlowState, FlowStep } from '@flows/engine';
import { flowReducer } from '@flows/engine';
import { eq, sql } from 'drizzle-orm';
import { FEED_CHANNEL, type FeedMessage } from './feed';
import type { ModelSettings } from './model-client';

/** A run as stored: the engine's state, the effects still to carry out, and the next step number. */
export type StoredRun = {
  taskId: string;
  userId: string | null;
  state: FlowState;
  pendingEffects: FlowEffect[];
  /** The model settings; a per-run API key is kept only encrypted. */
  settings: Omit<ModelSettings, 'apiKey'> & { apiKeySealed?: string };
  nextSeq: number;
  /** When the run's timer is due (null without one). */
  timerDueAt: Date | null;
};

/** Announces a feed message once the surrounding transaction commits. */
export async function notifyFeed(db: Database | Transaction, message: FeedMessage) {
  await db.execute(sql`select pg_notify(${FEED_CHANNEL}, ${JSON.stringify(message)})`);
}

/** A flow_runs row read as a run (its JSON columns hold the engine's types). */
export function toStoredRun(row: typeof flowRuns.$inferSelect): StoredRun {
  return {
    taskId: row.taskId,
    userId: row.userId,
    state: row.state as unknown as FlowState,
    pendingEffects: row.pendingEffects as FlowEffect[],
    settings: row.settings as unknown as StoredRun['settings'],
    nextSeq: row.nextSeq,
    timerDueAt: row.timerDueAt,
  };
}

/** Reads a run and locks its row for the rest of the transaction. */
export async function lockRun(tx: Transaction, taskId: string): Promise<StoredRun | null> {
  const [row] = await tx.select().from(flowRuns).where(eq(flowRuns.taskId, taskId)).for('update');
  return row ? toStoredRun(row) : null;
}

/** Writes a run's state, effects, step counter and timer's due time back. */
export async function saveRun(tx: Transaction, run: StoredRun) {
  await tx
    .update(flowRuns)
    .set({
      state: run.state as unknown as Record<string, unknown>,
      pendingEffects: run.pendingEffects,
      nextSeq: run.nextSeq,
      timerDueAt: run.state.timer ? run.timerDueAt : null,
    })
    .where(eq(flowRuns.taskId, run.taskId));
}

/**
 * Feeds an event to the state machine: the new state replaces the old, its effects queue up
 * behind those still pending. Returns false when the event did not apply.
 */
export function applyEvent(run: StoredRun, event: FlowEvent, rest = run.pendingEffects): boolean {
  const transition = flowReducer(run.state, event);
  const applied = transition.state !== run.state || transition.effects.length > 0;
  run.state = transition.state;
  run.pendingEffects = [...rest, ...transition.effects];
  return applied;
}

/** Appends feed steps with the run's next sequence numbers, in one statement. */
export async function insertSteps(tx: Transaction, run: StoredRun, steps: FlowStep[]) {
  if (steps.length === 0) return;
  const first = run.nextSeq;
  await tx
    .insert(agentSteps)
    .values(steps.map((step, index) => ({ taskId: run.taskId, seq: first + index, ...step })));
  run.nextSeq = first + steps.length;
  await notifyFeed(tx, { kind: 'step', taskId: run.taskId, seq: run.nextSeq - 1 });
}

/** Adds steps to a run outside its state machine (a retry notice, a step posted by hand). */
export async function appendSteps(tx: Transaction, run: StoredRun, steps: FlowStep[]) {
  await insertSteps(tx, run, steps);
  await saveRun(tx, run);
}

/**
 * Writes the steps at the head of the run's effect queue and returns the effect behind them.
 * Called in the transaction that applied an event, so a state is never stored (or read) ahead of
 * the steps that led to it.
 */
export async function writeHeadSteps(
  tx: Transaction,
  run: StoredRun,
): Promise<Exclude<FlowEffect, { type: 'addStep' }> | undefined> {
  const steps: FlowStep[] = [];
  let head = run.pendingEffects[0];
  while (head?.type === 'addStep') {
    steps.push(head.step);
    run.pendingEffects = run.pendingEffects.slice(1);
    head = run.pendingEffects[0];
  }
  await insertSteps(tx, run, steps);
  return head;
}

/**
 * Applies an event, writes the steps it adds, saves the run and announces its new state once the
 * transaction commits; false when the event did not apply.
 */
export async function recordEvent(
  tx: Transaction,
  run: StoredRun,
  event: FlowEvent,
  rest = run.pendingEffects,
): Promise<boolean> {
  const applied = applyEvent(run, event, rest);
  await writeHeadSteps(tx, run);
  await saveRun(tx, run);
  await notifyFeed(tx, { kind: 'state', taskId: run.taskId });
  return applied;
}
