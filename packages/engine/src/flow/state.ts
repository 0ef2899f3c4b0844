import { type AiProvider, DEFAULT_RUN_PROVIDER } from '../constants';
import type { FlowState } from './types';

/** Options of a new flow state. */
export type FlowStateOptions = {
  auto?: boolean;
  provider?: AiProvider;
  /** Continue the call-id and timer-token sequence of an earlier state (Reset does). */
  sequence?: number;
};

/** A run that has not started: idle, AUTO on (the spec's default), no tasks. */
export function createFlowState(options: FlowStateOptions = {}): FlowState {
  return {
    status: 'idle',
    goal: '',
    auto: options.auto ?? true,
    provider: options.provider ?? DEFAULT_RUN_PROVIDER,
    tasks: [],
    taskSource: null,
    currentTaskIndex: 0,
    websiteId: null,
    deployUrl: null,
    summary: null,
    summaryRequested: false,
    error: null,
    pending: null,
    timer: null,
    taskRetries: 0,
    sequence: options.sequence ?? 0,
  };
}

/** True while the run has work under way (a model call, a save or deploy, or a timer). */
export function isFlowBusy(state: FlowState): boolean {
  return (
    state.status === 'planning' || state.status === 'executing' || state.status === 'summarising'
  );
}
