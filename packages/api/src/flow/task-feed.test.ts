import { agentSteps, type Database } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storedTestRun } from '../test-context';
import type { FlowFeedEvent } from './events';
import { createFlowFeed, type FlowFeed } from './feed';
import { commitRun, notifyFeed, numberSteps } from './run-store';
import { findRunView, listSteps } from './service';
import { feedReads, followTask, followTaskBatches } from './task-feed';
import { createTask } from './tasks';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: FlowFeed;
let db: Database;
/** The step and state reads the feed made, and those a client's backlog made. */
let backlogReads = 0;
const reads = () => feedReads.steps + feedReads.states + backlogReads;
beforeAll(async () => {
  database = await createTestDatabase();
  feed = createFlowFeed(database);
  // Counts the backlog reads made through the database (listSteps: db.select).
  db = new Proxy(database.db, {
    get(target, property) {
      if (property === 'select') backlogReads += 1;
      return Reflect.get(target, property, target);
    },
  });
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

/** Writes steps `from`..`to` of a task and announces them, one transaction per step. */
async function writeSteps(taskId: string, from: number, to: number) {
  for (let seq = from; seq <= to; seq++) {
    await database.db.transaction(async (tx) => {
      await tx.insert(agentSteps).values({ taskId, seq, type: 'result', content: `step ${seq}` });
      await notifyFeed(tx, { kind: 'step', taskId, seq });
    });
  }
}

/** Follows a task and collects the step numbers it sends until `lastSeq` arrives. */
async function collectSteps(taskId: string, lastSeq: number, afterSeq: number) {
  const abort = new AbortController();
  const seqs: number[] = [];
  const events = followTask(db, feed, taskId, { lastSeq: afterSeq, signal: abort.signal });
  let next: IteratorResult<FlowFeedEvent> = await events.next();
  while (!next.done) {
    if (next.value.type === 'step') seqs.push(next.value.step.seq);
    if (seqs.at(-1) === lastSeq) break;
    next = await events.next();
  }
  abort.abort();
  await events.return(undefined);
  return seqs;
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

it('reads each announced step once for all the clients following a task', async () => {
  const task = await createTask(database.db, 'Shared reads', null);
  await writeSteps(task.id, 1, 3);
  const abort = new AbortController();
  const clients = Array.from({ length: 10 }, () =>
    followTask(db, feed, task.id, { lastSeq: 0, signal: abort.signal }),
  );
  // Each client's backlog (steps 1-3) and state, read before the live steps.
  for (const client of clients) {
    for (const seq of [1, 2, 3]) {
      expect((await client.next()).value).toMatchObject({ type: 'step', step: { seq } });
    }
  }
  // Each client now reads the run's state (none here: a task without a run) and waits.
  const waiting = clients.map((client) => client.next());
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = reads();
  await writeSteps(task.id, 4, 8);
  for (const [index, client] of clients.entries()) {
    const seqs: number[] = [];
    let next = await waiting[index]!;
    while (true) {
      if (next.value?.type === 'step') seqs.push(next.value.step.seq);
      if (seqs.length === 5) break;
      next = await client.next();
    }
    expect(seqs).toEqual([4, 5, 6, 7, 8]);
  }
  // One read per announcement at most (fewer when announcements arrive during a read), not one
  // per client.
  expect(reads() - before).toBeGreaterThanOrEqual(1);
  expect(reads() - before).toBeLessThanOrEqual(5);

  const late = followTask(db, feed, task.id, { lastSeq: 6, signal: abort.signal });
  const joined = reads();
  expect((await late.next()).value).toMatchObject({ step: { seq: 7 } });
  expect((await late.next()).value).toMatchObject({ step: { seq: 8 } });
  // Its backlog came from the reader's cache: its one read is the run's state.
  expect(reads() - joined).toBe(1);

  abort.abort();
  for (const client of [...clients, late]) expect((await client.next()).done).toBe(true);
});

it('sends every step once and in order to clients that join at any moment of a run', async () => {
  const task = await createTask(database.db, 'Joining mid-run', null);
  await writeSteps(task.id, 1, 5);
  const last = 60;
  const writing = writeSteps(task.id, 6, last);
  const clients: Promise<{ afterSeq: number; seqs: number[] }>[] = [];
  for (let index = 0; index < 12; index++) {
    // Clients resume from different points, some ahead of the writes, while steps are written.
    const afterSeq = (index * 7) % last;
    await new Promise((resolve) => setTimeout(resolve, 15));
    clients.push(collectSteps(task.id, last, afterSeq).then((seqs) => ({ afterSeq, seqs })));
  }
  await writing;
  for (const { afterSeq, seqs } of await Promise.all(clients)) {
    expect(seqs).toEqual(range(afterSeq + 1, last));
  }
});

it('sends every step, the last one too, to the first client of a process that was not listening yet', async () => {
  // A process listens from the first feed it serves on: that client's reader waits for it.
  const fresh = createFlowFeed(database);
  try {
    const task = await createTask(database.db, 'First feed of a process', null);
    await writeSteps(task.id, 1, 2);
    const abort = new AbortController();
    const events = followTask(db, fresh, task.id, { lastSeq: 0, signal: abort.signal });
    expect((await events.next()).value).toMatchObject({ type: 'step', step: { seq: 1 } });
    // The last step of all: no later announcement would make the reader look again.
    await writeSteps(task.id, 3, 3);
    expect((await events.next()).value).toMatchObject({ type: 'step', step: { seq: 2 } });
    expect(await nextStep(events)).toMatchObject({ type: 'step', step: { seq: 3 } });
    abort.abort();
  } finally {
    await fresh.close();
  }
});

it('starts a new shared reader after every client has left', async () => {
  const task = await createTask(database.db, 'Leaving and coming back', null);
  await writeSteps(task.id, 1, 2);
  expect(await collectSteps(task.id, 2, 0)).toEqual([1, 2]);
  const again = collectSteps(task.id, 4, 2);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await writeSteps(task.id, 3, 4);
  expect(await again).toEqual([3, 4]);
});

/**
 * The next step `events` sends, past any state sent before it: the run's creation is announced
 * too, and on PostgreSQL that announcement may reach the feed after the reader has subscribed.
 */
async function nextStep(events: AsyncIterator<FlowFeedEvent>): Promise<FlowFeedEvent | undefined> {
  for (;;) {
    const next = await events.next();
    if (next.done) return undefined;
    if (next.value.type !== 'state') return next.value;
  }
}

it('sends the steps the run store announces without reading them, unless they are too large', async () => {
  const run = await storedTestRun(database.db);
  const abort = new AbortController();
  const client = followTask(db, feed, run.taskId, { lastSeq: 0, signal: abort.signal });
  expect((await client.next()).value).toMatchObject({ step: { seq: 1 } });
  expect((await client.next()).value).toMatchObject({ type: 'state' });
  const waiting = nextStep(client);
  await new Promise((resolve) => setTimeout(resolve, 100));

  const stepReads = feedReads.steps;
  const write = (contents: string[]) =>
    commitRun(
      database.db,
      run,
      numberSteps(
        run,
        contents.map((content) => ({ type: 'result', content })),
      ),
      { announceState: false },
    );
  await write(['second', 'third ✓']);
  const sent = [await waiting, await nextStep(client)];
  // Exactly what a read of them gives: id, time and all.
  const stored = await listSteps(database.db, run.taskId, 1);
  expect(sent).toEqual(stored.map((step) => ({ type: 'step', step })));
  expect(feedReads.steps).toBe(stepReads);

  // Too large for a notification: the announcement names the step, and the reader reads it.
  const large = 'x'.repeat(9000);
  await write([large]);
  expect(await nextStep(client)).toMatchObject({ step: { seq: 4, content: large } });
  expect(feedReads.steps).toBe(stepReads + 1);

  abort.abort();
  expect((await client.next()).done).toBe(true);
});

it("sends the run's state with the steps written with it, without reading it, unless it is too large", async () => {
  const run = await storedTestRun(database.db);
  const abort = new AbortController();
  const batches = followTaskBatches(db, feed, run.taskId, { lastSeq: 0, signal: abort.signal });
  expect((await batches.next()).value).toMatchObject([{ step: { seq: 1 } }, { type: 'state' }]);
  const waiting = batches.next();
  await new Promise((resolve) => setTimeout(resolve, 100));

  const reads = { steps: feedReads.steps, states: feedReads.states };
  const write = (goal: string) => {
    run.state = { ...run.state, goal };
    return commitRun(database.db, run, numberSteps(run, [{ type: 'result', content: goal }]), {
      announceState: true,
    });
  };
  await write('A new goal');
  // One batch: the step, then the state as a read of it gives it.
  const stored = await listSteps(database.db, run.taskId, 1);
  const view = await findRunView(database.db, run.taskId);
  expect((await waiting).value).toEqual([
    { type: 'step', step: stored[0] },
    { type: 'state', state: view },
  ]);
  expect(view).toMatchObject({ goal: 'A new goal', lastSeq: 2 });
  expect(feedReads).toEqual(reads);

  // Too large for a notification: the state is read.
  const large = 'y'.repeat(9000);
  await write(large);
  let sentState: FlowFeedEvent | undefined;
  while (!sentState) {
    const batch: FlowFeedEvent[] = (await batches.next()).value ?? [];
    sentState = batch.find((event) => event.type === 'state');
  }
  expect(sentState).toEqual({ type: 'state', state: await findRunView(database.db, run.taskId) });
  expect(sentState).toMatchObject({ state: { goal: large } });
  expect(feedReads.states).toBe(reads.states + 1);

  abort.abort();
  expect((await batches.next()).done).toBe(true);
});
