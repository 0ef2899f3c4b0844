import { taskReply } from './answers';
import {
  addAnswerSteps,
  addErrorStep,
  addStep,
  type Draft,
  draftOf,
  nextId,
  unchanged,
} from './draft';
import { completeTask, taskDescription } from './run';
import { FLOW_TEXT } from './texts';
import { toolsAllowed } from './tool-state';
import { parsedArguments, TOOL_LIMITS, TOOL_TEXT } from './tool-texts';
import type { FlowToolWork, ToolCallRequest } from './tool-types';
import type { EventOf, FlowPending, FlowState, FlowTransition } from './types';

// Tool calls of a task (issue 16). The model's reply may ask for tool calls; each is made (or
// waits for the user's approval, or is refused) in turn, its answer goes back to the model, and
// the task goes on until the model answers without one.

type TaskPending = { taskIndex: number };
type ToolPending = Extract<FlowPending, { kind: 'tool' }>;

/** Tells the model what became of one of its calls. */
function answerTool(tools: FlowToolWork, toolCallId: string, content: string): void {
  tools.messages.push({ role: 'tool', toolCallId, content });
}

/** Asks the model again with the task's conversation so far (tools offered while allowed). */
function askModelAgain(draft: Draft, taskIndex: number, tools: FlowToolWork): void {
  const { state } = draft;
  const callId = nextId(draft);
  state.status = 'executing';
  state.pending = { kind: 'model', purpose: 'task', taskIndex, callId };
  draft.effects.push({
    type: 'callModel',
    purpose: 'task',
    prompt: tools.prompt,
    callId,
    taskIndex,
    messages: [...tools.messages],
    tools: toolsAllowed(state),
  });
}

/** Makes a call: the action step showing what is called, then the callTool effect. */
function sendToolCall(draft: Draft, taskIndex: number, tools: FlowToolWork, call: ToolCallRequest) {
  const { state } = draft;
  const item = call.item!;
  tools.taskCalls += 1;
  state.toolCallsUsed = (state.toolCallsUsed ?? 0) + 1;
  tools.current = call;
  state.status = 'executing';
  addStep(draft, 'action', TOOL_TEXT.call(call.tool, item.target, call.arguments));
  const callId = nextId(draft);
  state.pending = { kind: 'tool', taskIndex, callId, toolCallId: call.id, tool: call.tool };
  draft.effects.push({ type: 'callTool', call: { ...call, item }, taskIndex, callId });
}

/** The run waits for the user: approve (or retry) / reject (or skip) the call. */
function askApproval(draft: Draft, tools: FlowToolWork, call: ToolCallRequest, unknown: boolean) {
  const { state } = draft;
  const target = call.item?.target ?? '';
  const callId = nextId(draft);
  tools.current = call;
  state.status = 'waiting';
  state.pending = null;
  state.pendingApproval = {
    callId,
    tool: call.tool,
    arguments: parsedArguments(call.arguments),
    target,
    outcomeUnknown: unknown,
  };
  const text = unknown ? TOOL_TEXT.outcomeUnknown : TOOL_TEXT.approval;
  addStep(draft, 'action', text(call.tool, target, call.arguments, callId));
}

/** Why a call cannot be made, if it cannot. */
function refusalOf(state: FlowState, tools: FlowToolWork, call: ToolCallRequest): string | null {
  if (!call.item) return TOOL_TEXT.unknownTool(call.tool);
  if (call.problem) return call.problem;
  const limited =
    tools.taskCalls >= TOOL_LIMITS.perTask || (state.toolCallsUsed ?? 0) >= TOOL_LIMITS.perRun;
  return limited ? TOOL_TEXT.limit(TOOL_LIMITS.perTask, TOOL_LIMITS.perRun) : null;
}

/**
 * Handles the next call of the model's last reply: refused (unknown tool, bad arguments, over a
 * limit), waiting for approval (manual mode, or an item that asks), or made. With none left the
 * model is asked again.
 */
function nextToolCall(draft: Draft, taskIndex: number, tools: FlowToolWork): void {
  const { state } = draft;
  for (let call = tools.queue.shift(); call; call = tools.queue.shift()) {
    const refusal = refusalOf(state, tools, call);
    if (refusal !== null) {
      addErrorStep(draft, TOOL_TEXT.notMade(call.tool, refusal));
      answerTool(tools, call.id, refusal);
      continue;
    }
    if (!state.auto || call.item?.ask) askApproval(draft, tools, call, false);
    else sendToolCall(draft, taskIndex, tools, call);
    return;
  }
  tools.current = null;
  askModelAgain(draft, taskIndex, tools);
}

/** A task's model call answered with tool calls: note them, then handle them one by one. */
export function taskToolCalls(
  draft: Draft,
  event: EventOf<'taskToolCalls'>,
  pending: TaskPending,
): void {
  const { state } = draft;
  const tools = state.tools;
  // Tools were not offered (refused, over a limit): the reply's text is the answer.
  if (!tools || !toolsAllowed(state) || event.calls.length === 0) {
    taskReply(draft, { ...event, type: 'taskReply' }, pending);
    return;
  }
  addAnswerSteps(draft, event);
  if (event.reply.trim()) addStep(draft, 'thinking', event.reply.trim());
  tools.messages.push({
    role: 'assistant',
    content: event.reply,
    toolCalls: event.calls.map((call) => ({
      id: call.id,
      name: call.tool,
      arguments: call.arguments,
    })),
  });
  tools.queue = [...event.calls];
  nextToolCall(draft, pending.taskIndex, tools);
}

/** The model endpoint refused `tools`: say so, and ask again without them for the whole run. */
export function taskToolsRejected(
  draft: Draft,
  event: EventOf<'taskToolsRejected'>,
  pending: TaskPending,
): void {
  const { state } = draft;
  state.toolsOff = true;
  addStep(draft, 'thinking', TOOL_TEXT.toolsRejected(event.message));
  if (state.tools) {
    askModelAgain(draft, pending.taskIndex, state.tools);
    return;
  }
  const error = FLOW_TEXT.taskError(taskDescription(draft, pending.taskIndex));
  addErrorStep(draft, error);
  completeTask(draft, pending.taskIndex, error, true);
}

/** A call came back: its answer (or failure) goes into a result step and back to the model. */
export function toolResult(draft: Draft, event: EventOf<'toolResult'>, pending: ToolPending) {
  const tools = draft.state.tools;
  if (!tools) return;
  tools.current = null;
  if (event.error !== undefined) {
    addErrorStep(draft, TOOL_TEXT.failed(pending.tool, event.error));
    answerTool(tools, pending.toolCallId, TOOL_TEXT.modelFailed(event.error));
  } else {
    const statusText = event.statusText ?? '';
    const step = TOOL_TEXT.answer(pending.tool, event.status, statusText, event.body);
    if (event.status !== null && event.status >= 400) addErrorStep(draft, step);
    else addStep(draft, 'result', step);
    answerTool(
      tools,
      pending.toolCallId,
      TOOL_TEXT.modelAnswer(event.status, statusText, event.body),
    );
  }
  nextToolCall(draft, pending.taskIndex, tools);
}

/** A call was recorded as sent, its outcome never: the run asks whether to send it again. */
export function toolOutcomeUnknown(draft: Draft) {
  const tools = draft.state.tools;
  const call = tools?.current;
  if (!tools || !call) return;
  askApproval(draft, tools, call, true);
}

/**
 * The user's answer to the waiting call: approve sends it (again, when its outcome was unknown);
 * reject tells the model it was not made (or skipped), and the task goes on.
 */
export function approve(state: FlowState, event: EventOf<'approve'>): FlowTransition {
  const approval = state.pendingApproval;
  if (!approval || approval.callId !== event.callId || !state.tools?.current) {
    return unchanged(state);
  }
  const draft = draftOf(state);
  const tools = draft.state.tools!;
  const call = tools.current!;
  const index = draft.state.currentTaskIndex;
  draft.state.pendingApproval = null;
  draft.state.error = null;
  if (event.approve) {
    sendToolCall(draft, index, tools, call);
    return draft;
  }
  tools.current = null;
  const skipped = approval.outcomeUnknown;
  addStep(draft, 'result', skipped ? TOOL_TEXT.skipped(call.tool) : TOOL_TEXT.rejected(call.tool));
  answerTool(tools, call.id, skipped ? TOOL_TEXT.modelSkipped : TOOL_TEXT.modelRejected);
  nextToolCall(draft, index, tools);
  return draft;
}
