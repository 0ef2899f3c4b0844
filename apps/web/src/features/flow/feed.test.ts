import { describe, expect, it } from 'vitest';
import { feedStep, runView, TEST_TASK_ID } from '../../testing/flowFixtures';
import {
  emptyFeed,
  feedReducer,
  isRunActive,
  isRunBusy,
  type RunFeed,
  unwrapFeedEvent,
} from './feed';
import type { FlowFeedEvent } from './types';

const following = emptyFeed(TEST_TASK_ID);
const event = (feed: RunFeed, e: FlowFeedEvent, taskId = TEST_TASK_ID) =>
  feedReducer(feed, { type: 'event', taskId, event: e });

describe('feedReducer', () => {
  it('adds each step once, in order, after a reconnect resends them', () => {
    let feed = event(following, { type: 'step', step: feedStep(1, 'thinking', 'one') });
    feed = event(feed, { type: 'step', step: feedStep(2, 'action', 'two') });
    feed = event(feed, { type: 'step', step: feedStep(2, 'action', 'two') });
    feed = event(feed, { type: 'step', step: feedStep(1, 'thinking', 'one') });
    expect(feed.steps.map((step) => step.seq)).toEqual([1, 2]);
  });

  it('ignores events of a run it does not follow', () => {
    const feed = event(
      following,
      { type: 'step', step: feedStep(1, 'thinking', 'elsewhere') },
      'another-task',
    );
    expect(feed.steps).toEqual([]);
  });

  it('streams model text into one bubble until the result step arrives', () => {
    let feed = event(following, {
      type: 'state',
      state: runView({
        status: 'executing',
        sequence: 4,
        pending: { kind: 'model', purpose: 'task', taskIndex: 0, callId: 4 },
      }),
    });
    feed = event(feed, { type: 'text', callId: 4, delta: 'The sea ' });
    feed = event(feed, { type: 'text', callId: 4, delta: 'is wide.' });
    expect(feed.streaming).toEqual({ callId: 4, text: 'The sea is wide.', reasoning: '' });

    feed = event(feed, { type: 'step', step: feedStep(1, 'result', 'The sea is wide.') });
    expect(feed.streaming).toBeNull();
    // Text of that call arriving late does not bring the bubble back.
    feed = event(feed, { type: 'text', callId: 4, delta: ' late' });
    expect(feed.streaming).toBeNull();
    // The next call streams again.
    feed = event(feed, { type: 'text', callId: 6, delta: 'Next' });
    expect(feed.streaming).toEqual({ callId: 6, text: 'Next', reasoning: '' });
  });

  it("streams a reasoning model's thinking apart from its answer, until the call's steps arrive", () => {
    let feed = event(following, { type: 'text', callId: 4, delta: 'Waves need ', reasoning: true });
    feed = event(feed, { type: 'text', callId: 4, delta: 'wind.', reasoning: true });
    feed = event(feed, { type: 'text', callId: 4, delta: 'The sea' });
    expect(feed.streaming).toEqual({ callId: 4, text: 'The sea', reasoning: 'Waves need wind.' });

    // The thinking arrives as a step: its streamed bubble goes, the answer keeps streaming.
    feed = event(feed, { type: 'step', step: feedStep(1, 'thinking', 'Waves need wind.') });
    expect(feed.streaming).toEqual({ callId: 4, text: 'The sea', reasoning: '' });
    feed = event(feed, { type: 'text', callId: 4, delta: ' is wide.' });
    feed = event(feed, { type: 'step', step: feedStep(2, 'result', 'The sea is wide.') });
    expect(feed.streaming).toBeNull();
    feed = event(feed, { type: 'text', callId: 4, delta: 'late', reasoning: true });
    expect(feed.streaming).toBeNull();
  });

  it('streams an answer anew when its call tries again', () => {
    let feed = event(following, { type: 'text', callId: 5, delta: 'Half an ans' });
    feed = event(feed, { type: 'text', callId: 5, delta: '', restart: true });
    expect(feed.streaming).toEqual({ callId: 5, text: '', reasoning: '' });
    feed = event(feed, { type: 'text', callId: 5, delta: 'A whole answer' });
    expect(feed.streaming?.text).toBe('A whole answer');
  });

  it('drops the bubble when the run stops waiting for the model', () => {
    let feed = event(following, { type: 'text', callId: 3, delta: 'Half an ans' });
    feed = event(feed, {
      type: 'state',
      state: runView({ status: 'stopped', sequence: 3, pending: null }),
    });
    expect(feed.streaming).toBeNull();
  });

  it('keeps the newer state when an older command answer arrives late', () => {
    let feed = event(following, {
      type: 'state',
      state: runView({ status: 'complete', sequence: 9, lastSeq: 20 }),
    });
    feed = feedReducer(feed, {
      type: 'view',
      view: runView({ status: 'executing', sequence: 5, lastSeq: 12 }),
    });
    expect(feed.run?.status).toBe('complete');
  });

  it('starts empty, then follows the started run', () => {
    const shown = event(following, { type: 'step', step: feedStep(1, 'thinking', 'old') });
    const starting = feedReducer(shown, { type: 'starting' });
    expect(starting).toMatchObject({ taskId: null, steps: [], starting: true });
    expect(feedReducer(starting, { type: 'open', taskId: 'new-task' })).toMatchObject({
      taskId: 'new-task',
      starting: false,
    });
    expect(feedReducer(starting, { type: 'startFailed' }).starting).toBe(false);
  });
});

describe('run status helpers', () => {
  it('tells active (Stop applies) from busy (Processing)', () => {
    expect(isRunActive(runView({ status: 'waiting' }))).toBe(true);
    expect(isRunBusy(runView({ status: 'waiting' }))).toBe(false);
    expect(isRunBusy(runView({ status: 'planning' }))).toBe(true);
    expect(isRunActive(runView({ status: 'complete' }))).toBe(false);
    expect(isRunActive(null)).toBe(false);
  });
});

describe('unwrapFeedEvent', () => {
  it('unwraps tracked steps and passes other events through', () => {
    const step = { type: 'step', step: feedStep(3, 'result', 'done') } as const;
    expect(unwrapFeedEvent({ id: '3', data: step })).toEqual(step);
    const text = { type: 'text', callId: 1, delta: 'hi' } as const;
    expect(unwrapFeedEvent(text)).toEqual(text);
  });
});
