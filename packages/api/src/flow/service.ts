import { randomUUID } from 'node:crypto';
import { agentSteps, type Database, flowRuns, type Transaction, tasks } from '@flows/db';
import {
  createFlowState,
  FILE_TEXT,
  type FlowEvent,
  type FlowState,
  type FlowStep,
  modelForProvider,
} from '@flows/engine';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { TStartFlowInput } from '../contracts/flow';
import { attachFilesToRun, type FileLimits } from '../files/service';
import { foundOr404, type Viewer, visibleTo } from '../ownership';
import { encryptSecret } from '../secrets/encryption';
import type { FlowRunView } from './feed';
import { forgetOldRunAddresses, reserveFreeRun } from './free-runs';
import { normalizeEndpoint } from './model-client';
import {
  appendSteps,
  applyEvent,
  insertRun,
  lockRun,
  type NumberedStep,
  notifyFeed,
  recordEvent,
  type StoredRun,
  takeHeadSteps,
  toStoredRun,
  viewOf,
} from './run-store';

/** The file limits of runs started without the operator's (FILES_PER_RUN's default). */
const DEFAULT_RUN_FILE_LIMITS = { perRun: 5, visitorTtlHours: 24 };

/** Fails with 404 unless the task exists and the viewer may see it. */
export async function assertTaskVisible(db: Database, taskId: string, viewer: Viewer) {
  await foundOr404(
    taskId,
    () =>
      db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.id, taskId), visibleTo(tasks.userId, viewer))),
    'Task not found',
  );
}

/** Checks a model endpoint against the operator's list; answers 400 naming the allowed ones. */
export function allowedEndpoint(endpoint: string | undefined, allowed: string[]): string {
  if (endpoint === undefined) return allowed[0]!;
  const wanted = normalizeEndpoint(endpoint);
  const match = allowed.find((candidate) => normalizeEndpoint(candidate) === wanted);
  if (!match) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `This server only calls the model endpoints it is configured for: ${allowed.join(', ')}`,
    });
  }
  return match;
}

/**
 * Creates the task and its run, with the start event applied; the caller kicks the run. A
 * visitor's run records the client's address, which the free plan's daily limit (`freeRunsPerDay`,
 * 0 = none) counts by; FreeRunLimitError (nothing created) past that limit.
 */
export async function startFlow(
  db: Database,
  input: TStartFlowInput,
  options: {
    userId: Viewer;
    endpoint: string;
    secretKey: Buffer;
    timeScale: number;
    /** Files per run, and visitors' file lifetime (ApiConfig's `files`). */
    fileLimits?: Pick<FileLimits, 'perRun' | 'visitorTtlHours'>;
    clientAddress?: string;
    freeRunsPerDay?: number;
  },
): Promise<string> {
  const clientAddress = options.userId ? null : (options.clientAddress ?? null);
  // Sent with the start, pipelined: no round trip of its own.
  const forgetting = clientAddress ? forgetOldRunAddresses(db) : undefined;
  const run: StoredRun = {
    taskId: randomUUID(),
    userId: options.userId,
    state: createFlowState({ auto: input.auto, provider: input.provider }),
    pendingEffects: [],
    timerDueAt: null,
    settings: {
      provider: input.provider,
      endpoint: options.endpoint,
      model: modelForProvider(input.provider, input.model),
      temperature: input.temperature,
      ...(input.apiKey ? { apiKeySealed: encryptSecret(input.apiKey, options.secretKey) } : {}),
      // Files are attached at the start only: a run without them never looks for them.
      withFiles: input.fileIds.length > 0,
    },
    nextSeq: 1,
  };
  applyEvent(run, {
    type: 'start',
    goal: input.goal,
    auto: input.auto,
    provider: input.provider,
    websiteId: input.websiteId ?? null,
    timeScale: options.timeScale,
  });
  const steps: NumberedStep[] = [];
  takeHeadSteps(run, steps);
  const task = { goal: input.goal, clientAddress };
  const perDay = options.freeRunsPerDay ?? 0;
  const limited = perDay > 0 && Boolean(options.userId || clientAddress);
  // The task, its run and first steps are one statement; reserving a free run (under a lock held
  // until commit) and attaching files take a transaction around it.
  if (!limited && input.fileIds.length === 0) {
    await Promise.all([forgetting, insertRun(db, task, run, steps)]);
    return run.taskId;
  }
  const started = db.transaction(async (tx) => {
    if (limited) {
      await reserveFreeRun(tx, perDay, {
        userId: options.userId,
        clientAddress: clientAddress ?? '',
      });
    }
    await insertRun(tx, task, run, steps);
    if (input.fileIds.length > 0) {
      // The files the caller uploaded for this run: the feed says which ones it uses.
      const attached = await attachFilesToRun(tx, options.fileLimits ?? DEFAULT_RUN_FILE_LIMITS, {
        taskId: run.taskId,
        userId: options.userId,
        fileIds: input.fileIds,
      });
      await appendSteps(tx, run, [{ type: 'action', content: FILE_TEXT.usingFiles(attached) }]);
    }
    return run.taskId;
  });
  const [taskId] = await Promise.all([started, forgetting]);
  return taskId;
}

const noRun = () =>
  new TRPCError({ code: 'NOT_FOUND', message: 'This task has no server-side run' });

/** A run's current state, or null when the task has no server-side run. */
export async function findRunView(db: Database, taskId: string): Promise<FlowRunView | null> {
  const [row] = await db.select().from(flowRuns).where(eq(flowRuns.taskId, taskId));
  return row ? viewOf(toStoredRun(row)) : null;
}

/** A run's current state, for its owner (or anyone with a visitor run's id). */
export async function flowState(
  db: Database,
  taskId: string,
  viewer: Viewer,
): Promise<FlowRunView> {
  await assertTaskVisible(db, taskId, viewer);
  const view = await findRunView(db, taskId);
  if (!view) throw noRun();
  return view;
}

/** Applies a command (stop, continue, ...) to a run; 409 when it does not apply now. */
export async function commandFlow(
  db: Database,
  taskId: string,
  viewer: Viewer,
  event: FlowEvent,
): Promise<FlowRunView> {
  await assertTaskVisible(db, taskId, viewer);
  return db.transaction(async (tx) => {
    const run = await lockRun(tx, taskId);
    if (!run) throw noRun();
    if (!(await recordEvent(tx, run, event)).applied) {
      throw new TRPCError({ code: 'CONFLICT', message: refusal(event, run.state) });
    }
    return viewOf(run);
  });
}

/** Why a command changed nothing: an approval names a call other than the one waiting, say. */
function refusal(event: FlowEvent, state: FlowState): string {
  const waiting = state.pendingApproval?.callId;
  if (event.type === 'approve' && waiting !== undefined && waiting !== event.callId) {
    return `Call ${event.callId} is not waiting for approval: the run waits for call ${waiting}`;
  }
  return `'${event.type}' does not apply to a run that is ${state.status}`;
}

/** A stored feed step as the API answers it. */
export type StepView = {
  id: string;
  seq: number;
  type: FlowStep['type'];
  content: string;
  /** The step reports a failure. */
  error: boolean;
  timestamp: Date;
};

/** The columns a StepView is read from. */
export const stepViewColumns = {
  id: agentSteps.id,
  seq: agentSteps.seq,
  type: agentSteps.type,
  content: agentSteps.content,
  error: agentSteps.error,
  timestamp: agentSteps.timestamp,
};

/** A task's steps after `afterSeq`, in order. */
export async function listSteps(
  db: Database | Transaction,
  taskId: string,
  afterSeq = 0,
): Promise<StepView[]> {
  return db
    .select(stepViewColumns)
    .from(agentSteps)
    .where(and(eq(agentSteps.taskId, taskId), gt(agentSteps.seq, afterSeq)))
    .orderBy(asc(agentSteps.seq));
}

/** Adds a step by hand (POST /api/tasks/{id}/steps), numbered after every earlier one. */
export async function addStep(db: Database, taskId: string, step: FlowStep): Promise<StepView> {
  return db.transaction(async (tx) => {
    const run = await lockRun(tx, taskId);
    if (run) {
      const seq = run.nextSeq;
      await appendSteps(tx, run, [step]);
      const [stored] = await listSteps(tx, taskId, seq - 1);
      return stored!;
    }
    await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, taskId)).for('update');
    const [last] = await tx
      .select({ seq: sql<number>`coalesce(max(${agentSteps.seq}), 0)` })
      .from(agentSteps)
      .where(eq(agentSteps.taskId, taskId));
    const seq = Number(last?.seq ?? 0) + 1;
    await tx.insert(agentSteps).values({ taskId, seq, ...step });
    await notifyFeed(tx, { kind: 'step', taskId, seq });
    const [stored] = await listSteps(tx, taskId, seq - 1);
    return stored!;
  });
}
