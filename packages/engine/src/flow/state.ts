import { type AiProvider, DEFAULT_RUN_PROVIDER } from '../constants';
import type { FlowState } from './types';

/** Options of a new flow state. */
export type FlowStateOptions = {
  auto?: boolean;
  provider?: AiProvider;
  /** Continue the call-id and timer-token sequence of an earlier state (Reset does). */
  sequence?: number;
  /** Multiplier of the run's waits (default 1). */
  timeScale?: number;
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
    timeScale: options.timeScale ?? 1,
    sequence: options.sequence ?? 0,
    pendingApproval: null,
    tools: null,
    toolCallsUsed: 0,
    toolsOff: false,
  };
}

/** True while the run has work under way (a model call, a save or deploy, or a timer). */
export function isFlowBusy(state: Pick<FlowState, 'status'>): boolean {
  return (
    state.status === 'planning' || state.status === 'executing' || state.status === 'summarising'
  );
}

/**
 * True when Execute and Continue apply: the run waits for them, or it was stopped with work left
 * (a task not yet run, or the final summary).
 */
export function canResume(state: FlowState): boolean {
  if (state.pendingApproval) return false; // the waiting tool call is answered by approve
  return state.status === 'waiting' || (state.status === 'stopped' && state.tasks.length > 0);
}

/** What Retry does: re-run one task, or make the task list again. */
export type RetryTarget = { kind: 'task'; index: number } | { kind: 'taskList' };

/**
 * What Retry would do now, or null when it does not apply: re-run the last failed task; else the
 * task a Stop interrupted; else, when the task list could not be made, make it again.
 */
export function retryTarget(state: FlowState): RetryTarget | null {
  if (isFlowBusy(state) || state.status === 'idle' || state.pendingApproval) return null;
  const failed = state.tasks.findLastIndex((task) => task.failed);
  if (failed !== -1) return { kind: 'task', index: failed };
  if (state.status !== 'stopped') return null;
  if (state.tasks.length === 0) return state.goal ? { kind: 'taskList' } : null;
  const current = state.tasks[state.currentTaskIndex];
  return current && !current.completed ? { kind: 'task', index: state.currentTaskIndex } : null;
}

/** How a run ended, as the history shows it. */
export type RunOutcome = 'running' | 'complete' | 'stopped' | 'failed';

/**
 * How a run stands: running while it has work ahead; failed when a failure stopped it or a task
 * failed; stopped after Stop or Reset; complete otherwise.
 */
export function runOutcome(
  state: Pick<FlowState, 'status' | 'error'> & { tasks: readonly { failed: boolean }[] },
): RunOutcome {
  if (isFlowBusy(state) || state.status === 'waiting') return 'running';
  if (state.status === 'complete') {
    return state.tasks.some((task) => task.failed) ? 'failed' : 'complete';
  }
  return state.error ? 'failed' : 'stopped';
}
