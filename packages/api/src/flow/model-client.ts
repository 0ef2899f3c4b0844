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
import OpenAI, { APIError } from 'openai';
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

function toModelCallError(error: unknown): ModelCallError {
  if (error instanceof ModelCallError) return error;
  // Node's fetch fails a body whose connection is lost with "terminated" (the socket error as
  // cause), which reading the body passes on as it is.
  if (error instanceof TypeError && error.message === 'terminated') return brokeOff();
  if (error instanceof APIError && error.status !== undefined) {
    const statusText = STATUS_CODES[error.status] ?? 'Error';
    // The SDK's message is the status and what the body said, or "status code (no body)".
    const said = error.message.replace(/^\d{3}\s*/, '');
    const detail = said && !said.startsWith('status code') ? ` (${said})` : '';
    const retryAfter = retryAfterSeconds(error.headers?.get('retry-after'));
    return new ModelCallError(
      `${FLOW_TEXT.serverReturned(error.status, statusText)}${detail}`,
      'http',
      error.status,
      statusText,
      retryAfter === undefined ? undefined : Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS),
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ModelCallError(message, classifyFlowError(error));
}

/**
 * What a model endpoint's answer may send. A streamed reply is cut off long before (at
 * MAX_REPLY_CHARS); this bounds what a server sends besides, such as comments or an error body,
 * and an event stream's lines (the SDK and sseData gather a line's pieces by copying them all).
 */
const ANSWER_LIMITS: SseLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxLineBytes: 1024 * 1024,
  refuse: (what) => new ModelCallError(`The model server sent ${what}`, 'other'),
};
const isEventStream = (response: Response) =>
  response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;

/**
 * A fetch for the SDK under the outbound rules. A redirect is not followed but answered as it
 * came (the call fails with its 3xx status): an endpoint the operator allowed must not send a
 * call, and the API key with it, to another address. A body stops at ANSWER_LIMITS. With
 * `streamsReadByCaller`, an answer's event stream (status 2xx) comes as it is: callModel reads
 * it with sseData, which holds it to the same limits without another stream in between.
 */
function guardedFetch(streamsReadByCaller: boolean): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, redirect: 'manual' });
    if (!response.body) return response;
    const stream = isEventStream(response);
    if (stream && streamsReadByCaller && response.ok) return response;
    const check = limitCheck(ANSWER_LIMITS, stream);
    const capped = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          check(chunk);
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, response);
  };
}

/** The fetch for model endpoints whose answers the SDK reads (the model list, say). */
export const modelFetch = guardedFetch(false);
/** The fetch of callModel's clients, which read streamed answers themselves. */
const callFetch = guardedFetch(true);

/** Clients kept for reuse, at most this many (the oldest goes first). */
const MAX_CLIENTS = 32;
const clients = new Map<string, OpenAI>();

/**
 * The client for an endpoint, made once and reused: making one costs more than a local model's
 * whole answer. It holds no API key (each call sends its own), so calls with different keys
 * share it without seeing each other's; timeouts and stops are the call's own too.
 */
function clientFor(endpoint: string): OpenAI {
  const baseURL = normalizeEndpoint(endpoint);
  let client = clients.get(baseURL);
  if (!client) {
    client = new OpenAI({ baseURL, apiKey: 'not-needed', maxRetries: 0, fetch: callFetch });
    if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    clients.set(baseURL, client);
  }
  return client;
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
    try {
      // The raw response: its SSE body is read here, where the `[DONE]` line is seen.
      const response = await clientFor(settings.endpoint)
        .chat.completions.create(
          {
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
          {
            signal: watch.signal,
            headers: { Authorization: `Bearer ${settings.apiKey || 'not-needed'}` },
          },
        )
        .asResponse();
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
        if (part.error) throw new APIError(undefined, part.error, undefined, response.headers);
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
      lastError = toModelCallError(reason instanceof ModelCallError ? reason : error);
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
