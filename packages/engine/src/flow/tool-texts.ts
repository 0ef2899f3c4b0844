/** Tool calls a task may make, and a run in all. */
export const TOOL_LIMITS = { perTask: 5, perRun: 20 } as const;

/** The longest tool answer body handed to the model (and shown), in characters. */
export const TOOL_ANSWER_CHARS = 4000;

/** Arguments as readable JSON (indented) when they parse; otherwise as sent. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2) ?? text;
  } catch {
    return text;
  }
}

/** Parsed arguments when they are JSON, else their text. */
export function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const block = (text: string) => `\n\n\`\`\`json\n${text}\n\`\`\``;
const cut = (text: string) =>
  text.length > TOOL_ANSWER_CHARS ? `${text.slice(0, TOOL_ANSWER_CHARS)}\n[... cut]` : text;

/** The first words of each tool step, so the feed can draw them apart. */
export const TOOL_STEP_PREFIX = {
  call: 'Calling tool ',
  approval: 'Approval required: ',
  outcomeUnknown: 'Outcome unknown: ',
  // Backticks: the word before a quoted string would look like an import to the contracts' check.
  answer: `Tool answer from `,
  failed: 'Tool call failed: ',
  rejected: 'Rejected: ',
  skipped: 'Skipped: ',
  notMade: 'Tool call not made: ',
} as const;
export type ToolStepKind = keyof typeof TOOL_STEP_PREFIX;

/** The feed's and the model's texts of tool calls. */
export const TOOL_TEXT = {
  call: (tool: string, target: string, args: string) =>
    `${TOOL_STEP_PREFIX.call}${tool}: ${target}${block(prettyJson(args))}`,
  approval: (tool: string, target: string, args: string, callId: number) =>
    `${TOOL_STEP_PREFIX.approval}${tool} wants to call ${target} (call ${callId}). Approve to send it, or Reject.${block(prettyJson(args))}`,
  outcomeUnknown: (tool: string, target: string, args: string, callId: number) =>
    `${TOOL_STEP_PREFIX.outcomeUnknown}${tool} (${target}) was sent, but Flows stopped before its answer was recorded (call ${callId}). Retry sends it again; Skip goes on without it.${block(prettyJson(args))}`,
  answer: (tool: string, status: number | null, statusText: string, body: string) =>
    `${`${TOOL_STEP_PREFIX.answer}${tool}: ${status ?? ''} ${statusText}`.trimEnd()}${block(prettyJson(cut(body)))}`,
  failed: (tool: string, error: string) => `${TOOL_STEP_PREFIX.failed}${tool}: ${error}`,
  rejected: (tool: string) => `${TOOL_STEP_PREFIX.rejected}${tool} was not called.`,
  skipped: (tool: string) => `${TOOL_STEP_PREFIX.skipped}${tool} was not sent again.`,
  notMade: (tool: string, reason: string) => `${TOOL_STEP_PREFIX.notMade}${tool}. ${reason}`,
  unknownTool: (tool: string) => `There is no tool named "${tool}".`,
  limit: (taskCalls: number, runCalls: number) =>
    `The limit of tool calls is reached (${taskCalls} per task, ${runCalls} per run); answer without calling tools.`,
  toolsRejected: (message: string) =>
    `The model endpoint does not accept tools (${message}). The run goes on without tools.`,

  // What the model is told.
  modelAnswer: (status: number | null, statusText: string, body: string) =>
    `${`HTTP ${status ?? ''} ${statusText}`.trimEnd()}\n\n${cut(body)}`,
  modelFailed: (error: string) => `The call failed: ${error}`,
  modelRejected: 'The user rejected this call; it was not made. Go on without it.',
  modelSkipped:
    "This call's outcome is unknown (it may or may not have been carried out) and the user chose not to send it again. Go on without it.",
} as const;

/** Which tool step a feed step is, and the call id it names; null for any other step. */
export function toolStepOf(content: string): { kind: ToolStepKind; callId: number | null } | null {
  for (const kind of Object.keys(TOOL_STEP_PREFIX) as ToolStepKind[]) {
    if (content.startsWith(TOOL_STEP_PREFIX[kind])) {
      const callId = /\(call (\d+)\)/.exec(content.split('\n', 1)[0] ?? '')?.[1];
      return { kind, callId: callId === undefined ? null : Number(callId) };
    }
  }
  return null;
}
