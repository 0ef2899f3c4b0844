import type { Database } from '@flows/db';
import { type FeedMessage, MAX_TEXT_PIECE } from './feed';
import { notifyFeedAll } from './run-store';

type TextMessage = Extract<FeedMessage, { kind: 'text' }>;

/** Two pieces of text that can go out as one. */
function joinable(last: TextMessage, message: TextMessage) {
  return (
    !last.restart &&
    !message.restart &&
    last.callId === message.callId &&
    last.reasoning === message.reasoning &&
    last.delta.length + message.delta.length <= MAX_TEXT_PIECE
  );
}

/**
 * Announces the text a run's model calls stream, one statement at a time so pieces arrive in
 * order: what streams in meanwhile, or came in the same read of the stream, waits and goes out
 * together (text pieces joined up to MAX_TEXT_PIECE), one round trip for many pieces. What still
 * waits when a call ends goes out with the statement that writes its answer (`takeRest`). A lost
 * piece only costs the preview.
 */
export function createTextAnnouncer(db: Database) {
  let waiting: FeedMessage[] = [];
  let sending: Promise<void> | null = null;
  /** Set while `takeRest` waits: what waits then is for it. */
  let taking = false;

  async function send() {
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0 && !taking) {
      const batch = waiting;
      waiting = [];
      await notifyFeedAll(db, batch).catch(() => {});
    }
    sending = null;
  }

  return {
    announce(message: FeedMessage) {
      const last = waiting.at(-1);
      if (last?.kind === 'text' && message.kind === 'text' && joinable(last, message)) {
        waiting[waiting.length - 1] = { ...last, delta: last.delta + message.delta };
      } else {
        waiting.push(message);
      }
      sending ??= send();
    },
    /** Takes what still waits, once what is on its way has gone out: for the caller to send. */
    async takeRest(): Promise<FeedMessage[]> {
      taking = true;
      await sending;
      taking = false;
      const rest = waiting;
      waiting = [];
      return rest;
    },
  };
}

export type TextAnnouncer = ReturnType<typeof createTextAnnouncer>;
