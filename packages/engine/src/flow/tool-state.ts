import { TOOL_LIMITS } from './tool-texts';
import type { FlowToolWork } from './tool-types';
import type { FlowState } from './types';

/** A task's tool work before its first model call. */
export function freshTools(prompt: string): FlowToolWork {
  return { prompt, messages: [], queue: [], current: null, taskCalls: 0 };
}

/** Whether the run's next task call may offer tools: not refused, and within both limits. */
export function toolsAllowed(state: FlowState): boolean {
  return (
    !state.toolsOff &&
    (state.toolCallsUsed ?? 0) < TOOL_LIMITS.perRun &&
    (state.tools?.taskCalls ?? 0) < TOOL_LIMITS.perTask
  );
}
