import { type Database, flowRuns } from '@flows/db';
import {
  FILE_TEXT,
  FLOW_CALL_ATTEMPTS,
  FLOW_TEXT,
  type FlowEffect,
  type FlowEvent,
  type FlowState,
  type FlowStep,
} from '@flows/engine';
import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { HostingEnv } from '../hosting/sites';
import { offeredTools, resolveToolCalls } from '../integrations/tools';
import { preparedFor } from '../prepared';
import { decryptSecret } from '../secrets/encryption';
import { type FeedMessage, MAX_TEXT_PIECE } from './feed';
import type { RunLocks } from './locks';
import type { FlowLog } from './log';
import { callModel, ModelCallError, type ModelImage, ToolsRejectedError } from './model-client';
import { operatorModelKey } from './model-keys';
import { callWithImages, promptWithFiles } from './run-files';
import {
  appendSteps,
  applyEvent,
  commitRun,
  lockRun,
  type NumberedStep,
  readRun,
  recordEvent,
  type StoredRun,
  takeHeadSteps,
} from './run-store';
import type { FlowSettings } from './settings';
import { createTextAnnouncer, type TextAnnouncer } from './text-announcer';
import { carryOutToolCall } from './tool-effects';
import { deployRunWebsite, saveRunWebsite } from './website-effects';

/** What the runner needs from its surroundings. */
export type FlowRunnerDeps = {
  db: Database;
  locks: RunLocks;
  settings: FlowSettings;
  log: FlowLog;
  /** Fires `timerFired(token)` on the run at `dueAt` (epoch ms), on time and durably. */
  scheduleTimer: (taskId: string, token: number, dueAt: number) => Promise<void>;
  /** Aborted when the process stops: work in flight is dropped and redone after a restart. */
  signal: AbortSignal;
};

type ExternalEffect = Extract<
  FlowEffect,
  { type: 'callModel' | 'saveWebsite' | 'deploy' | 'callTool' }
>;

/** What one pass over the head of a run's effect queue found. */
type Head = { kind: 'idle' } | { kind: 'external'; run: StoredRun; effect: ExternalEffect };

/**
 * The outcome of an external effect, for the call `callId` that carried it out, and the text it
 * streamed that is still to be announced (before the steps the answer leads to).
 */
type Answer = { callId: number; event: FlowEvent; text?: FeedMessage[] };

/** What taking the head of a run's queue came to, before it is written. */
type Taken = {
  run: StoredRun;
  /** Whether the run changed or has new steps: something to write. */
  write: boolean;
  announceState: boolean;
  steps: NumberedStep[];
  /** The waits to schedule once written. */
  timers: { token: number; dueAt: number }[];
  /** The run's status after the answer, when the answer applied. */
  status?: FlowState['status'];
  /** The external effect the run waits for now. */
  external?: ExternalEffect;
};

/** Whether a run has effects to carry out (looked for after letting go of its lock). */
const pendingEffectsQuery = preparedFor((db) =>
  db
    .select({ taskId: flowRuns.taskId })
    .from(flowRuns)
    .where(
      and(
        eq(flowRuns.taskId, sql.placeholder('taskId')),
        sql`${flowRuns.pendingEffects} <> '[]'::jsonb`,
      ),
    )
    .prepare('flow_pending_effects'),
);

/**
 * Whether a timer's durable backstop has anything to do: the timer still waits (its process died
 * before it fired), or the run has effects left.
 */
const backstopDueQuery = preparedFor((db) =>
  db
    .select({ taskId: flowRuns.taskId })
    .from(flowRuns)
    .where(
      and(
        eq(flowRuns.taskId, sql.placeholder('taskId')),
        sql`((${flowRuns.state}->'timer'->>'token')::int = ${sql.placeholder('token')}::int
          or ${flowRuns.pendingEffects} <> '[]'::jsonb)`,
      ),
    )
    .prepare('flow_backstop_due'),
);

/**
 * Advances durable flow runs by carrying out the effects the engine's state machine asks for.
 * Each effect is taken off the run's queue in the same transaction that records its outcome, so
 * a worker killed at any point resumes without losing or repeating a step.
 */
export function createFlowRunner(deps: FlowRunnerDeps) {
  const { db, settings } = deps;
  /** Runs waiting on a timer this process set, as it wrote them (see takeWaiting). */
  const waiting = new Map<string, StoredRun>();
  // Visitors' deploy quota and site lifetime limit requests, not runs: none here.
  const hostingEnv: HostingEnv = {
    hosting: settings.hosting,
    allowPrivateTargets: settings.allowPrivateTargets,
    flowTimeScale: settings.flowTimeScale,
    siteBaseUrl: settings.siteBaseUrl,
  };

  /**
   * Records the answer to the external effect `callId` (if the run still waits for it) and
   * carries out the local effects at the head of the run's queue (steps, timers), on `run`;
   * returns what to write and the external effect behind them, if any.
   */
  function takeLocal(run: StoredRun, answer?: Answer): Taken {
    const taken: Taken = { run, write: false, announceState: false, steps: [], timers: [] };
    if (answer) {
      const [effect, ...rest] = run.pendingEffects;
      if (effect && 'callId' in effect && effect.callId === answer.callId) {
        applyEvent(run, answer.event, rest);
        taken.status = run.state.status;
        taken.write = taken.announceState = true;
      }
    }
    if (run.pendingEffects.length === 0 && !taken.write) return taken;
    for (
      let effect = takeHeadSteps(run, taken.steps);
      effect;
      effect = takeHeadSteps(run, taken.steps)
    ) {
      const rest = run.pendingEffects.slice(1);
      if (effect.type === 'schedule') {
        if (effect.afterMs > 0) {
          run.pendingEffects = rest;
          // Due from when the event asked for the wait (applyEvent), if that was this timer's.
          const dueAt =
            run.state.timer?.token === effect.event.token && run.timerDueAt
              ? run.timerDueAt.getTime()
              : Date.now() + effect.afterMs;
          run.timerDueAt = new Date(dueAt);
          taken.timers.push({ token: effect.event.token, dueAt });
        } else {
          applyEvent(run, effect.event, rest);
          taken.announceState = true;
        }
      } else if (run.state.pending?.callId !== effect.callId) {
        run.pendingEffects = rest; // overtaken by Stop or Reset
      } else {
        taken.external = effect;
        break;
      }
      taken.write = true;
    }
    taken.write ||= taken.steps.length > 0;
    return taken;
  }

  /**
   * takeLocal on a run read without its row lock, written in one statement that holds only if
   * nobody else wrote the run since it was read; null when it did not.
   */
  async function takeUnlocked(run: StoredRun, answer?: Answer): Promise<Taken | null> {
    run.readAt = undefined; // its new steps are stamped when written, not when it was read
    const taken = takeLocal(run, answer);
    if (!taken.write) return taken;
    const { steps, announceState } = taken;
    const written = await commitRun(db, run, steps, {
      announceState,
      expect: run.version,
      before: answer?.text,
    });
    return written ? taken : null;
  }

  /** takeLocal on the run read locked, and written, in one transaction; null without a run. */
  function takeLocked(taskId: string, answer?: Answer): Promise<Taken | null> {
    return db.transaction(async (tx) => {
      const run = await lockRun(tx, taskId);
      if (!run) return null;
      const taken = takeLocal(run, answer);
      const { steps, announceState } = taken;
      if (taken.write) await commitRun(tx, run, steps, { announceState, before: answer?.text });
      return taken;
    });
  }

  /**
   * Records the answer to the external effect `callId` (if the run still waits for it), carries
   * out the local effects at the head of the run's queue (steps, timers) and writes all of it in
   * one statement; returns the external effect behind them, if any.
   *
   * The worker holds the run's lock, so nobody else carries out its effects: the run is read
   * without a transaction (or `known`, as this worker last wrote it, is not read at all) and
   * written in one statement, as long as nobody else wrote it meanwhile. Otherwise (a command, a
   * timer or a retry notice did) it is read again, locked, in a transaction.
   */
  async function takeHead(taskId: string, answer?: Answer, known?: StoredRun): Promise<Head> {
    const run = known ?? (await readRun(db, taskId));
    const taken = run && ((await takeUnlocked(run, answer)) ?? (await takeLocked(taskId, answer)));
    if (answer && 'message' in answer.event) {
      const { event } = answer;
      deps.log.warn({ taskId, event: event.type, error: event.message }, 'run step failed');
    }
    if (taken?.status === 'complete') deps.log.info({ taskId }, 'run completed');
    const timers = taken?.timers ?? [];
    // The run as written, for its timer to fire on without reading it again (nothing else holds
    // it once the run waits; a write since is found out by the version its firing expects).
    if (taken && timers.length > 0 && !taken.external) waiting.set(taskId, taken.run);
    await Promise.all(timers.map((timer) => deps.scheduleTimer(taskId, timer.token, timer.dueAt)));
    return taken?.external
      ? { kind: 'external', run: taken.run, effect: taken.external }
      : { kind: 'idle' };
  }

  /** Adds a step while the run's call `callId` is under way (a retry notice, say). */
  async function noteDuringCall(taskId: string, callId: number, step: FlowStep) {
    await db.transaction(async (tx) => {
      const run = await lockRun(tx, taskId);
      if (run?.state.pending?.callId !== callId) return;
      await appendSteps(tx, run, [step]);
    });
  }

  async function callModelFor(
    run: StoredRun,
    effect: Extract<ExternalEffect, { type: 'callModel' }>,
    text: TextAnnouncer,
  ) {
    const { callId } = effect;
    const { taskId } = run;
    const { apiKeySealed, withFiles: hasFiles, ...model } = run.settings;
    try {
      const apiKey = apiKeySealed
        ? decryptSecret(apiKeySealed, settings.secretKey)
        : operatorModelKey(settings.modelApiKeys, model.endpoint);
      // The task list and every task see the run's files: documents' text and images.
      const withFiles =
        effect.purpose === 'summary' || hasFiles === false
          ? { prompt: effect.prompt, images: [] }
          : await promptWithFiles(db, taskId, effect.prompt, {
              budget: settings.files.promptBudgetChars,
              focus:
                effect.purpose === 'task'
                  ? run.state.tasks[effect.taskIndex]?.description
                  : run.state.goal,
            });
      // A task's model call is offered the user's tools, and carries its conversation so far.
      const task = effect.purpose === 'task' ? effect : null;
      const offered = task?.tools ? await offeredTools(db, run.userId) : [];
      const call = (images: readonly ModelImage[]) =>
        callModel({ ...model, apiKey }, withFiles.prompt, {
          images,
          ...(task && {
            history: task.messages ?? [],
            tools: offered.map(({ name, description, parameters }) => ({
              name,
              description,
              parameters,
            })),
          }),
          timeScale: settings.flowTimeScale,
          timeoutMs: settings.modelTimeoutMs,
          signal: deps.signal,
          onText: (delta, reasoning) => {
            for (let at = 0; at < delta.length; at += MAX_TEXT_PIECE) {
              const piece = delta.slice(at, at + MAX_TEXT_PIECE);
              text.announce({
                kind: 'text',
                taskId,
                callId,
                delta: piece,
                ...(reasoning && { reasoning }),
              });
            }
          },
          onRetry: ({ error, delayMs, attempt }) => {
            text.announce({ kind: 'text', taskId, callId, delta: '', restart: true });
            const reason =
              error.status === undefined
                ? `The AI service did not answer (${error.message})`
                : FLOW_TEXT.serverResponded(error.status, error.statusText ?? 'Error');
            const content = FLOW_TEXT.retryingCall(reason, delayMs, attempt, FLOW_CALL_ATTEMPTS);
            return noteDuringCall(taskId, callId, { type: 'thinking', content });
          },
        });
      const answer = await callWithImages(taskId, withFiles.images, call, (reason) =>
        noteDuringCall(taskId, callId, {
          type: 'thinking',
          content: FILE_TEXT.imagesRejected(reason),
        }),
      );
      const reply = { reply: answer.reply, thinking: answer.reasoning.trim(), callId };
      if (task && answer.toolCalls?.length) {
        const calls = resolveToolCalls(offered, answer.toolCalls);
        return { type: 'taskToolCalls', ...reply, calls } as const;
      }
      if (effect.purpose === 'taskList') return { type: 'taskListReply', ...reply } as const;
      if (effect.purpose === 'task') return { type: 'taskReply', ...reply } as const;
      return { type: 'summaryReply', ...reply } as const;
    } catch (error) {
      if (error instanceof ToolsRejectedError && effect.purpose === 'task') {
        return { type: 'taskToolsRejected', message: error.message, callId } as const;
      }
      const failure =
        error instanceof ModelCallError
          ? error
          : new ModelCallError(error instanceof Error ? error.message : String(error), 'other');
      const { kind, message } = failure;
      const { endpoint } = model;
      if (effect.purpose === 'taskList')
        return { type: 'taskListFailed', kind, message, endpoint, callId } as const;
      if (effect.purpose === 'task')
        return { type: 'taskFailed', kind, message, endpoint, callId } as const;
      return { type: 'summaryFailed', message, callId } as const;
    }
  }

  async function saveWebsiteFor(
    run: StoredRun,
    effect: Extract<ExternalEffect, { type: 'saveWebsite' }>,
  ) {
    const { callId } = effect;
    try {
      const websiteId = await saveRunWebsite(db, settings.secretKey, run, effect);
      return { type: 'websiteSaved', websiteId, callId } as const;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { type: 'websiteSaveFailed', message, callId } as const;
    }
  }

  async function deployFor(run: StoredRun, effect: Extract<ExternalEffect, { type: 'deploy' }>) {
    const { callId } = effect;
    try {
      const deployUrl = await deployRunWebsite(db, hostingEnv, settings.secretKey, run, effect);
      return { type: 'deployed', deployUrl, callId } as const;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { type: 'deployFailed', message, callId } as const;
    }
  }

  function carryOut(
    run: StoredRun,
    effect: ExternalEffect,
    text: TextAnnouncer,
  ): Promise<FlowEvent> {
    if (effect.type === 'callModel' && effect.purpose === 'taskList') {
      deps.log.info({ taskId: run.taskId }, 'run started');
    }
    if (effect.type === 'callModel') return callModelFor(run, effect, text);
    if (effect.type === 'saveWebsite') return saveWebsiteFor(run, effect);
    if (effect.type === 'callTool') return carryOutToolCall(db, settings, run, effect);
    return deployFor(run, effect);
  }

  /**
   * Works through a run's effects until it has none left or waits on a timer; `known` is the run
   * as this process last wrote it, when it has it.
   */
  async function drain(taskId: string, known?: StoredRun) {
    const text = createTextAnnouncer(db);
    let head = await takeHead(taskId, undefined, known);
    while (head.kind === 'external') {
      const { callId } = head.effect;
      const event = await carryOut(head.run, head.effect, text);
      if (deps.signal.aborted) {
        // A tool call's outcome is recorded even now: it was sent, and is never sent again.
        if (head.effect.type === 'callTool') await takeHead(taskId, { callId, event });
        return; // any other effect stays queued for the next process
      }
      // The answer and the local effects it leads to, written together.
      const answer = { callId, event, text: await text.takeRest() };
      head = await takeHead(taskId, answer, head.run);
    }
  }

  async function hasPendingEffects(taskId: string): Promise<boolean> {
    const rows = await pendingEffectsQuery(db).execute({ taskId });
    return rows.length > 0;
  }

  /**
   * Advances a run as far as it can go now. When another worker holds the run it returns at once:
   * that worker looks again for new effects after letting go.
   */
  async function advance(taskId: string, known?: StoredRun): Promise<void> {
    for (let last = known; ; last = undefined) {
      const ran = await deps.locks.tryWithLock(taskId, () => drain(taskId, last));
      // A stopping process leaves what is left to the next one.
      if (!ran || deps.signal.aborted || !(await hasPendingEffects(taskId))) return;
    }
  }

  /** The run as this process wrote it when it set the timer `token`, taken out; or undefined. */
  function takeWaiting(taskId: string, token: number): StoredRun | undefined {
    const run = waiting.get(taskId);
    if (run?.state.timer?.token !== token) return undefined;
    waiting.delete(taskId);
    return run;
  }

  /**
   * Fires a run's timer (a stale token is ignored by the state machine) and advances it. Written
   * as takeHead writes: on the run as this process wrote it when it set the timer (or else read
   * without its lock), in one statement that holds as long as nobody wrote the run since (the
   * timers of runs started together fire together: no burst of transactions); otherwise read
   * again, locked, in a transaction. The run as fired is advanced without reading it again.
   */
  async function fireTimer(taskId: string, token: number): Promise<void> {
    const event: FlowEvent = { type: 'timerFired', token };
    const run = takeWaiting(taskId, token) ?? (await readRun(db, taskId));
    const fired =
      run?.version !== undefined && (await recordEvent(db, run, event, run.version)).written;
    if (run && !fired) {
      await db.transaction(async (tx) => {
        const locked = await lockRun(tx, taskId);
        if (locked) await recordEvent(tx, locked, event);
      });
    }
    await advance(taskId, fired ? run : undefined);
  }

  /**
   * A timer's queued backstop job: nearly always its timer fired on time in the process that set
   * it, and one read is all the job costs; otherwise it fires the timer and advances the run.
   */
  async function fireBackstop(taskId: string, token: number): Promise<void> {
    const due = await backstopDueQuery(db).execute({ taskId, token });
    if (due.length > 0) await fireTimer(taskId, token);
  }

  /**
   * Runs left mid-way by a stopped process or a lost connection: those whose effects have waited
   * untouched for longer than `graceMs` (runs another live worker holds are skipped by their
   * lock; runs written since are being worked, or wait in the queue for a worker with time), and
   * those whose timer is due for longer than `graceMs` (its firing was lost with the process, or
   * failed with the database). Reads no states: the timer's token alone.
   */
  async function recover(options: { graceMs: number }): Promise<void> {
    const stale = sql`now() - ${options.graceMs} * interval '1 millisecond'`;
    const pending = sql<boolean>`${flowRuns.pendingEffects} <> '[]'::jsonb`;
    const rows = await db
      .select({
        taskId: flowRuns.taskId,
        pending,
        timerToken: sql<number | null>`(${flowRuns.state}->'timer'->>'token')::integer`,
      })
      .from(flowRuns)
      .where(or(and(pending, lte(flowRuns.updatedAt, stale)), lte(flowRuns.timerDueAt, stale)));
    await Promise.all(
      rows.map((row) => {
        if (row.pending) return advance(row.taskId);
        return row.timerToken === null ? undefined : fireTimer(row.taskId, row.timerToken);
      }),
    );
  }

  return { advance, fireTimer, fireBackstop, recover };
}

export type FlowRunner = ReturnType<typeof createFlowRunner>;
