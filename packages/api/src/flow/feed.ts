import { EventEmitter, on } from 'node:events';
import type { DatabaseHandle } from '@flows/db';
import type { FlowState, FlowStep } from '@flows/engine';
import postgres from 'postgres';

/** A step as an announcement carries it: a StepView, with its time as JSON gives it. */
export type CarriedStep = {
  id: string;
  seq: number;
  type: FlowStep['type'];
  content: string;
  error: boolean;
  timestamp: string;
};

/**
 * A run as flow.state answers and the feed sends it: its state, the number of its last step, and
 * how many effects are still to be carried out (0 once everything the state says has been written
 * to the feed).
 */
export type FlowRunView = FlowState & { taskId: string; lastSeq: number; pendingWork: number };

/**
 * A live-feed announcement. A step announcement names the task's last step and carries the
 * steps written with it when they fit (else they are read from the database); a state
 * announcement likewise carries the run's view when it fits; text travels as is.
 */
export type FeedMessage =
  | { kind: 'step'; taskId: string; seq: number; steps?: CarriedStep[] }
  | { kind: 'state'; taskId: string; state?: FlowRunView }
  | {
      kind: 'text';
      taskId: string;
      callId: number;
      delta: string;
      reasoning?: true;
      /** The call tries again: what it streamed so far is void. */
      restart?: true;
    };

/** Fans run announcements out to every server process through PostgreSQL LISTEN/NOTIFY. */
export type FlowFeed = {
  /**
   * The run's announcements from now on, buffered until read, until `signal` aborts. The first
   * call makes this process listen (see `listening`).
   */
  messages: (taskId: string, signal: AbortSignal) => AsyncIterableIterator<FeedMessage>;
  /**
   * Settles once announcements reach this process: what is read from the database after it
   * misses no announcement. A process listens from the first feed it serves on, so one that
   * serves none (a `pnpm worker`) never receives the announcements of every run.
   */
  listening: () => Promise<void>;
  close: () => Promise<void>;
};

export const FEED_CHANNEL = 'flow_feed';

/** NOTIFY payloads must stay under 8000 bytes. */
export const MAX_NOTIFY_BYTES = 7999;

// Streamed text is cut into pieces whose payload stays below MAX_NOTIFY_BYTES even when every
// character is escaped in JSON.
export const MAX_TEXT_PIECE = 1000;

/** The feed channel of this database, listened to from the first feed on. */
export function createFlowFeed(database: DatabaseHandle): FlowFeed {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (payload: string) => {
    // Nobody follows a run here now: nothing to parse.
    if (emitter.eventNames().length === 0) return;
    try {
      const message = JSON.parse(payload) as FeedMessage;
      emitter.emit(message.taskId, message);
    } catch {
      // A payload that is not ours is ignored.
    }
  };

  /** Listens; the answer stops listening. */
  const listen = async (): Promise<() => Promise<void>> => {
    if (database.pglite) return database.pglite.listen(FEED_CHANNEL, deliver);
    if (!database.url) throw new Error('The live feed needs PGlite or a PostgreSQL URL');
    const listener = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await listener.listen(FEED_CHANNEL, deliver);
    } catch (error) {
      await listener.end({ timeout: 2 });
      throw error;
    }
    return () => listener.end({ timeout: 2 });
  };
  // Made once; a LISTEN that failed (the database was down, say) is tried again next time.
  let listener: Promise<() => Promise<void>> | null = null;
  const listening = async () => {
    listener ??= listen().catch((error: unknown) => {
      listener = null;
      throw error;
    });
    await listener;
  };

  return {
    messages: (taskId, signal) => {
      // Subscribes now, not when first read: announcements made while the caller still sends
      // the backlog are buffered instead of lost.
      const announcements = on(emitter, taskId, { signal });
      listening().catch(() => {}); // the caller awaits `listening` for the outcome
      return (async function* () {
        try {
          for await (const [message] of announcements) yield message as FeedMessage;
        } catch (error) {
          if (!signal.aborted) throw error;
        }
      })();
    },
    listening,
    close: async () => {
      const stop = await listener?.catch(() => null);
      await stop?.();
    },
  };
}
