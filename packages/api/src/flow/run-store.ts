import { agentSteps, type Database, flowRuns, rowsOf, type Transaction, tasks } from '@flows/db';
import type { FlowEffect, FlowEvent, FlowState, FlowStep } from '@flows/engine';
import { flowReducer, runOutcome } from '@flows/engine';
import { eq, type SQL, sql } from 'drizzle-orm';
import { preparedFor } from '../prepared';
import { FEED_CHANNEL, type FeedMessage, type FlowRunView, MAX_NOTIFY_BYTES } from './feed';
import type { ModelSettings } from './model-client';

/** A run as stored: the engine's state, the effects still to carry out, and the next step number. */
export type StoredRun = {
  taskId: string;
  userId: string | null;
  state: FlowState;
  pendingEffects: FlowEffect[];
  /** The model settings; a per-run API key is kept only encrypted. */
  settings: Omit<ModelSettings, 'apiKey'> & {
    apiKeySealed?: string;
    /** Whether files were attached at the start (runs stored before this was kept lack it). */
    withFiles?: boolean;
  };
  nextSeq: number;
  /** When the run's timer is due (null without one). */
  timerDueAt: Date | null;
  /**
   * The version of the row this run was read as or written as (its `xmin`: every write gives it
   * a new one), for a write that holds only while nobody else wrote the run (see `commitRun`).
   */
  version?: string;
  /**
   * When the transaction that read the run began (epoch ms): the time its new steps are stamped
   * with (agent_steps.timestamp defaults to now()), which a wait they lead to counts from. Unset
   * when the run is written in one statement of its own: its steps are stamped just after now.
   */
  readAt?: number;
};

/** Fields of a run's state that runs stored before tools were added lack. */
const toolDefaults = { pendingApproval: null, tools: null, toolCallsUsed: 0, toolsOff: false };

/** A run as flow.state answers and the feed sends it. */
export function viewOf(run: StoredRun): FlowRunView {
  return {
    ...toolDefaults,
    ...run.state,
    taskId: run.taskId,
    lastSeq: run.nextSeq - 1,
    pendingWork: run.pendingEffects.length,
  };
}

/** How much earlier than "now" a wait may count from: the transaction's start, within reason. */
const MAX_WAIT_HEAD_START_MS = 500;

/** Announces a feed message once the surrounding transaction commits. */
export async function notifyFeed(db: Database | Transaction, message: FeedMessage) {
  await db.execute(sql`select pg_notify(${FEED_CHANNEL}, ${JSON.stringify(message)})`);
}

/** Announces several feed messages, in order, in one statement. */
export async function notifyFeedAll(db: Database | Transaction, messages: FeedMessage[]) {
  if (messages.length === 0) return;
  if (messages.length === 1) return notifyFeed(db, messages[0]!);
  const payloads = JSON.stringify(messages.map((message) => JSON.stringify(message)));
  await db.execute(sql`
    select pg_notify(${FEED_CHANNEL}, message)
    from jsonb_array_elements_text(${payloads}::text::jsonb) with ordinality as m(message, n)
    order by n`);
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

/** A run's row version (see `StoredRun.version`). */
const version = sql<string>`${flowRuns}.xmin::text`;

/** Reads a run and locks its row for the rest of the transaction. */
export async function lockRun(tx: Transaction, taskId: string): Promise<StoredRun | null> {
  const [row] = await tx
    .select({
      run: flowRuns,
      readAt: sql<number>`(extract(epoch from now()) * 1000)::float8`.mapWith(Number),
      version,
    })
    .from(flowRuns)
    .where(eq(flowRuns.taskId, taskId))
    .for('update');
  return row ? { ...toStoredRun(row.run), readAt: row.readAt, version: row.version } : null;
}

const readRunQuery = preparedFor((db) =>
  db
    .select({ run: flowRuns, version })
    .from(flowRuns)
    .where(eq(flowRuns.taskId, sql.placeholder('taskId')))
    .prepare('flow_read_run'),
);

/**
 * Reads a run without locking it: what it read may be written over at once, which a write that
 * expects its version finds out (`commitRun`).
 */
export async function readRun(db: Database, taskId: string): Promise<StoredRun | null> {
  const [row] = await readRunQuery(db).execute({ taskId });
  return row ? { ...toStoredRun(row.run), version: row.version } : null;
}

/** Writes a run's state, effects, step counter and timer's due time back. */
export async function saveRun(tx: Transaction, run: StoredRun) {
  await tx
    .update(flowRuns)
    .set({
      state: run.state as unknown as Record<string, unknown>,
      outcome: runOutcome(run.state),
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
  // A wait is due from the moment the event asked for it, when the steps before it are stamped
  // (the transaction's start, at most MAX_WAIT_HEAD_START_MS back), not from when the runner
  // gets to it.
  const now = Date.now();
  const from = Math.max(now - MAX_WAIT_HEAD_START_MS, Math.min(now, run.readAt ?? now));
  for (const effect of transition.effects) {
    if (effect.type === 'schedule' && effect.afterMs > 0) {
      run.timerDueAt = new Date(from + effect.afterMs);
    }
  }
  return applied;
}

/** A feed step numbered for its run, about to be written. */
export type NumberedStep = FlowStep & { seq: number };

/** Gives steps the run's next sequence numbers (written later by `commitRun`). */
export function numberSteps(run: StoredRun, steps: FlowStep[], into: NumberedStep[] = []) {
  for (const step of steps) into.push({ ...step, seq: run.nextSeq++ });
  return into;
}

/**
 * The announcement of a run's new state: carrying its view as written, when that fits in a
 * notification (else the feed's readers read it).
 */
function stateAnnouncement(run: StoredRun): string {
  const carried = JSON.stringify({ kind: 'state', taskId: run.taskId, state: viewOf(run) });
  return Buffer.byteLength(carried) <= MAX_NOTIFY_BYTES
    ? carried
    : JSON.stringify({ kind: 'state', taskId: run.taskId });
}

/** Inserts the run's new steps (a data-modifying WITH query, done only when `when` holds). */
function insertSteps(run: StoredRun, steps: NumberedStep[], when = sql`true`) {
  const rows = steps.map(({ seq, type, content, error }) => ({
    seq,
    type,
    content,
    error: error ?? false,
  }));
  return sql`
    insert into ${agentSteps} (task_id, seq, type, content, error)
    select ${run.taskId}::text::uuid, step.seq, step.type, step.content, step.error
    from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb)
      as step(seq integer, type text, content text, error boolean)
    where ${when}
    returning id, seq, type, content, error, "timestamp"`;
}

/**
 * Announces, in order, once the transaction commits: `before` (text streamed ahead of the
 * write), the last step written (carrying the statement's `inserted` steps, as the feed sends
 * them, when that fits in a notification; else the feed's readers read them), and the run's state
 * when it changed. Select-list expressions, evaluated in order; PostgreSQL sends the payloads as
 * given, parsing none of them.
 */
function announce(
  run: StoredRun,
  steps: NumberedStep[],
  options: { announceState: boolean; before?: FeedMessage[] },
): SQL {
  const notices: SQL[] = [];
  if (options.before?.length) {
    const payloads = JSON.stringify(options.before.map((message) => JSON.stringify(message)));
    notices.push(sql`(select count(pg_notify(${FEED_CHANNEL}, message))
      from jsonb_array_elements_text(${payloads}::text::jsonb) as message)`);
  }
  const last = steps.at(-1);
  if (last) {
    const message = JSON.stringify({ kind: 'step', taskId: run.taskId, seq: last.seq });
    notices.push(sql`pg_notify(${FEED_CHANNEL}, coalesce((
      select payload from (
        select left(${message}::text, -1) || ',"steps":' || json_agg(json_build_object(
            'id', id, 'seq', seq, 'type', type, 'content', content, 'error', error,
            'timestamp', "timestamp") order by seq)::text || '}' as payload
        from inserted) as carried
      where octet_length(payload) <= ${MAX_NOTIFY_BYTES}), ${message}::text))`);
  }
  if (options.announceState)
    notices.push(sql`pg_notify(${FEED_CHANNEL}, ${stateAnnouncement(run)}::text)`);
  return notices.length > 0 ? sql.join(notices, sql`, `) : sql`null`;
}

/** The run's columns as written: its timer's due time only while it has a timer. */
function runColumns(run: StoredRun) {
  return {
    state: sql`${JSON.stringify(run.state)}::text::jsonb`,
    outcome: sql`${runOutcome(run.state)}::text`,
    pendingEffects: sql`${JSON.stringify(run.pendingEffects)}::text::jsonb`,
    nextSeq: sql`${run.nextSeq}::integer`,
    timerDueAt: sql`${run.state.timer ? (run.timerDueAt?.toISOString() ?? null) : null}::text::timestamptz`,
  };
}

/**
 * Writes a new task, its run and the run's first steps, and announces them once the transaction
 * commits, in one statement: one round trip.
 */
export async function insertRun(
  db: Database | Transaction,
  task: { goal: string; clientAddress: string | null },
  run: StoredRun,
  steps: NumberedStep[],
) {
  const columns = runColumns(run);
  const settings = JSON.stringify(run.settings);
  // Data-modifying WITH queries always run to completion, whether or not the last query reads
  // them; the steps' and the run's references to the task are checked at the statement's end.
  await db.execute(sql`
    with task as (
      insert into ${tasks} (id, goal, user_id, client_address)
      values (${run.taskId}::text::uuid, ${task.goal}, ${run.userId}::text::uuid, ${task.clientAddress})
    ), created as (
      insert into ${flowRuns} (task_id, user_id, state, outcome, pending_effects, settings, next_seq, timer_due_at)
      values (${run.taskId}::text::uuid, ${run.userId}::text::uuid, ${columns.state}, ${columns.outcome},
        ${columns.pendingEffects}, ${settings}::text::jsonb, ${columns.nextSeq}, ${columns.timerDueAt})
    ), inserted as (${insertSteps(run, steps)})
    select ${announce(run, steps, { announceState: true })}`);
}

/**
 * Writes a run's new steps, the run itself (state, effects, step counter, timer's due time) and
 * its announcements (sent when the transaction commits, `before` first) in one statement: one
 * round trip. Steps and the state they led to are written together, so a state is never stored
 * (or read) ahead of its feed.
 *
 * With `expect`, the write holds only if the row is still that version (`StoredRun.version`):
 * nothing is written when anyone else wrote the run since, and false comes back. That makes one
 * statement, outside a transaction, as safe as reading the run locked and writing it back.
 * Without it, the caller holds the row locked. A write gives `run` the row's new version.
 */
export async function commitRun(
  db: Database | Transaction,
  run: StoredRun,
  steps: NumberedStep[],
  options: { announceState: boolean; expect?: string; before?: FeedMessage[] },
): Promise<boolean> {
  const columns = runColumns(run);
  const unchanged =
    options.expect === undefined ? sql`` : sql`and xmin = ${options.expect}::text::xid`;
  // Data-modifying WITH queries always run to completion, whether or not the last query reads
  // them; the steps and announcements depend on the run's row being written.
  const result = await db.execute(sql`
    with updated as (
      update ${flowRuns}
      set state = ${columns.state}, outcome = ${columns.outcome},
        pending_effects = ${columns.pendingEffects},
        next_seq = ${columns.nextSeq}, timer_due_at = ${columns.timerDueAt}, updated_at = now()
      where task_id = ${run.taskId}::text::uuid ${unchanged}
      returning xmin::text as version
    ), inserted as (${insertSteps(run, steps, sql`exists (select from updated)`)})
    select version, ${announce(run, steps, options)}
    from updated`);
  const [written] = rowsOf<{ version: string }>(result);
  if (written) run.version = written.version;
  return written !== undefined;
}

/** Adds steps to a run outside its state machine (a retry notice, a step posted by hand). */
export async function appendSteps(tx: Transaction, run: StoredRun, steps: FlowStep[]) {
  await commitRun(tx, run, numberSteps(run, steps), { announceState: false });
}

/**
 * Takes the steps at the head of the run's effect queue (numbered, into `steps`, for
 * `commitRun` to write in the transaction that applied the event) and returns the effect behind
 * them.
 */
export function takeHeadSteps(
  run: StoredRun,
  steps: NumberedStep[],
): Exclude<FlowEffect, { type: 'addStep' }> | undefined {
  let head = run.pendingEffects[0];
  while (head?.type === 'addStep') {
    numberSteps(run, [head.step], steps);
    run.pendingEffects = run.pendingEffects.slice(1);
    head = run.pendingEffects[0];
  }
  return head;
}

/**
 * Applies an event, writes the steps it adds, saves the run and announces its new state once the
 * transaction commits, in one statement. `applied` is false when the event did not apply. With
 * `expect` (a run read without its lock) the write holds only if the row is still that version;
 * `written` says whether it did (see `commitRun`).
 */
export async function recordEvent(
  db: Database | Transaction,
  run: StoredRun,
  event: FlowEvent,
  expect?: string,
): Promise<{ applied: boolean; written: boolean }> {
  const applied = applyEvent(run, event, run.pendingEffects);
  const steps: NumberedStep[] = [];
  takeHeadSteps(run, steps);
  const written = await commitRun(db, run, steps, { announceState: true, expect });
  return { applied, written };
}
