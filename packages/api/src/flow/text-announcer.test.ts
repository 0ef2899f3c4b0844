import { expect, it } from 'vitest';
import type { FeedMessage } from './feed';
import { useTestFeed } from './test-feed';
import { createTextAnnouncer } from './text-announcer';

const fixture = useTestFeed();

const taskId = 'text-task';
const piece = (delta: string): FeedMessage => ({ kind: 'text', taskId, callId: 1, delta });

it('sends pieces in order, joined, and leaves what still waits to the caller', async () => {
  const stop = new AbortController();
  const messages = fixture.feed.messages(taskId, stop.signal);
  const received = async (count: number) => {
    const deltas: string[] = [];
    while (deltas.length < count) {
      const { value } = await messages.next();
      if (value?.kind === 'text') deltas.push(value.delta);
    }
    return deltas;
  };
  const text = createTextAnnouncer(fixture.database.db);

  // Pieces that come together go out as one; nothing is left once it went out.
  text.announce(piece('Hel'));
  text.announce(piece('lo'));
  expect(await received(1)).toEqual(['Hello']);
  expect(await text.takeRest()).toEqual([]);

  // Once a send is on its way, what comes meanwhile waits for the caller, behind it.
  text.announce(piece(' wor'));
  await new Promise((resolve) => setImmediate(resolve));
  text.announce(piece('ld'));
  expect(await text.takeRest()).toEqual([piece('ld')]);
  expect(await received(1)).toEqual([' wor']);

  // What waits for its first send is the caller's too; nothing more goes out.
  text.announce(piece('!'));
  expect(await text.takeRest()).toEqual([piece('!')]);
  text.announce(piece('next call'));
  expect(await received(1)).toEqual(['next call']);
  stop.abort();
});
