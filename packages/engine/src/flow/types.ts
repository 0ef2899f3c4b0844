import type { AiProvider } from '../constants';
import type { FlowFailureKind } from '../retry';
import type { FlowStep } from '../steps';
import type { TaskSource } from '../tasks';
import type {
  FlowApproval,
  FlowToolWork,
  ToolAnswer,
  ToolCallRequest,
  ToolMessage,
} from './tool-types';

/**
 * Where a run is: 'idle' before the first start or after Reset; 'planning' while the task list is
 * made; 'executing' while a task runs, its website is saved or deployed, or the next task or a
 * retry is scheduled; 'waiting' for Continue or Execute (manual mode, tasks left); 'summarising'
 * while the final summary is made; 'complete' after it; 'stopped' after Stop or a run failure.
 */
export type FlowStatus =
  | 'idle'
  | 'planning'
  | 'executing'
  | 'waiting'
  | 'summarising'
  | 'complete'
  | 'stopped';

/** One entry of a run's task list. */
export type FlowTask = {
  description: string;
  completed: boolean;
  /** The task's answer (with website notes), or its error text when it failed. */
  result: string;
  /** True when the task ended with an error instead of an answer. */
  failed: boolean;
};

/** Why the run asks the model. */
export type ModelCallPurpose = 'taskList' | 'task' | 'summary';

/** The one piece of outside work a run is waiting for, if any. */
export type FlowPending =
  | { kind: 'model'; purpose: 'taskList'; callId: number }
  | { kind: 'model'; purpose: 'task'; taskIndex: number; callId: number }
  | { kind: 'model'; purpose: 'summary'; callId: number }
  | { kind: 'saveWebsite'; taskIndex: number; callId: number; result: string; deploy: boolean }
  | { kind: 'deploy'; taskIndex: number; callId: number; result: string }
  | { kind: 'tool'; taskIndex: number; callId: number; toolCallId: string; tool: string };

/** What a scheduled timer does when it fires. */
export type FlowTimerAction = 'analyzeGoal' | 'runTask' | 'retryTask' | 'summary';
/** The run's one scheduled timer; a timerFired event with another token is stale and ignored. */
export type FlowTimer = { token: number; action: FlowTimerAction };

/** A run's whole state; plain JSON, so a runner can checkpoint it after every effect. */
export type FlowState = {
  status: FlowStatus;
  goal: string;
  /** AUTO: tasks run one after another without confirmation. */
  auto: boolean;
  provider: AiProvider;
  tasks: FlowTask[];
  taskSource: TaskSource | null;
  /** The task to run next (or running); equals tasks.length when all are done. */
  currentTaskIndex: number;
  websiteId: string | null;
  deployUrl: string | null;
  /** The final answer once the run is complete. */
  summary: string | null;
  /** True once this run asked for its summary (or found nothing to summarise). */
  summaryRequested: boolean;
  /** The message of the failure that stopped the run (for the 'Error' toast). */
  error: string | null;
  pending: FlowPending | null;
  timer: FlowTimer | null;
  /** Retries used by the current task. */
  taskRetries: number;
  /** Multiplier of every wait (FLOW_TIME_SCALE); scheduled delays and retry notices use it. */
  timeScale: number;
  /** Source of call ids and timer tokens; only grows, also across Reset. */
  sequence: number;
  /** A tool call that waits for the user: Approve or Reject (or, outcome unknown, retry or skip). */
  pendingApproval: FlowApproval | null;
  /** The current task's tool calls and its conversation with the model; null between tasks. */
  tools: FlowToolWork | null;
  /** Tool calls this run has made (the per-run limit counts them). */
  toolCallsUsed: number;
  /** The model endpoint rejected the `tools` parameter: the run goes on without tools. */
  toolsOff: boolean;
};

/** What a model call answered, as extractFlowResult reads it. */
type ModelAnswer = { reply: string; thinking?: string; actions?: string[]; callId?: number };
/** How a model call failed; `kind` from classifyFlowError. */
type ModelFailure = {
  kind: FlowFailureKind;
  message: string;
  callId?: number;
  /** The model endpoint the call tried, named in the step when it could not be reached. */
  endpoint?: string;
};

/**
 * Everything that can happen to a run. Answers to effects carry the effect's callId back; an
 * answer whose callId (when given) or kind does not match the pending work is stale and ignored.
 */
export type FlowEvent =
  | {
      type: 'start';
      goal: string;
      auto: boolean;
      provider?: AiProvider;
      /** A website id recovered from browser storage, for a deploy task without a new website. */
      websiteId?: string | null;
      /** Multiplier of the run's waits; 1 (the spec's delays) when unset. */
      timeScale?: number;
    }
  | ({ type: 'taskListReply' } & ModelAnswer)
  | ({ type: 'taskListFailed' } & ModelFailure)
  | ({ type: 'taskReply' } & ModelAnswer)
  | ({ type: 'taskFailed' } & ModelFailure)
  | ({ type: 'summaryReply' } & ModelAnswer)
  | { type: 'summaryFailed'; message: string; callId?: number }
  | { type: 'websiteSaved'; websiteId: string; callId?: number }
  | { type: 'websiteSaveFailed'; message: string; callId?: number }
  | { type: 'deployed'; deployUrl: string; callId?: number }
  | { type: 'deployFailed'; message: string; callId?: number }
  /** A task's model call answered with tool calls (and maybe some text). */
  | ({ type: 'taskToolCalls'; calls: ToolCallRequest[] } & ModelAnswer)
  /** The model endpoint refused the `tools` parameter. */
  | { type: 'taskToolsRejected'; message: string; callId?: number }
  /** A tool call was carried out (or failed before or while it was sent). */
  | ({ type: 'toolResult'; callId?: number } & ToolAnswer)
  /** A tool call was recorded as sent, but its outcome never was (the process died). */
  | { type: 'toolOutcomeUnknown'; callId?: number }
  /** The user's answer to `pendingApproval`: approve (or retry) / reject (or skip). */
  | { type: 'approve'; callId: number; approve: boolean }
  | { type: 'stop' }
  | { type: 'reset' }
  | { type: 'continue' }
  | { type: 'execute' }
  | { type: 'retry' }
  | { type: 'setAuto'; auto: boolean }
  | { type: 'timerFired'; token: number };

/** The event of one type. */
export type EventOf<T extends FlowEvent['type']> = Extract<FlowEvent, { type: T }>;

/** Work the runner does for the state machine, then answers with an event. */
export type FlowEffect =
  | { type: 'addStep'; step: FlowStep }
  | { type: 'callModel'; purpose: 'taskList'; prompt: string; callId: number }
  | {
      type: 'callModel';
      purpose: 'task';
      prompt: string;
      callId: number;
      taskIndex: number;
      /** The task's conversation after the prompt (tool calls and their answers). */
      messages?: ToolMessage[];
      /** Offer the user's tools to the model. */
      tools?: boolean;
    }
  | { type: 'callModel'; purpose: 'summary'; prompt: string; callId: number }
  | {
      type: 'saveWebsite';
      html: string;
      name: string;
      description: string;
      taskIndex: number;
      callId: number;
    }
  | { type: 'deploy'; websiteId: string; taskIndex: number; callId: number }
  | {
      type: 'callTool';
      call: ToolCallRequest & { item: NonNullable<ToolCallRequest['item']> };
      taskIndex: number;
      callId: number;
      /** Set by the runner once the call is recorded as sent (before it is sent). */
      sent?: boolean;
    }
  | { type: 'schedule'; afterMs: number; event: { type: 'timerFired'; token: number } };

/** The result of one reducer step. */
export type FlowTransition = { state: FlowState; effects: FlowEffect[] };
