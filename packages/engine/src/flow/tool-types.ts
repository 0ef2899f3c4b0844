/** The kinds of item a run can call as a tool. */
export type ToolItemKind = 'webhook' | 'integration';

/** One tool call a model asked for, as the runner resolved it against the user's items. */
export type ToolCallRequest = {
  /** The model's id of the call (`tool_calls[].id`). */
  id: string;
  /** The tool's name as the model called it. */
  tool: string;
  /** The arguments as the model sent them (JSON text). */
  arguments: string;
  /** The item behind the tool; null when the run offers no tool by that name. */
  item: {
    kind: ToolItemKind;
    id: string;
    /** The item asks before each call (askBeforeCall). */
    ask: boolean;
    /** What will be called, secrets masked: 'POST https://hooks.example.com/...'. */
    target: string;
  } | null;
  /** Why the call cannot be made as asked (arguments that do not fit the tool). */
  problem?: string;
};

/** The task's conversation with the model after its prompt, as the chat protocol carries it. */
export type ToolMessage =
  | {
      role: 'assistant';
      content: string;
      toolCalls: { id: string; name: string; arguments: string }[];
    }
  | { role: 'tool'; toolCallId: string; content: string };

/**
 * A tool call that waits for the user (`pendingApproval` of the run's state). `outcomeUnknown`:
 * the call was sent but its answer never recorded; approving sends it again, rejecting skips it.
 */
export type FlowApproval = {
  callId: number;
  tool: string;
  /** The call's arguments (parsed JSON when they parse, else their text); always set. */
  arguments?: unknown;
  /** What will be called, secrets masked. */
  target: string;
  outcomeUnknown: boolean;
};

/** The current task's tool work. */
export type FlowToolWork = {
  /** The task's prompt, for the calls that follow a tool's answer. */
  prompt: string;
  messages: ToolMessage[];
  /** Calls of the model's last reply not yet handled. */
  queue: ToolCallRequest[];
  /** The call that waits for approval (`pendingApproval`) or is under way. */
  current: ToolCallRequest | null;
  /** Tool calls made by this task (the per-task limit counts them). */
  taskCalls: number;
};

/** What a tool call came back with: the reply's status and (bounded, scrubbed) body, or an error. */
export type ToolAnswer = {
  status: number | null;
  statusText?: string;
  body: string;
  /** The call failed (refused, timed out, rate limited, unreachable): why. */
  error?: string;
};
