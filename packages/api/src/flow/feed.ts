import { EventEmitter, on } from 'node:events';
import type { DatabaseHandle } from '@flows/db';
import postgres from 'postgres';

/** A live-feed announcement. Steps and state are read from the database; text travels as is. */
export type FeedMessage =
  | { kind: 'step'; taskId: string; seq: number }
  | { kind: 'state'; taskId: string }
  | { kind: 'text'; taskId: string; callId: number; delta: string };

/** Fans run announcements out to every server process through PostgreSQL LISTEN/NOTIFY. */
export type FlowFeed = {
  /** The run's announcements from now on, buffered until read, until `signal` aborts. */
  messages: (taskId: string, signal: AbortSignal) => AsyncIterableIterator<FeedMessage>;
  close: () => Promise<void>;
};

export const FEED_CHANNEL = 'flow_feed';

// NOTIFY payloads must stay under 8000 bytes; streamed text is cut into pieces below that.
export const MAX_TEXT_PIECE = 2000;

/** Starts listening on the feed channel of this database. */
export async function createFlowFeed(database: DatabaseHandle): Promise<FlowFeed> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (payload: string) => {
    try {
      const message = JSON.parse(payload) as FeedMessage;
      emitter.emit(message.taskId, message);
    } catch {
      // A payload that is not ours is ignored.
    }
  };

  let stop: () => Promise<void>;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(FEED_CHANNEL, deliver);
    stop = unlisten;
  } else if (database.url) {
    const listener = postgres(database.url, { max: 1, onnotice: () => {} });
    await listener.listen(FEED_CHANNEL, deliver);
    stop = () => listener.end({ timeout: 2 });
  } else {
    throw new Error('The live feed needs PGlite or a PostgreSQL URL');
  }

  return {
    messages: async function* (taskId, signal) {
      try {
        for await (const [message] of on(emitter, taskId, { signal })) yield message as FeedMessage;
      } catch (error) {
        if (!signal.aborted) throw error;
      }
    },
    close: () => stop(),
  };
}
