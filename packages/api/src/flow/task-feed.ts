import { agentSteps, type Database, flowRuns } from '@flows/db';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { CarriedStep, FeedMessage, FlowFeed, FlowRunView } from './feed';
import { toStoredRun, viewOf } from './run-store';
import { listSteps, type StepView, stepViewColumns } from './service';

/**
 * One event of a run's live feed. Steps carry their sequence number as the event id. Every client
 * of a task gets the same event objects (read once for all of them): never change one.
 */
export type FlowFeedEvent =
  | { type: 'step'; step: StepView }
  | { type: 'state'; state: FlowRunView }
  | { type: 'text'; callId: number; delta: string; reasoning?: true; restart?: true };

/**
 * One reader per task and server process, shared by every client following that task's feed: each
 * announcement costs one query at most, however many clients watch. The reader works through the
 * task's announcements in order: the steps and state an announcement carries (the run store's do,
 * when they fit) go out at once, one transaction's as one batch; the other step and state
 * announcements that came together (one transaction's, or all that arrived while a read was under
 * way) cost one read of every step after the last one it has and one of the run's state, made at
 * once and sent as one batch; streamed text goes out as it came. What it reads goes to every client as the same event object. It keeps the last
 * steps it sent, so a client that (re)connects close behind the feed's head gets its backlog
 * without a query.
 *
 * Why nothing falls between a client's backlog and the live steps: a task's steps are numbered
 * under a lock held until they commit, so a step numbered above the reader's starting point was
 * committed after the reader started, and is read (and sent) after that. A client registers
 * before its backlog is taken, and takes it once the reader has started: every step after its
 * backlog is then sent to it live, and it skips steps it already has.
 */
type TaskReader = {
  /** Resolves once the reader knows the last step number it starts from. */
  ready: Promise<void>;
  clients: Set<FeedClient>;
  /** The last step number read (or started from). */
  cursor: number;
  /** The steps read most recently, in order, with no gap: every step after `cachedFrom`. */
  cache: StepView[];
  cachedFrom: number;
  cachedChars: number;
  stop: AbortController;
};

/** One client's events from its task's reader, waiting until the client takes them. */
class FeedClient {
  private readonly pending: FlowFeedEvent[] = [];
  private wake: (() => void) | null = null;
  private ended: { error: unknown } | null = null;

  push(events: FlowFeedEvent[]) {
    this.pending.push(...events);
    this.wake?.();
  }

  /** No more events: the client left, or the reader stopped (failed with `error`). */
  end(error: unknown) {
    this.ended ??= { error };
    this.wake?.();
  }

  /** Every event waiting (at least one, waiting for it if need be); null once ended. */
  async take(): Promise<FlowFeedEvent[] | null> {
    while (true) {
      // A client that left takes nothing more; a failed reader's events still go out first.
      if (this.ended && !this.ended.error) return null;
      if (this.pending.length > 0) return this.pending.splice(0);
      if (this.ended) throw this.ended.error;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }
}

/** How many of the last steps (and characters of them) a reader keeps for clients close behind. */
const CACHED_STEPS = 200;
const CACHED_CHARS = 1_000_000;

/** Reads per database and feed: the readers of the tasks someone follows now. */
const readersOf = new WeakMap<FlowFeed, WeakMap<Database, Map<string, TaskReader>>>();

function readersFor(db: Database, feed: FlowFeed): Map<string, TaskReader> {
  let byDb = readersOf.get(feed);
  if (!byDb) {
    byDb = new WeakMap();
    readersOf.set(feed, byDb);
  }
  let readers = byDb.get(db);
  if (!readers) {
    readers = new Map();
    byDb.set(db, readers);
  }
  return readers;
}

function openReader(
  db: Database,
  feed: FlowFeed,
  taskId: string,
  readers: Map<string, TaskReader>,
) {
  const stop = new AbortController();
  // Listens before it looks for the last step, so no announcement after that look is missed.
  const messages = feed.messages(taskId, stop.signal);
  const reader: TaskReader = {
    ready: Promise.resolve(),
    clients: new Set(),
    cursor: 0,
    cache: [],
    cachedFrom: 0,
    cachedChars: 0,
    stop,
  };
  reader.ready = feed
    .listening()
    .then(() =>
      db
        .select({ seq: sql<number>`coalesce(max(${agentSteps.seq}), 0)` })
        .from(agentSteps)
        .where(eq(agentSteps.taskId, taskId)),
    )
    .then(([last]) => {
      reader.cursor = Number(last?.seq ?? 0);
      reader.cachedFrom = reader.cursor;
    });
  readers.set(taskId, reader);
  // A failed read stops the reader and fails its clients' feeds (they reconnect with their
  // last step id); the next client starts a new reader.
  pump(db, taskId, reader, messages).then(
    () => close(readers, taskId, reader, null),
    (error: unknown) => close(readers, taskId, reader, error),
  );
  return reader;
}

function close(
  readers: Map<string, TaskReader>,
  taskId: string,
  reader: TaskReader,
  error: unknown,
) {
  if (readers.get(taskId) === reader) readers.delete(taskId);
  reader.stop.abort();
  for (const client of reader.clients) client.end(error);
}

/** How many step and state reads the feed made (in this process), to show they are shared. */
export const feedReads = { steps: 0, states: 0 };

/** The reader's two queries, built once per database (they run for every announcement). */
function prepareReads(db: Database) {
  const steps = db
    .select(stepViewColumns)
    .from(agentSteps)
    .where(
      and(
        eq(agentSteps.taskId, sql.placeholder('taskId')),
        gt(agentSteps.seq, sql.placeholder('afterSeq')),
      ),
    )
    .orderBy(asc(agentSteps.seq))
    .prepare('flow_feed_steps');
  const run = db
    .select()
    .from(flowRuns)
    .where(eq(flowRuns.taskId, sql.placeholder('taskId')))
    .prepare('flow_feed_run');
  return {
    steps: (taskId: string, afterSeq: number): Promise<StepView[]> => {
      feedReads.steps += 1;
      return steps.execute({ taskId, afterSeq });
    },
    state: async (taskId: string): Promise<FlowRunView | null> => {
      feedReads.states += 1;
      const [row] = await run.execute({ taskId });
      return row ? viewOf(toStoredRun(row)) : null;
    },
  };
}

const preparedReads = new WeakMap<Database, ReturnType<typeof prepareReads>>();

function readsFor(db: Database) {
  let reads = preparedReads.get(db);
  if (!reads) {
    reads = prepareReads(db);
    preparedReads.set(db, reads);
  }
  return reads;
}

/** The reader moves on past `steps` (in order, following on from its cursor) and keeps them. */
function advance(reader: TaskReader, steps: StepView[]): FlowFeedEvent[] {
  const events: FlowFeedEvent[] = [];
  for (const step of steps) {
    reader.cursor = step.seq;
    reader.cache.push(step);
    reader.cachedChars += step.content.length;
    events.push({ type: 'step', step });
  }
  while (reader.cache.length > CACHED_STEPS || reader.cachedChars > CACHED_CHARS) {
    const dropped = reader.cache.shift()!;
    reader.cachedFrom = dropped.seq;
    reader.cachedChars -= dropped.content.length;
  }
  return events;
}

/** A carried step as the database gives it (fields in the same order, for the same JSON). */
const stepViewOf = ({ id, seq, type, content, error, timestamp }: CarriedStep): StepView => ({
  id,
  seq,
  type,
  content,
  error,
  timestamp: new Date(timestamp),
});

function broadcast(reader: TaskReader, events: FlowFeedEvent[]) {
  if (events.length === 0) return;
  for (const client of reader.clients) client.push(events);
}

async function pump(
  db: Database,
  taskId: string,
  reader: TaskReader,
  messages: AsyncIterableIterator<FeedMessage>,
) {
  await reader.ready;
  // Announcements wait here while a read is under way, in the order they came.
  const queue: FeedMessage[] = [];
  const waiting: { wake: (() => void) | null; ended: boolean } = { wake: null, ended: false };
  void (async () => {
    try {
      for await (const message of messages) {
        queue.push(message);
        waiting.wake?.();
      }
    } finally {
      waiting.ended = true;
      waiting.wake?.();
    }
  })();

  let readSteps = false;
  let readState = false;
  /** Steps the announcements carried, not sent yet. */
  const carried: FlowFeedEvent[] = [];
  /** The newest state an announcement carried, not sent yet (null once a later one did not). */
  let carriedState: FlowRunView | null = null;
  /**
   * With nothing to read, sends the carried steps and state as one batch. Else sends the carried
   * steps at once, then makes one read for the step and state announcements gathered so far and
   * sends what it found (and the carried state, when no state was read) as one batch.
   */
  const read = async () => {
    const events = carried.splice(0);
    if (readSteps || readState) {
      broadcast(reader, events.splice(0));
      const reads = readsFor(db);
      const [steps, view] = await Promise.all([
        readSteps ? reads.steps(taskId, reader.cursor) : [],
        readState ? reads.state(taskId) : null,
      ]);
      readSteps = false;
      readState = false;
      events.push(...advance(reader, steps));
      if (view) events.push({ type: 'state', state: view });
    }
    if (carriedState) events.push({ type: 'state', state: carriedState });
    carriedState = null;
    broadcast(reader, events);
  };

  while (!reader.stop.signal.aborted) {
    if (queue.length === 0) {
      if (waiting.ended) return;
      await new Promise<void>((resolve) => {
        waiting.wake = resolve;
      });
      waiting.wake = null;
      // Announcements of one transaction arrive together: take them all in one go.
      await new Promise((resolve) => setImmediate(resolve));
      continue;
    }
    for (const message of queue.splice(0)) {
      if (message.kind === 'step') {
        // Steps an earlier read already brought need no read of their own; carried steps that
        // follow on from the last one sent need none either (unless a read is due already,
        // which brings them in order).
        if (message.seq <= reader.cursor) continue;
        const fresh = (message.steps ?? []).filter((step) => step.seq > reader.cursor);
        if (!readSteps && fresh[0]?.seq === reader.cursor + 1) {
          carried.push(...advance(reader, fresh.map(stepViewOf)));
        } else {
          readSteps = true;
        }
      } else if (message.kind === 'state') {
        // A later state supersedes an earlier one, carried or read.
        carriedState = message.state ?? null;
        readState = !message.state;
      } else {
        await read();
        const { callId, delta, reasoning, restart } = message;
        broadcast(reader, [
          {
            type: 'text',
            callId,
            delta,
            ...(reasoning && { reasoning }),
            ...(restart && { restart }),
          },
        ]);
      }
    }
    await read();
  }
}

/**
 * A task's feed for one client, in batches of the events ready at once: every step after
 * `lastSeq` (the backlog, then live ones), the run's state whenever it changes, and model text as
 * it streams; never a step twice, always in order. Live events come from the task's shared reader.
 */
export async function* followTaskBatches(
  db: Database,
  feed: FlowFeed,
  taskId: string,
  options: { lastSeq: number; signal: AbortSignal },
): AsyncGenerator<FlowFeedEvent[]> {
  const { signal } = options;
  if (signal.aborted) return;
  const readers = readersFor(db, feed);
  const reader = readers.get(taskId) ?? openReader(db, feed, taskId, readers);

  const client = new FeedClient();
  const onAbort = () => client.end(null);
  signal.addEventListener('abort', onAbort);
  reader.clients.add(client);
  try {
    await reader.ready;
    let sent = options.lastSeq;
    // The backlog: from the reader's cache when it reaches back far enough, else from the
    // database. Either way it is taken after the client registered and the reader started.
    const backlog =
      sent >= reader.cachedFrom
        ? reader.cache.filter((step) => step.seq > sent)
        : await listSteps(db, taskId, sent);
    const first: FlowFeedEvent[] = backlog.map((step) => ({ type: 'step', step }));
    sent = backlog.at(-1)?.seq ?? sent;
    const view = await readsFor(db).state(taskId);
    if (view) first.push({ type: 'state', state: view });
    if (first.length > 0) yield first;

    while (true) {
      const events = await client.take();
      if (!events) return;
      const fresh = events.filter((event) => {
        if (event.type !== 'step') return true;
        if (event.step.seq <= sent) return false;
        sent = event.step.seq;
        return true;
      });
      if (fresh.length > 0) yield fresh;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    reader.clients.delete(client);
    if (reader.clients.size === 0) close(readers, taskId, reader, null);
  }
}

/** followTaskBatches one event at a time. */
export async function* followTask(
  db: Database,
  feed: FlowFeed,
  taskId: string,
  options: { lastSeq: number; signal: AbortSignal },
): AsyncGenerator<FlowFeedEvent> {
  for await (const batch of followTaskBatches(db, feed, taskId, options)) yield* batch;
}
