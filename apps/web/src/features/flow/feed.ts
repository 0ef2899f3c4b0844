import { canResume, type FlowStatus, isFlowBusy } from '@flows/engine';
import type { FeedStep, FlowFeedEvent, FlowRunView } from './types';

/** What the workspace shows of the run it follows. */
export type RunFeed = {
  /** The followed run's task id; null before a start or after Reset. */
  taskId: string | null;
  /** The run's steps in order (by `seq`), each once. */
  steps: FeedStep[];
  /** The run's latest state; null until the feed (or a command's answer) sends it. */
  run: FlowRunView | null;
  /**
   * What the model call `callId` is streaming: its answer text, shown until its result step
   * arrives, and a reasoning model's thinking, shown until its thinking step arrives.
   */
  streaming: { callId: number; text: string; reasoning: string } | null;
  /** Model calls up to this id are over: text that arrives late for them is dropped. */
  closedCallId: number;
  /** A start was sent and its task id has not come back yet. */
  starting: boolean;
};

/** How the feed changes. */
export type FeedAction =
  | { type: 'starting' }
  | { type: 'startFailed' }
  | { type: 'open'; taskId: string }
  | { type: 'clear' }
  | { type: 'event'; taskId: string; event: FlowFeedEvent }
  | { type: 'view'; view: FlowRunView };

/** A feed following `taskId` (or nothing), with no steps yet. */
export function emptyFeed(taskId: string | null = null): RunFeed {
  return { taskId, steps: [], run: null, streaming: null, closedCallId: 0, starting: false };
}

/** Statuses in which the run still has work ahead (Stop applies). */
const ACTIVE_STATUSES: readonly FlowStatus[] = ['planning', 'executing', 'waiting', 'summarising'];

/** True for a status with work ahead: busy, or waiting for Continue or Execute. */
export function isActiveStatus(status: FlowStatus | null): boolean {
  return status !== null && ACTIVE_STATUSES.includes(status);
}

/** True while the run has work ahead (Stop applies). */
export function isRunActive(run: FlowRunView | null): boolean {
  return isActiveStatus(run?.status ?? null);
}

/** True while the run is processing (a model call, a save or deploy, or a scheduled step). */
export function isRunBusy(run: FlowRunView | null): boolean {
  return run !== null && isFlowBusy(run);
}

/** True when Execute and Continue apply: the run waits, or was stopped with work left. */
export function isRunResumable(run: FlowRunView | null): boolean {
  return run !== null && canResume(run);
}

/** Every model call id up to the returned one is finished, as far as `view` tells. */
function closedCallIdOf(view: FlowRunView, closed: number): number {
  const pending = view.pending;
  if (pending?.kind === 'model') return Math.max(closed, pending.callId - 1);
  return Math.max(closed, view.sequence);
}

/** A state for the followed run that is not older than the one shown (answers can overtake). */
function isCurrent(feed: RunFeed, view: FlowRunView): boolean {
  if (view.taskId !== feed.taskId) return false;
  const shown = feed.run;
  return shown === null || (view.sequence >= shown.sequence && view.lastSeq >= shown.lastSeq);
}

function withView(feed: RunFeed, view: FlowRunView): RunFeed {
  if (!isCurrent(feed, view)) return feed;
  const closedCallId = closedCallIdOf(view, feed.closedCallId);
  const streaming = feed.streaming && feed.streaming.callId > closedCallId ? feed.streaming : null;
  return { ...feed, run: view, closedCallId, streaming, starting: false };
}

function withStep(feed: RunFeed, step: FeedStep): RunFeed {
  const last = feed.steps.at(-1);
  if (last && step.seq <= last.seq) return feed;
  const steps = [...feed.steps, step];
  const { streaming } = feed;
  if (streaming && step.type === 'result') {
    // The answer has arrived as a step: its streamed bubbles give way to it.
    return {
      ...feed,
      steps,
      streaming: null,
      closedCallId: Math.max(feed.closedCallId, streaming.callId),
    };
  }
  if (streaming && step.type === 'thinking') {
    // The call's reasoning has arrived as a step, ahead of its result.
    return { ...feed, steps, streaming: { ...streaming, reasoning: '' } };
  }
  return { ...feed, steps };
}

function withText(feed: RunFeed, event: Extract<FlowFeedEvent, { type: 'text' }>): RunFeed {
  const { callId, delta } = event;
  if (callId <= feed.closedCallId) return feed;
  // A call that tries again streams its answer anew.
  const streaming =
    feed.streaming?.callId === callId && !event.restart
      ? feed.streaming
      : { callId, text: '', reasoning: '' };
  return {
    ...feed,
    streaming: event.reasoning
      ? { ...streaming, reasoning: streaming.reasoning + delta }
      : { ...streaming, text: streaming.text + delta },
  };
}

/** Applies an action to the feed; events of a run other than the followed one are ignored. */
export function feedReducer(feed: RunFeed, action: FeedAction): RunFeed {
  switch (action.type) {
    case 'starting':
      return { ...emptyFeed(), starting: true };
    case 'startFailed':
      return emptyFeed();
    case 'open':
      return emptyFeed(action.taskId);
    case 'clear':
      return emptyFeed();
    case 'view':
      return withView(feed, action.view);
    case 'event': {
      if (action.taskId !== feed.taskId) return feed;
      const { event } = action;
      if (event.type === 'step') return withStep(feed, event.step);
      if (event.type === 'state') return withView(feed, event.state);
      return withText(feed, event);
    }
  }
}

/**
 * The feed event inside what the subscription delivers: steps come wrapped as `{ id, data }`
 * (tracked, so the client resumes after them), state and text events as they are.
 */
export function unwrapFeedEvent(data: unknown): FlowFeedEvent {
  if (data && typeof data === 'object' && 'id' in data && 'data' in data) {
    return (data as { data: FlowFeedEvent }).data;
  }
  return data as FlowFeedEvent;
}
