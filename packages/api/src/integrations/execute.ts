import type { Database } from '@flows/db';
import { jsonBoundsProblem } from '@flows/engine';
import { TRPCError } from '@trpc/server';
import type { TExecuteAnswer } from '../contracts/integrations';
import { MAX_JSON_DEPTH } from '../contracts/json';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  type GuardedResponse,
  guardedFetch,
  OutboundError,
  type OutboundErrorKind,
} from '../outbound/client';
import { retryAfterSeconds } from '../outbound/retry-after';
import { scrubSecrets, scrubUrl } from '../secrets/redaction';
import { parseStoredJson } from '../secrets/sealing';
import { urlSecrets } from '../secrets/url-secrets';
import { type OutboundCall, withSecretErrors } from './call';
import { loggedBody, recordExecution } from './executions';
import { type ExecuteIntegrationInput, integrationCall } from './integration-call';
import { ownedIntegration } from './integration-store';
import { CallRateLimitedError, rateLimitMessage, rateLimitsOf, reserveCall } from './rate-limit';
import { webhookCall } from './webhook-call';
import { ownedWebhook } from './webhook-store';

/** What executing needs from the operator's settings (ApiConfig's fields, by the same names). */
export type ExecuteSettings = {
  /** The key the item's secrets are sealed with. */
  secretKey: Buffer;
  /** Whether calls may reach private, loopback and link-local addresses. */
  allowPrivateTargets: boolean;
};

const statusOf: Record<OutboundErrorKind, TRPCError['code']> = {
  invalid_url: 'BAD_REQUEST',
  refused: 'BAD_REQUEST',
  dns: 'BAD_GATEWAY',
  network: 'BAD_GATEWAY',
  too_large: 'BAD_GATEWAY',
  too_many_redirects: 'BAD_GATEWAY',
  timeout: 'GATEWAY_TIMEOUT',
};

const replyBounds = { maxDepth: MAX_JSON_DEPTH, maxBytes: Number.POSITIVE_INFINITY };

/** The answer shown to the user: JSON bodies parsed, anything else as text. */
function answerOf(response: GuardedResponse, durationMs: number): TExecuteAnswer {
  const text = response.body.toString('utf8');
  let body: unknown = text;
  if (/[/+]json\b/i.test(response.headers['content-type'] ?? '') && text.trim()) {
    try {
      const parsed: unknown = JSON.parse(text);
      // A reply nested deeper than the JSON bounds is answered as its text: serialising it
      // again could overflow the stack.
      if (jsonBoundsProblem(parsed, replyBounds) === null) body = parsed;
    } catch {
      body = text;
    }
  }
  const answer: TExecuteAnswer = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body,
    durationMs,
  };
  const retryAfter =
    response.status === 429 || response.status === 503
      ? retryAfterSeconds(response.headers['retry-after'])
      : undefined;
  return retryAfter === undefined ? answer : { ...answer, retryAfter };
}

/**
 * Makes the call through the guarded client, records it in the item's history (secrets
 * scrubbed), and answers with the reply; failures become TRPCErrors with clear messages.
 */
async function performCall(
  db: Database,
  userId: string,
  outbound: OutboundCall,
  settings: ExecuteSettings,
  taskId: string | null = null,
): Promise<TExecuteAnswer> {
  const call = { ...outbound, secrets: [...outbound.secrets, ...urlSecrets(outbound.url)] };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const summary = {
    userId,
    itemKind: call.itemKind,
    itemId: call.itemId,
    method: call.method,
    url: scrubUrl(call.url.toString(), call.secrets),
    taskId,
  };
  let response: GuardedResponse;
  try {
    response = await guardedFetch(
      call.url,
      { method: call.method, headers: call.headers, body: call.body },
      {
        timeoutMs: call.timeoutMs,
        maxBytes: DEFAULT_MAX_RESPONSE_BYTES,
        allowPrivate: settings.allowPrivateTargets,
        sensitiveHeaders: call.sensitiveHeaders,
      },
    );
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    const message = scrubSecrets(error.message, call.secrets);
    await recordExecution(db, {
      ...summary,
      status: null,
      durationMs: elapsed(),
      responseBytes: null,
      responseBody: null,
      error: message,
    });
    throw new TRPCError({ code: statusOf[error.kind], message, cause: error });
  }
  const durationMs = elapsed();
  await recordExecution(db, {
    ...summary,
    status: response.status,
    durationMs,
    responseBytes: response.body.length,
    responseBody: loggedBody(response.body, call.secrets),
    error: null,
  });
  return answerOf(response, durationMs);
}

/** Records a call that was not made (rate limited) in the item's history. */
async function recordRefusal(
  db: Database,
  userId: string,
  call: OutboundCall,
  error: string,
  taskId: string | null = null,
) {
  await recordExecution(db, {
    taskId,
    userId,
    itemKind: call.itemKind,
    itemId: call.itemId,
    method: call.method,
    url: scrubUrl(call.url.toString(), call.secrets),
    status: null,
    durationMs: 0,
    responseBytes: null,
    responseBody: null,
    error,
  });
}

/**
 * Sends a payload to the user's webhook and answers with the reply; the call is recorded in the
 * webhook's history. 404 for a webhook that is not theirs.
 */
export async function executeWebhook(
  db: Database,
  userId: string,
  input: { id: string; payload: unknown },
  settings: ExecuteSettings,
): Promise<TExecuteAnswer> {
  const row = await ownedWebhook(db, userId, input.id);
  const call = await withSecretErrors(() => webhookCall(row, input.payload, [settings.secretKey]));
  return performCall(db, userId, call, settings);
}

/**
 * Calls the user's API integration and answers with the reply; the call is recorded in its
 * history. Over one of its rate limits nothing is sent: the refusal is recorded and
 * CallRateLimitedError (429, with the seconds to wait) thrown.
 */
export async function executeIntegration(
  db: Database,
  userId: string,
  input: ExecuteIntegrationInput,
  settings: ExecuteSettings,
): Promise<TExecuteAnswer> {
  const row = await ownedIntegration(db, userId, input.id);
  const call = await withSecretErrors(() => integrationCall(row, input, [settings.secretKey]));
  const limits = rateLimitsOf(parseStoredJson(row.rateLimitConfig));
  const reservation = await reserveCall(db, row.id, limits);
  if (!reservation.allowed) {
    const message = rateLimitMessage(reservation.limit, reservation.retryAfter);
    await recordRefusal(db, userId, call, message);
    throw new CallRateLimitedError(reservation.retryAfter, message);
  }
  return performCall(db, userId, call, settings);
}

/** A call a run's task makes as a tool: the item, and the arguments checked by `resolveToolCalls`. */
export type RunToolCall =
  | { kind: 'webhook'; id: string; payload: unknown }
  | { kind: 'integration'; id: string; input: ExecuteIntegrationInput };

/** What a run's tool call came back with: the reply, or the message of what went wrong. */
export type RunToolOutcome =
  | { ok: true; answer: TExecuteAnswer; secrets: string[] }
  | { ok: false; error: string };

/**
 * Makes a run's tool call as the Execute dialogs do (the item's auth, rate limits, timeout and
 * guarded client) and records it in the item's history with the run's id. Only the run owner's
 * items that are still offered to runs are called. Never throws for a failed call: the failure
 * is the outcome, told to the model.
 */
export async function executeRunTool(
  db: Database,
  userId: string,
  taskId: string,
  tool: RunToolCall,
  settings: ExecuteSettings,
): Promise<RunToolOutcome> {
  try {
    let call: OutboundCall;
    if (tool.kind === 'webhook') {
      const row = await ownedWebhook(db, userId, tool.id);
      if (!row.useInFlows) return { ok: false, error: 'This webhook is no longer used in flows' };
      call = await withSecretErrors(() => webhookCall(row, tool.payload, [settings.secretKey]));
    } else {
      const row = await ownedIntegration(db, userId, tool.id);
      if (!row.useInFlows) {
        return { ok: false, error: 'This API integration is no longer used in flows' };
      }
      call = await withSecretErrors(() => integrationCall(row, tool.input, [settings.secretKey]));
      const limits = rateLimitsOf(parseStoredJson(row.rateLimitConfig));
      const reservation = await reserveCall(db, row.id, limits);
      if (!reservation.allowed) {
        const message = rateLimitMessage(reservation.limit, reservation.retryAfter);
        await recordRefusal(db, userId, call, message, taskId);
        return { ok: false, error: message };
      }
    }
    const answer = await performCall(db, userId, call, settings, taskId);
    return { ok: true, answer, secrets: [...call.secrets, ...urlSecrets(call.url)] };
  } catch (error) {
    if (error instanceof TRPCError) return { ok: false, error: error.message };
    throw error;
  }
}
