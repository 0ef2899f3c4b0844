import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/** How many live feeds may be open at once per client address, per task and in all; 0 = no limit. */
export type LiveFeedLimitSettings = { perAddress: number; perTask: number; total: number };

/**
 * The Retry-After of a refused feed. A slot frees when another feed closes, which no clock
 * predicts: a few seconds lets a closing tab or a finished run make room.
 */
const LIVE_FEED_RETRY_SECONDS = 5;

/** Counts of the live feeds open right now in this process. */
export class LiveFeedSlots {
  readonly #byAddress = new Map<string, number>();
  readonly #byTask = new Map<string, number>();
  #total = 0;

  constructor(private readonly limits: LiveFeedLimitSettings) {}

  /**
   * Takes a slot for one more feed, or says why not. The returned `release` frees it and may be
   * called any number of times.
   */
  open(address: string, taskId: string | undefined): { release: () => void } | { refused: string } {
    const { perAddress, perTask, total } = this.limits;
    if (total > 0 && this.#total >= total) {
      return {
        refused: `Too many live feeds are open on this server (at most ${total}). Try again later.`,
      };
    }
    if (perAddress > 0 && (this.#byAddress.get(address) ?? 0) >= perAddress) {
      return {
        refused: `Too many live feeds are open from your address (at most ${perAddress}). Close one and try again.`,
      };
    }
    if (taskId !== undefined && perTask > 0 && (this.#byTask.get(taskId) ?? 0) >= perTask) {
      return {
        refused: `Too many live feeds are open for this task (at most ${perTask}). Try again later.`,
      };
    }
    this.#total++;
    add(this.#byAddress, address, 1);
    if (taskId !== undefined) add(this.#byTask, taskId, 1);
    let open = true;
    return {
      release: () => {
        if (!open) return;
        open = false;
        this.#total--;
        add(this.#byAddress, address, -1);
        if (taskId !== undefined) add(this.#byTask, taskId, -1);
      },
    };
  }

  /** The feeds open right now (for tests). */
  get openCount(): number {
    return this.#total;
  }
}

function add(counts: Map<string, number>, key: string, delta: number) {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/** A stream that passes `body` through and calls `done` once it ends, fails or is cancelled. */
function untilStreamEnds(body: ReadableStream<Uint8Array>, done: () => void) {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          done();
          controller.close();
        } else {
          controller.enqueue(chunk.value);
        }
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}

/**
 * Caps the live feeds (GET /api/tasks/{id}/events and the flow.events subscription): a request
 * past a limit answers 429 before any stream starts; a slot is held while the stream is open.
 */
export function limitLiveFeeds(
  slots: LiveFeedSlots,
  taskIdOf: (c: Context<AppEnv>) => string | undefined,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const slot = slots.open(c.get('clientIp'), taskIdOf(c));
    if ('refused' in slot) {
      c.header('Retry-After', String(LIVE_FEED_RETRY_SECONDS));
      return c.json({ error: slot.refused }, 429);
    }
    c.req.raw.signal.addEventListener('abort', slot.release, { once: true });
    try {
      await next();
    } catch (error) {
      slot.release();
      throw error;
    }
    const body = c.res.body;
    if (!body || !c.res.headers.get('content-type')?.startsWith('text/event-stream')) {
      slot.release();
      return;
    }
    c.res = new Response(untilStreamEnds(body, slot.release), c.res);
  });
}

/** The task a tRPC flow.events request follows, from its `input` query parameter. */
export function subscriptionTaskId(c: Context<AppEnv>): string | undefined {
  try {
    const input: unknown = JSON.parse(c.req.query('input') ?? '');
    const taskId = input && typeof input === 'object' && 'taskId' in input ? input.taskId : null;
    return typeof taskId === 'string' ? taskId : undefined;
  } catch {
    return undefined;
  }
}
