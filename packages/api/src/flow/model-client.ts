import { STATUS_CODES } from 'node:http';
import {
  type AiProvider,
  classifyFlowError,
  createReasoningSplitter,
  FLOW_CALL_ATTEMPTS,
  FLOW_TEXT,
  type FlowFailureKind,
  flowCallDelay,
  modelForProvider,
  type ToolMessage,
} from '@flows/engine';
import { Agent, errors, request } from 'undici';
import { retryAfterSeconds } from '../outbound/retry-after';
import { limitCheck, type SseLimits, sseData } from './sse';

/** How a run (or one call) talks to its model. */
export type ModelSettings = {
  provider: AiProvider;
  endpoint: string;
  model: string;
  temperature: number;
  /** Held in memory only for the run; never stored or logged. */
  apiKey?: string | undefined;
};

export type ModelCallOptions = {
  /** Receives the text as it streams in; `reasoning` marks a reasoning model's thinking. */
  onText?: (delta: string, reasoning: boolean) => void;
  /** Told before a failed attempt is tried again, with the delay it waits. */
  onRetry?: (retry: {
    error: ModelCallError;
    delayMs: number;
    attempt: number;
  }) => void | Promise<void>;
  /** Multiplier for the retry backoff; 0 retries at once. */
  timeScale: number;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** Stops the call (and its retries) at once. */
  signal?: AbortSignal;
  random?: () => number;
  /** Tools offered to the model (the OpenAI-compatible `tools` parameter). */
  tools?: readonly ModelTool[];
  /** The conversation after the prompt: earlier tool calls and their answers. */
  history?: readonly ToolMessage[];
  /** Images sent with the prompt as image parts of a multi-part message. */
  images?: readonly ModelImage[];
};

/** An image sent to the model: its bytes as a `data:` URL. */
export type ModelImage = { url: string };

/** The model endpoint refused the image parts of the message (it answered 400, 413, 415 or 422). */
export class ImagesRejectedError extends Error {
  constructor(readonly failure: ModelCallError) {
    super(failure.message);
    this.name = 'ImagesRejectedError';
  }
}

/** Statuses with which an endpoint whose model does not read images refuses image parts. */
const IMAGES_REFUSED = new Set([400, 413, 415, 422]);

/**
 * The user message's content: the prompt alone, or with images an OpenAI-compatible multi-part
 * content of a text part and one `image_url` part per image.
 */
function userContent(prompt: string, images: readonly ModelImage[] = []) {
  if (images.length === 0) return prompt;
  return [
    { type: 'text' as const, text: prompt },
    ...images.map((image) => ({ type: 'image_url' as const, image_url: { url: image.url } })),
  ];
}

/** A function the model may call. */
export type ModelTool = { name: string; description: string; parameters: Record<string, unknown> };

/** A tool call in a model's answer, its arguments as the JSON text the model wrote. */
export type ModelToolCall = { id: string; name: string; arguments: string };

/** The model endpoint refused the `tools` parameter (it answered 400, 422 or 501 to it). */
export class ToolsRejectedError extends Error {
  constructor(readonly failure: ModelCallError) {
    super(failure.message);
    this.name = 'ToolsRejectedError';
  }
}

/** Statuses with which an endpoint that does not do tool calling refuses `tools`. */
const TOOLS_REFUSED = new Set([400, 422, 501]);

/** The chat messages that follow the prompt, in the protocol's shape. */
function historyMessages(history: readonly ToolMessage[] = []) {
  return history.map((message) =>
    message.role === 'tool'
      ? { role: 'tool' as const, tool_call_id: message.toolCallId, content: message.content }
      : {
          role: 'assistant' as const,
          content: message.content || null,
          tool_calls: message.toolCalls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: call.arguments },
          })),
        },
  );
}

/** A model call that failed after its retries, classified for the flow engine. */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly kind: FlowFailureKind,
    readonly status?: number,
    readonly statusText?: string,
    /** How long the server asked callers to wait (its Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }
}

/** The longest wait a model server's Retry-After gets before the next attempt. */
const MAX_RETRY_AFTER_MS = 60_000;

const DEFAULT_TIMEOUT_MS = 120_000;

/** Trailing slashes do not make another endpoint. */
export function normalizeEndpoint(endpoint: string): string {
  return endpoint.trim().replace(/\/+$/, '');
}

/** The failure of an answer whose stream stopped before the model finished it. */
const brokeOff = () => new ModelCallError("The model's answer broke off mid-stream", 'connection');

function toModelCallError(error: unknown, answering: boolean): ModelCallError {
  if (error instanceof ModelCallError) return error;
  if (answering && error instanceof errors.SocketError) return brokeOff();
  const message = error instanceof Error ? error.message : String(error);
  return new ModelCallError(message, classifyFlowError(error));
}

/**
 * The failure of a non-2xx answer: its status, and what its body said (an OpenAI-style error's
 * message, or the body as text when it is not JSON), as the OpenAI SDK words it.
 */
function statusError(status: number, headers: Record<string, unknown>, body: string) {
  const statusText = STATUS_CODES[status] ?? 'Error';
  let said: unknown = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } } | null;
    said = parsed?.error?.message ?? parsed?.error;
  } catch {
    // Not JSON: the text is what the server said.
  }
  const detail = said ? ` (${typeof said === 'string' ? said : JSON.stringify(said)})` : '';
  const retryAfter = retryAfterSeconds(headerText(headers['retry-after']));
  return new ModelCallError(
    `${FLOW_TEXT.serverReturned(status, statusText)}${detail}`,
    'http',
    status,
    statusText,
    retryAfter === undefined ? undefined : Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS),
  );
}

const headerText = (value: unknown) =>
  typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined;

/** An error a server sent in place of a streamed chunk, worded as the OpenAI SDK words it. */
function streamedError(error: Record<string, unknown>): ModelCallError {
  const message =
    typeof error.message === 'string' ? error.message : JSON.stringify(error.message ?? error);
  return new ModelCallError(message, classifyFlowError(message));
}

/**
 * What a model endpoint's answer may send. A streamed reply is cut off long before (at
 * MAX_REPLY_CHARS); this bounds what a server sends besides, such as comments or an error body,
 * and an event stream's lines (sseData gathers a line's pieces by copying them all).
 */
const ANSWER_LIMITS: SseLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxLineBytes: 1024 * 1024,
  refuse: (what) => new ModelCallError(`The model server sent ${what}`, 'other'),
};

/**
 * The connections to model endpoints, kept open between calls. A call's own signal bounds how
 * long it waits (attemptSignal), so undici's header and body timeouts are off.
 */
const modelAgent = new Agent({ keepAliveTimeout: 4_000, headersTimeout: 0, bodyTimeout: 0 });

/**
 * A request to a model endpoint (`path` under its address), with undici's request: Node's fetch
 * and the OpenAI SDK cost more per call than a local model's whole answer. A redirect is not
 * followed but answered as it came (the call fails with its 3xx status): an endpoint the operator
 * allowed must not send a call, and the API key with it, to another address. The caller reads
 * the body to its end (the connection is then reused) or stops reading, which closes it.
 */
export function modelRequest(
  endpoint: string,
  path: string,
  init: { apiKey: string | undefined; signal: AbortSignal; json?: unknown },
) {
  return request(`${normalizeEndpoint(endpoint)}${path}`, {
    method: init.json === undefined ? 'GET' : 'POST',
    dispatcher: modelAgent,
    signal: init.signal,
    headers: {
      accept: init.json === undefined ? 'application/json' : 'text/event-stream',
      authorization: `Bearer ${init.apiKey || 'not-needed'}`,
      ...(init.json !== undefined && { 'content-type': 'application/json' }),
    },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
}

/** A body read whole as text, up to ANSWER_LIMITS' size. */
export async function answerText(body: AsyncIterable<Uint8Array>): Promise<string> {
  const check = limitCheck(ANSWER_LIMITS, false);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) {
    check(chunk);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest reply kept; a model that goes on past it is cut off as failed. */
const MAX_REPLY_CHARS = 1_000_000;

/** A model's answer, the reasoning a reasoning model gave before it, and its tool calls. */
export type ModelReply = { reply: string; reasoning: string; toolCalls?: ModelToolCall[] };

/** A streamed chunk as OpenAI-compatible servers send it, or the error one sent instead. */
type Chunk = {
  choices?: { delta?: Delta; finish_reason?: string | null }[];
  error?: Record<string, unknown>;
};

/** A streamed delta as OpenAI-compatible servers send it, reasoning fields included. */
type Delta = {
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: {
    index?: number;
    id?: string;
    function?: { name?: string; arguments?: string };
  }[];
};

/** Tool calls streamed in pieces (by index: id and name first, arguments in parts). */
function toolCallCollector() {
  const calls: ModelToolCall[] = [];
  return {
    push(deltas: Delta['tool_calls']) {
      for (const delta of deltas ?? []) {
        const index = delta.index ?? calls.length;
        calls[index] ??= { id: '', name: '', arguments: '' };
        const call = calls[index];
        if (delta.id) call.id = delta.id;
        if (delta.function?.name) call.name += delta.function.name;
        if (delta.function?.arguments) call.arguments += delta.function.arguments;
      }
    },
    calls: () =>
      calls
        .filter((call) => call?.name)
        .map((call, index) => ({ ...call, id: call.id || `call_${index}` })),
  };
}

// PostgreSQL cannot store NUL characters; they carry no meaning in a reply.
const clean = (text: string | null | undefined) => (text ?? '').replaceAll('\u0000', '');

/**
 * An abort signal for one attempt: it fires when the call is stopped, or when nothing has
 * arrived for `idleMs` (waiting for the answer to begin, or between two streamed pieces). A piece
 * only notes when it came: the one timer looks again when due, rather than restarting per piece.
 */
function attemptSignal(idleMs: number, stop: AbortSignal | undefined) {
  const idle = new AbortController();
  let lastAlive = performance.now();
  const check = () => {
    const left = lastAlive + idleMs - performance.now();
    if (left > 0) timer = setTimeout(check, left);
    else idle.abort(new ModelCallError('Request timed out.', 'timeout'));
  };
  let timer = setTimeout(check, idleMs);
  return {
    signal: stop ? AbortSignal.any([stop, idle.signal]) : idle.signal,
    /** Something arrived: the idle clock starts again. */
    alive: () => {
      lastAlive = performance.now();
    },
    done: () => clearTimeout(timer),
  };
}

/**
 * Asks the model for a completion of `prompt` over the OpenAI-compatible protocol, streaming the
 * text to `onText`. A reasoning model's thinking (`reasoning_content` or `reasoning` deltas, or a
 * leading `<think>` block) is kept apart from the reply. Up to FLOW_CALL_ATTEMPTS attempts with
 * the engine's backoff (longer when the server sends Retry-After, up to a minute); an empty reply
 * counts as a failure, and so does an answer that broke off mid-stream: its connection lost, or
 * its stream ended without a `finish_reason` or `[DONE]`.
 */
export async function callModel(
  settings: ModelSettings,
  prompt: string,
  options: ModelCallOptions,
): Promise<ModelReply> {
  let lastError: ModelCallError | undefined;
  for (let attempt = 1; attempt <= FLOW_CALL_ATTEMPTS; attempt++) {
    const watch = attemptSignal(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.signal);
    let answering = false;
    try {
      const response = await modelRequest(settings.endpoint, '/chat/completions', {
        apiKey: settings.apiKey,
        signal: watch.signal,
        json: {
          model: modelForProvider(settings.provider, settings.model),
          temperature: settings.temperature,
          stream: true,
          messages: [
            { role: 'user', content: userContent(prompt, options.images) },
            ...historyMessages(options.history),
          ],
          ...(options.tools?.length && {
            tools: options.tools.map((tool) => ({ type: 'function' as const, function: tool })),
          }),
        },
      });
      if (response.statusCode < 200 || response.statusCode > 299) {
        const said = await answerText(response.body);
        throw statusError(response.statusCode, response.headers, said);
      }
      answering = true;
      const splitter = createReasoningSplitter();
      const answer = { reply: '', reasoning: '' };
      const toolCalls = toolCallCollector();
      const take = (reasoning: string, content: string) => {
        answer.reasoning += reasoning;
        answer.reply += content;
        if (answer.reply.length + answer.reasoning.length > MAX_REPLY_CHARS) {
          throw new ModelCallError('The model reply is longer than 1000000 characters', 'other');
        }
        if (reasoning) options.onText?.(reasoning, true);
        if (content) options.onText?.(content, false);
      };
      let finished = false;
      let done = false;
      for await (const data of sseData(response.body, ANSWER_LIMITS)) {
        watch.alive();
        // What follows `[DONE]` is read (the connection stays reusable) but not taken.
        if (done) continue;
        if (data.startsWith('[DONE]')) {
          done = true;
          continue;
        }
        const part = JSON.parse(data) as Chunk;
        if (part.error) throw streamedError(part.error);
        const choice = part.choices?.[0];
        if (choice?.finish_reason) finished = true;
        const delta = choice?.delta ?? {};
        toolCalls.push(delta.tool_calls);
        const parts = splitter.push(clean(delta.content));
        take(clean(delta.reasoning_content ?? delta.reasoning) + parts.reasoning, parts.content);
      }
      const rest = splitter.end();
      take(rest.reasoning, rest.content);
      // An aborted stream can end quietly; what it gave so far is not a whole reply.
      if (watch.signal.aborted) throw watch.signal.reason;
      // So can a body that ends with its connection (no length, not chunked) when the connection
      // drops: a finished one says so with a finish_reason or `[DONE]`.
      if (!finished && !done) throw brokeOff();
      const calls = toolCalls.calls();
      if (calls.length > 0) return { ...answer, toolCalls: calls };
      if (!answer.reply.trim()) {
        throw new ModelCallError('The model returned an empty reply', 'other');
      }
      return answer;
    } catch (error) {
      const reason = watch.signal.aborted ? watch.signal.reason : undefined;
      lastError = toModelCallError(reason instanceof ModelCallError ? reason : error, answering);
      if (options.images?.length && IMAGES_REFUSED.has(lastError.status ?? 0)) {
        throw new ImagesRejectedError(lastError);
      }
      if (options.tools?.length && TOOLS_REFUSED.has(lastError.status ?? 0)) {
        throw new ToolsRejectedError(lastError);
      }
      if (options.signal?.aborted) break;
      if (attempt < FLOW_CALL_ATTEMPTS) {
        // The backoff, or longer when the server said how long to wait (a rate limit's 429).
        const backoffMs = flowCallDelay(attempt, options.random ?? Math.random);
        const delayMs = Math.max(backoffMs, lastError.retryAfterMs ?? 0) * options.timeScale;
        await options.onRetry?.({ error: lastError, delayMs, attempt: attempt + 1 });
        await sleep(delayMs);
      }
    } finally {
      watch.done();
    }
  }
  throw lastError ?? new ModelCallError('The model call failed', 'other');
}
