import { expect, it } from 'vitest';
import { notifyFeed } from './run-store';
import { useTestFeed } from './test-feed';

const fixture = useTestFeed();

it('buffers announcements made after subscribing but before the first read', async () => {
  const abort = new AbortController();
  const taskId = '00000000-0000-4000-8000-000000000001';
  const messages = fixture.feed.messages(taskId, abort.signal);
  await notifyFeed(fixture.database.db, { kind: 'step', taskId, seq: 1 });
  await notifyFeed(fixture.database.db, { kind: 'step', taskId: 'another-task', seq: 9 });
  await notifyFeed(fixture.database.db, { kind: 'state', taskId });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect((await messages.next()).value).toEqual({ kind: 'step', taskId, seq: 1 });
  expect((await messages.next()).value).toEqual({ kind: 'state', taskId });
  abort.abort();
  expect((await messages.next()).done).toBe(true);
});
