import { openFlowEvents } from '@flows/api';
import { databaseAnswers } from '@flows/db';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../env';
import { apiContext, restRoutes } from '../rest';
import { restTable } from '../rest-table';

const HEARTBEAT_MS = 15_000;

// Status only: which database and which build of it are nobody's business.
async function health(c: Context<AppEnv>) {
  return (await databaseAnswers(c.get('db')))
    ? c.json({ status: 'ok' })
    : c.json({ status: 'unavailable' }, 503);
}

/** A run's live feed as Server-Sent Events; the input is the flow.events procedure's. */
async function liveFeed(c: Context<AppEnv>, input: unknown) {
  const abort = new AbortController();
  // Opened before the stream starts, so a bad id or a foreign task answers 404 as JSON.
  const events = await openFlowEvents(
    apiContext(c),
    input as Parameters<typeof openFlowEvents>[1],
    abort.signal,
  );
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => abort.abort());
    const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    try {
      for await (const event of events) {
        await stream.writeSSE({
          event: event.type,
          data: JSON.stringify(event),
          ...(event.type === 'step' ? { id: String(event.step.seq) } : {}),
        });
      }
    } finally {
      clearInterval(heartbeat);
    }
  });
}

/** Every REST path under /api: the rows of the REST table (rest-table.ts). */
export const apiRoutes = restRoutes(restTable, { health, 'live-feed': liveFeed });
