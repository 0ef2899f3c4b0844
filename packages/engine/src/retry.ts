import { FLOW_TIMING } from './constants';

/** A flow call (POST /api/flow/run) is attempted this many times before it fails. */
export const FLOW_CALL_ATTEMPTS = 3;
/** A task whose call failed on the connection is retried at most this many times. */
export const TASK_RETRIES = 2;

/**
 * Delay before the next flow-call attempt after failed attempt number `failedAttempt` (1-based):
 * 1000 ms doubled per failed attempt plus up to 1000 ms of jitter from `random` (0 <= r < 1),
 * capped at 15000 ms.
 */
export function flowCallDelay(failedAttempt: number, random: () => number): number {
  const attempt = Number.isFinite(failedAttempt) ? Math.max(1, Math.floor(failedAttempt)) : 1;
  const exponent = Math.min(attempt - 1, 30);
  const base = FLOW_TIMING.flowCallBaseMs * 2 ** exponent;
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  const jitter = Math.floor(unit * FLOW_TIMING.flowCallJitterMs);
  return Math.min(base + jitter, FLOW_TIMING.flowCallMaxDelayMs);
}

/** Delay before task retry number `retry` (1-based): 5000 ms, then 10000 ms. */
export function taskRetryDelay(retry: number): number {
  const attempt = Number.isFinite(retry) ? Math.max(1, Math.floor(retry)) : 1;
  return FLOW_TIMING.taskRetryBaseMs * 2 ** Math.min(attempt - 1, 30);
}

/**
 * How a failed model call failed: 'timeout' and 'connection' are transient and worth a retry,
 * 'http' is a non-OK answer from the model server, 'other' anything else.
 */
export type FlowFailureKind = 'timeout' | 'connection' | 'http' | 'other';

const TIMEOUT = /timed? ?out|timeout|ETIMEDOUT/i;
const CONNECTION =
  /\breset\b|ECONNRESET|ECONNREFUSED|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|socket hang up|other side closed|fetch failed|network|failed to connect|connection (?:refused|closed|error|lost)/i;
const HTTP = /\b[1-5]\d{2}: |\bServer (?:returned|responded with) \d{3}\b/;

/** Classifies an error thrown by a model call from its message (and `cause`, when it has one). */
export function classifyFlowError(error: unknown): FlowFailureKind {
  const text = describeError(error);
  if (TIMEOUT.test(text)) return 'timeout';
  if (CONNECTION.test(text)) return 'connection';
  if (HTTP.test(text)) return 'http';
  return 'other';
}

/** Causes followed when describing an error: enough for real chains, finite for cyclic ones. */
const MAX_CAUSES = 8;

function describeError(error: unknown): string {
  const parts: string[] = [];
  let current = error;
  for (let depth = 0; depth <= MAX_CAUSES && current !== undefined; depth++) {
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    parts.push(current.name, current.message, typeof code === 'string' ? code : '');
    current = current.cause === current ? undefined : current.cause;
  }
  return parts.join(' ');
}
