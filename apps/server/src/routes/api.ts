import { createCaller, type FlowFeedEvent, openFlowEventBatches } from '@flows/api';
import { type Database, databaseAnswers, migrationsApplied } from '@flows/db';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { JSON_TYPE } from '../answer-json';
import type { AppEnv } from '../env';
import { openApiDocument } from '../openapi';
import { apiContext, errorResponse, restRoutes } from '../rest';
import { restTable } from '../rest-table';
import { fileDownload, fileUpload } from './files';

const HEARTBEAT_MS = 15_000;

// Status only: which database and which build of it are nobody's business.
/** How long one database check answers health probes: a busy prober costs one query a second. */
const HEALTH_CHECK_MS = 1000;
const lastHealthCheck = new WeakMap<Database, { at: number; answers: Promise<boolean> }>();

async function health(c: Context<AppEnv>) {
  const db = c.get('db');
  let check = lastHealthCheck.get(db);
  if (!check || performance.now() - check.at > HEALTH_CHECK_MS) {
    check = { at: performance.now(), answers: databaseAnswers(db) };
    lastHealthCheck.set(db, check);
  }
  return (await check.answers) ? c.json({ status: 'ok' }) : c.json({ status: 'unavailable' }, 503);
}

/**
 * Readiness, for load balancers and orchestrators: 200 only when the database answers, every
 * migration is applied and, where this process works runs, its worker is polling; else 503 with
 * the reason.
 */
async function ready(c: Context<AppEnv>) {
  const db = c.get('db');
  const worker = c.get('flows')?.workerState() ?? 'off';
  let reason: string | null = null;
  if (!(await databaseAnswers(db))) reason = 'The database does not answer';
  else if (!(await migrationsApplied(db))) reason = 'Database migrations are not applied';
  else if (worker === 'stopped') reason = 'The run worker has stopped';
  return reason
    ? c.json({ status: 'unavailable', reason }, 503)
    : c.json({ status: 'ready', worker });
}

let document: Record<string, unknown> | undefined;

/** This API's OpenAPI document, generated once from the REST table and the zod schemas. */
function openapi(c: Context<AppEnv>) {
  document ??= openApiDocument();
  return c.json(document);
}

const encoder = new TextEncoder();
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');
/**
 * Live-feed events as SSE frames, encoded once: every client of a task gets the same event
 * objects from the task's shared reader.
 */
const frames = new WeakMap<FlowFeedEvent, string>();

function frameOf(event: FlowFeedEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    // JSON has no raw line breaks, so the data is one `data:` line.
    frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n${
      event.type === 'step' ? `id: ${event.step.seq}\n` : ''
    }\n`;
    frames.set(event, frame);
  }
  return frame;
}

/**
 * A run's live feed as Server-Sent Events; the input is the flow.events procedure's. The events
 * ready at once go out in one write.
 */
async function liveFeed(c: Context<AppEnv>, input: unknown) {
  const abort = new AbortController();
  // Opened before the stream starts, so a bad id or a foreign task answers 404 as JSON.
  const batches = (
    await openFlowEventBatches(
      apiContext(c),
      input as Parameters<typeof openFlowEventBatches>[1],
      abort.signal,
    )
  )[Symbol.asyncIterator]();
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let finished = false;
  const finish = () => {
    finished = true;
    clearInterval(heartbeat);
    abort.abort();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      heartbeat = setInterval(() => controller.enqueue(KEEP_ALIVE), HEARTBEAT_MS);
    },
    async pull(controller) {
      let next: IteratorResult<FlowFeedEvent[]> | null = null;
      try {
        next = await batches.next();
      } catch {
        // The feed failed (its database read, say): the client reconnects with Last-Event-ID.
      }
      // A client that went away has cancelled the stream already.
      if (finished) return;
      if (next && !next.done) {
        controller.enqueue(encoder.encode(next.value.map(frameOf).join('')));
      } else {
        finish();
        controller.close();
      }
    },
    async cancel() {
      finish();
      await batches.return(undefined);
    },
  });
  // Cache-Control: no-store comes with every /api answer (see noStore).
  c.header('Content-Type', 'text/event-stream');
  c.header('Connection', 'keep-alive');
  return c.newResponse(body);
}

/**
 * A streamed model call (flow.assist) as Server-Sent Events: `text`, `retry` and `done` events,
 * each with its JSON. Refusals (bad input, a disallowed endpoint, the usage limit) and a call that
 * fails before any text answer as JSON with their status; a failure mid-stream is an `error`
 * event with `{ error }`.
 */
async function modelStream(c: Context<AppEnv>, input: unknown) {
  const abort = new AbortController();
  const caller = createCaller(apiContext(c), { signal: abort.signal });
  const events = (await caller.flow.assist(
    input as Parameters<typeof caller.flow.assist>[0],
  )) as AsyncIterable<{ type: string }>;
  const iterator = events[Symbol.asyncIterator]();
  // The first event is awaited before the stream starts, so a refusal answers as JSON.
  let first: IteratorResult<{ type: string }>;
  try {
    first = await iterator.next();
  } catch (error) {
    abort.abort();
    throw error;
  }
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => {
      abort.abort();
      void iterator.return?.();
    });
    const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    try {
      for (let next = first; !next.done; next = await iterator.next()) {
        await stream.writeSSE({ event: next.value.type, data: JSON.stringify(next.value) });
      }
    } catch (error) {
      const { body } = errorResponse(error);
      await stream.writeSSE({ event: 'error', data: JSON.stringify(body) });
    } finally {
      clearInterval(heartbeat);
    }
  });
}

/**
 * The history, the hottest signed-in read: with a session, answered with the JSON text the
 * session check read with it (see middleware/session.ts), as PostgreSQL wrote it; otherwise
 * (an API token, no session) through `task.list` as any path.
 */
async function history(c: Context<AppEnv>) {
  const json = c.get('historyJson');
  if (json !== null) return c.body(json, 200, JSON_TYPE);
  return c.json(await createCaller(apiContext(c)).task.list(), 200);
}

/** Every REST path under /api: the rows of the REST table (rest-table.ts). */
export const apiRoutes = restRoutes(restTable, {
  health,
  ready,
  openapi,
  'live-feed': liveFeed,
  'model-stream': modelStream,
  'file-upload': fileUpload,
  'file-download': fileDownload,
  history,
});
