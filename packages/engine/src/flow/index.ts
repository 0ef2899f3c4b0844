export { flowReducer } from './reducer';
export {
  canResume,
  createFlowState,
  type FlowStateOptions,
  isFlowBusy,
  type RetryTarget,
  type RunOutcome,
  retryTarget,
  runOutcome,
} from './state';
export { FLOW_TEXT, FLOW_TOAST } from './texts';
export type {
  FlowEffect,
  FlowEvent,
  FlowPending,
  FlowState,
  FlowStatus,
  FlowTask,
  FlowTimer,
  FlowTimerAction,
  FlowTransition,
  ModelCallPurpose,
} from './types';
