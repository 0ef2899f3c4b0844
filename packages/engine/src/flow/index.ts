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
export {
  parsedArguments,
  prettyJson,
  TOOL_ANSWER_CHARS,
  TOOL_LIMITS,
  TOOL_STEP_PREFIX,
  TOOL_TEXT,
  type ToolStepKind,
  toolStepOf,
} from './tool-texts';
export type {
  FlowApproval,
  FlowToolWork,
  ToolAnswer,
  ToolCallRequest,
  ToolItemKind,
  ToolMessage,
} from './tool-types';
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
