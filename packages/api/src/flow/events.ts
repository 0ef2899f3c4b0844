import type { Database } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { ZId } from '../contracts/flow';
import { assertTaskVisible } from './service';
import { type FlowSystem, requireFlows } from './system';
import { followTask, followTaskBatches } from './task-feed';

export type { FlowFeedEvent } from './task-feed';

/** Which feed a client asks for: the task, and the last step id it already has. */
export const ZFlowEventsInput = z.object({ taskId: ZId, lastEventId: z.string().nullish() });

/** Who opens a feed, and with what: the parts of a procedure context a feed needs. */
export type FeedCaller = {
  db: Database;
  flows: FlowSystem | null;
  user: { id: string } | null;
};

/** Checks the input and the viewer's right to see the task (404 otherwise). */
async function feedRequest(caller: FeedCaller, input: z.input<typeof ZFlowEventsInput>) {
  const flows = requireFlows(caller.flows);
  const parsed = ZFlowEventsInput.safeParse(input);
  if (!parsed.success) throw new TRPCError({ code: 'NOT_FOUND', message: 'Task not found' });
  const { taskId, lastEventId } = parsed.data;
  await assertTaskVisible(caller.db, taskId, caller.user?.id ?? null);
  // Step numbers are PostgreSQL integers; an id past them means "everything seen".
  const lastSeq = Math.min(Number.parseInt(lastEventId ?? '0', 10) || 0, 2 ** 31 - 1);
  return { feed: flows.feed, taskId, lastSeq };
}

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
  const { feed, taskId, lastSeq } = await feedRequest(caller, input);
  return followTask(caller.db, feed, taskId, { lastSeq, signal });
}

/** openFlowEvents in batches of the events ready at once (one write for each batch). */
export async function openFlowEventBatches(
  caller: FeedCaller,
  input: z.input<typeof ZFlowEventsInput>,
  signal: AbortSignal,
) {
  const { feed, taskId, lastSeq } = await feedRequest(caller, input);
  return followTaskBatches(caller.db, feed, taskId, { lastSeq, signal });
}
