import type { AppRouter } from '@flows/api';
import type { TFlowRunView } from '@flows/api/contracts';
import type { inferRouterOutputs } from '@trpc/server';

type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A run's state as `flow.state` and the live feed send it (the contract's ZFlowRunView). */
export type FlowRunView = TFlowRunView;

/** One stored step of a run's feed, numbered by `seq`. */
export type FeedStep = RouterOutputs['task']['steps'][number];

/** One entry of the signed-in user's task history. */
export type TaskHistoryEntry = RouterOutputs['task']['list'][number];

/** A Quick Template: name, description and the prompt it fills in. */
export type FlowTemplate = RouterOutputs['template']['list'][number];

/** What the server tells the web app about its model (`system.model`). */
export type ModelInfo = RouterOutputs['system']['model'];

/**
 * One event of a run's live feed, unwrapped from tRPC's tracking envelope. Text events stream a
 * model call's answer, or with `reasoning` its thinking (a reasoning model's).
 */
export type FlowFeedEvent =
  | { type: 'step'; step: FeedStep }
  | { type: 'state'; state: FlowRunView }
  | { type: 'text'; callId: number; delta: string; reasoning?: true; restart?: true };
