/** The kinds of step in the execution feed. */
export const STEP_TYPES = ['thinking', 'action', 'result', 'subtask'] as const;
/** One kind of feed step. */
export type FlowStepType = (typeof STEP_TYPES)[number];
/**
 * A step as the flow state machine emits it (the runner adds id, sequence and timestamp). `error`
 * marks a result that reports a failure (a failed task, run, summary, save or deploy).
 */
export type FlowStep = { type: FlowStepType; content: string; error?: boolean };

/** The label the feed shows for each step type. */
export const STEP_LABELS: Record<FlowStepType, string> = {
  thinking: 'Thinking',
  action: 'Action',
  subtask: 'Subtask',
  result: 'Result',
};

const FEEDBACK_WORDS = /\bcontinue\b|\breview|\bfeedback\b/i;

/**
 * True when the feed shows the 'Feedback Required' box under a step: a thinking step, auto-execute
 * off, and text that mentions clicking Continue, review, feedback or a completed task.
 */
export function needsFeedback(step: FlowStep, autoExecute: boolean): boolean {
  if (step.type !== 'thinking' || autoExecute) return false;
  if (FEEDBACK_WORDS.test(step.content)) return true;
  const lower = step.content.toLowerCase();
  const completed = lower.indexOf('completed');
  return completed !== -1 && lower.includes('task', completed);
}

/** True when a completed task's result contains the word 'Error' (the task list's error notice). */
export function hasTaskErrors(tasks: readonly { completed: boolean; result: string }[]): boolean {
  return tasks.some((task) => task.completed && /\bError\b/.test(task.result));
}
