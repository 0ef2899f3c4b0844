import type { IntegrationKind } from '@flows/db';
import { jsonBoundsProblem } from '@flows/engine';
import { TRPCError } from '@trpc/server';
import { isHeaderName, isHeaderValue, type TExecuteAnswer } from '../contracts/integrations';
import { MAX_JSON_DEPTH } from '../contracts/json';
import type { Context, SessionUser } from '../trpc';
import { loggedBody, recordExecution, scrubSecrets, scrubUrl, urlSecrets } from './executions';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  type GuardedResponse,
  guardedFetch,
  OutboundError,
  type OutboundErrorKind,
} from './outbound';
import { JsonDepthError, SecretCarryOverError, SecretKeyError } from './secrets';

/** A procedure context with a signed-in user. */
export type UserContext = Context & { user: SessionUser };

/** One outgoing call of a webhook or API integration, credentials applied. */
export type OutboundCall = {
  itemKind: IntegrationKind;
  itemId: string;
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Plain secret values that must never reach the history. */
  secrets: string[];
  sensitiveHeaders: string[];
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

/** The user agent outbound calls identify themselves with, unless the item sets its own. */
export const USER_AGENT = 'Flows-Integrations/1.0';

/** A header built from an item's saved configuration that no request can carry. */
export class HeaderError extends Error {}

/**
 * Layers of headers, later layers winning whatever the letter case of the names. Refuses a
 * header a request cannot carry (a saved token with a control character, an API key header
 * name that is not a token), which the HTTP client would otherwise fail on.
 */
export function mergeHeaders(...layers: Record<string, string>[]): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer)) {
      if (!isHeaderName(name)) throw new HeaderError(`"${name}" is not a valid header name`);
      if (!isHeaderValue(value)) {
        throw new HeaderError(`Header "${name}" contains a character headers cannot carry`);
      }
      merged.set(name.toLowerCase(), [name, value]);
    }
  }
  return Object.fromEntries(merged.values());
}

/** Seconds from a Retry-After header (seconds or an HTTP date), if it has a usable value. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

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
export async function performCall(
  ctx: UserContext,
  outbound: OutboundCall,
): Promise<TExecuteAnswer> {
  const call = { ...outbound, secrets: [...outbound.secrets, ...urlSecrets(outbound.url)] };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const summary = {
    userId: ctx.user.id,
    itemKind: call.itemKind,
    itemId: call.itemId,
    method: call.method,
    url: scrubUrl(call.url.toString(), call.secrets),
  };
  let response: GuardedResponse;
  try {
    response = await guardedFetch(
      call.url,
      { method: call.method, headers: call.headers, body: call.body },
      {
        timeoutMs: call.timeoutMs,
        maxBytes: DEFAULT_MAX_RESPONSE_BYTES,
        allowPrivate: ctx.config.allowPrivateTargets,
        sensitiveHeaders: call.sensitiveHeaders,
      },
    );
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    const message = scrubSecrets(error.message, call.secrets);
    await recordExecution(ctx.db, {
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
  await recordExecution(ctx.db, {
    ...summary,
    status: response.status,
    durationMs,
    responseBytes: response.body.length,
    responseBody: loggedBody(response.body, call.secrets),
    error: null,
  });
  return answerOf(response, durationMs);
}

/** Records a call that was not made (rate limited, unusable secrets) in the item's history. */
export async function recordRefusal(
  ctx: UserContext,
  call: Pick<OutboundCall, 'itemKind' | 'itemId' | 'method' | 'url' | 'secrets'>,
  error: string,
) {
  await recordExecution(ctx.db, {
    userId: ctx.user.id,
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a row at all; anything else is simply not found. */
export const isUuid = (id: string) => uuidPattern.test(id);

/**
 * Runs `work`, turning problems with an item's saved secrets or configuration (unusable
 * secrets, JSON too deep, headers no request can carry) into 400s with their message.
 */
export async function withSecretErrors<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof SecretKeyError ||
      error instanceof SecretCarryOverError ||
      error instanceof JsonDepthError ||
      error instanceof HeaderError
    ) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    }
    throw error;
  }
}
