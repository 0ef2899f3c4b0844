export { flowReducer } from './reducer';
export { createFlowState, type FlowStateOptions, isFlowBusy } from './state';
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
