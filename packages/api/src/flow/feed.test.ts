import { createTestDatabase } from '@flows/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFlowFeed, type FlowFeed } from './feed';
import { notifyFeed } from './run-store';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: FlowFeed;
beforeAll(async () => {
  database = await createTestDatabase();
  feed = await createFlowFeed(database);
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

it('buffers announcements made after subscribing but before the first read', async () => {
  const abort = new AbortController();
  const taskId = '00000000-0000-4000-8000-000000000001';
  const messages = feed.messages(taskId, abort.signal);
  await notifyFeed(database.db, { kind: 'step', taskId, seq: 1 });
  await notifyFeed(database.db, { kind: 'step', taskId: 'another-task', seq: 9 });
  await notifyFeed(database.db, { kind: 'state', taskId });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect((await messages.next()).value).toEqual({ kind: 'step', taskId, seq: 1 });
  expect((await messages.next()).value).toEqual({ kind: 'state', taskId });
  abort.abort();
  expect((await messages.next()).done).toBe(true);
});
