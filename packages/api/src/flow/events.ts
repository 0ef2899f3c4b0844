import type { Database } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { ZId } from '../contracts/flow';
import type { FlowFeed } from './feed';
import {
  assertTaskVisible,
  type FlowRunView,
  findRunView,
  listSteps,
  type StepView,
} from './service';
import { type FlowSystem, requireFlows } from './system';

/** One event of a run's live feed. Steps carry their sequence number as the event id. */
export type FlowFeedEvent =
  | { type: 'step'; step: StepView }
  | { type: 'state'; state: FlowRunView }
  | { type: 'text'; callId: number; delta: string; reasoning?: true; restart?: true };

/**
 * A run's feed for one client: every step after `lastSeq` (the backlog, then live ones), the
 * run's state whenever it changes, and model text as it streams. It subscribes before reading
 * the backlog, so nothing falls between the two, and never sends a step twice. The caller checks
 * that the viewer may see the task.
 */
async function* flowEvents(
  db: Database,
  feed: FlowFeed,
  taskId: string,
  options: { lastSeq: number; signal: AbortSignal },
): AsyncGenerator<FlowFeedEvent> {
  const live = feed.messages(taskId, options.signal);
  let sent = options.lastSeq;
  async function* newSteps() {
    for (const step of await listSteps(db, taskId, sent)) {
      sent = step.seq;
      yield { type: 'step', step } as const;
    }
  }
  async function* state() {
    const view = await findRunView(db, taskId);
    if (view) yield { type: 'state', state: view } as const;
  }

  yield* newSteps();
  yield* state();
  for await (const message of live) {
    if (message.kind === 'step') yield* newSteps();
    else if (message.kind === 'state') yield* state();
    else {
      const { callId, delta, reasoning, restart } = message;
      yield {
        type: 'text',
        callId,
        delta,
        ...(reasoning && { reasoning }),
        ...(restart && { restart }),
      };
    }
  }
}

/** Which feed a client asks for: the task, and the last step id it already has. */
export const ZFlowEventsInput = z.object({ taskId: ZId, lastEventId: z.string().nullish() });

/** Who opens a feed, and with what: the parts of a procedure context a feed needs. */
export type FeedCaller = {
  db: Database;
  flows: FlowSystem | null;
  user: { id: string } | null;
};

/**
 * Checks the input and the viewer's right to see the task (404 otherwise), then opens its feed.
 * Both transports use it, each with its request's context: the tRPC subscription and
 * GET /api/tasks/{id}/events.
 */
export async function openFlowEvents(
  caller: FeedCaller,
  input: z.input<typeof ZFlowEventsInput>,
  signal: AbortSignal,
) {
  const flows = requireFlows(caller.flows);
  const parsed = ZFlowEventsInput.safeParse(input);
  if (!parsed.success) throw new TRPCError({ code: 'NOT_FOUND', message: 'Task not found' });
  const { taskId, lastEventId } = parsed.data;
  await assertTaskVisible(caller.db, taskId, caller.user?.id ?? null);
  // Step numbers are PostgreSQL integers; an id past them means "everything seen".
  const lastSeq = Math.min(Number.parseInt(lastEventId ?? '0', 10) || 0, 2 ** 31 - 1);
  return flowEvents(caller.db, flows.feed, taskId, { lastSeq, signal });
}
