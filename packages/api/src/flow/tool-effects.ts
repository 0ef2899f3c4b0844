import type { Database } from '@flows/db';
import { type FlowEffect, type FlowEvent, TOOL_ANSWER_CHARS } from '@flows/engine';
import { type ExecuteSettings, executeRunTool } from '../integrations/execute';
import { checkToolCall } from '../integrations/tools';
import { scrubSecrets } from '../secrets/redaction';
import { lockRun, type StoredRun, saveRun } from './run-store';

type CallTool = Extract<FlowEffect, { type: 'callTool' }>;

/**
 * Records that a run's tool call is about to be sent, in the run's effect queue, before it is
 * sent. 'send': go ahead; 'unknown': an earlier attempt was recorded as sent but its outcome
 * never was (its process died), so it must not be sent again unasked; 'stale': the run no longer
 * waits for this call.
 */
export async function markToolCallSent(
  db: Database,
  taskId: string,
  callId: number,
): Promise<'send' | 'unknown' | 'stale'> {
  return db.transaction(async (tx) => {
    const run = await lockRun(tx, taskId);
    const head = run?.pendingEffects[0];
    if (!run || head?.type !== 'callTool' || head.callId !== callId) return 'stale';
    if (run.state.pending?.callId !== callId) return 'stale';
    if (head.sent) return 'unknown';
    run.pendingEffects = [{ ...head, sent: true }, ...run.pendingEffects.slice(1)];
    await saveRun(tx, run);
    return 'send';
  });
}

/** A reply body as the model and the feed get it: text, secrets removed, bounded. */
function boundedBody(body: unknown, secrets: readonly string[]): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  const longestSecret = Math.max(0, ...secrets.map((secret) => secret.length));
  const head = text.slice(0, TOOL_ANSWER_CHARS * 2 + longestSecret * 2);
  return scrubSecrets(head, secrets).slice(0, TOOL_ANSWER_CHARS + 1);
}

/**
 * Carries out a run's tool call at most once: recorded as sent first, then sent through the
 * guarded client with the item's auth, limits and timeout (the item's history gets the run's
 * id), then answered with its outcome. Found already recorded as sent, it is not sent again:
 * the run is told its outcome is unknown and asks the user.
 */
export async function carryOutToolCall(
  db: Database,
  settings: ExecuteSettings,
  run: StoredRun,
  effect: CallTool,
): Promise<FlowEvent> {
  const { callId } = effect;
  const mark = await markToolCallSent(db, run.taskId, callId);
  if (mark !== 'send') return { type: 'toolOutcomeUnknown', callId };
  const checked = checkToolCall(effect.call, null);
  if ('problem' in checked)
    return { type: 'toolResult', status: null, body: '', error: checked.problem, callId };
  if (!run.userId) {
    return { type: 'toolResult', status: null, body: '', error: 'Visitors have no tools', callId };
  }
  const outcome = await executeRunTool(db, run.userId, run.taskId, checked.call, settings);
  if (!outcome.ok)
    return { type: 'toolResult', status: null, body: '', error: outcome.error, callId };
  const { answer, secrets } = outcome;
  return {
    type: 'toolResult',
    status: answer.status,
    statusText: answer.statusText,
    body: boundedBody(answer.body, secrets),
    callId,
  };
}
