import { SUBTASK_WORD_LIMIT } from './constants';
import { isWebsiteTask } from './tasks';

/** A finished task as prompts quote it. */
export type TaskOutcome = { description: string; result: string };

// Earlier results are quoted so each task builds on them; a long page of HTML is cut so the
// prompt stays small.
const QUOTED_RESULT_CHARS = 2000;

function quote(result: string): string {
  const trimmed = result.trim();
  return trimmed.length > QUOTED_RESULT_CHARS
    ? `${trimmed.slice(0, QUOTED_RESULT_CHARS)}…`
    : trimmed;
}

function outcomes(tasks: readonly TaskOutcome[]): string {
  return tasks
    .map((task, index) => `Task ${index + 1}: ${task.description}\nResult: ${quote(task.result)}`)
    .join('\n\n');
}

/** The prompt asking the model to split a goal into tasks. */
export function taskListPrompt(goal: string): string {
  return [
    'Break the following goal into a short list of concrete tasks (at most 5) that together accomplish it.',
    '',
    `Goal: ${goal.trim()}`,
    '',
    'Reply with only a JSON array of task descriptions, for example:',
    '["Research the topic", "Write the first draft", "Review and improve the draft"]',
  ].join('\n');
}

/** The instruction added to a task that builds a website, so the reply can be saved and deployed. */
export function websitePrompt(task: string): string {
  return [
    `This task builds a website: ${task.trim()}`,
    'Reply with one complete, self-contained HTML document (starting with <!DOCTYPE html>, with embedded CSS and any JavaScript) in a single ```html code block.',
  ].join('\n');
}

/** The prompt that runs one task, quoting the results of the tasks completed before it. */
export function taskPrompt(
  goal: string,
  task: string,
  previousResults: readonly TaskOutcome[],
): string {
  const parts = [`Overall goal: ${goal.trim()}`];
  if (previousResults.length > 0) {
    parts.push(`Results of the tasks completed so far:\n\n${outcomes(previousResults)}`);
  }
  parts.push(`Your current task: ${task.trim()}`);
  parts.push(
    `Complete only the current task. Keep your response under ${SUBTASK_WORD_LIMIT} words.`,
  );
  if (isWebsiteTask(task)) parts.push(websitePrompt(task));
  return parts.join('\n\n');
}

/** The prompt that combines the completed tasks into the final answer. */
export function summaryPrompt(
  goal: string,
  completedTasks: readonly TaskOutcome[],
  deployUrl?: string | null,
): string {
  const parts = [
    `The goal was: ${goal.trim()}`,
    `These tasks were completed:\n\n${outcomes(completedTasks)}`,
    'Combine these results into one clear, complete final answer to the goal.',
  ];
  if (deployUrl)
    parts.push(`The website was deployed at ${deployUrl}. Mention this URL prominently.`);
  return parts.join('\n\n');
}

/** The IDE assistant's prompt: the request, the coding-assistant instruction and the open files. */
export function ideAssistantPrompt(
  request: string,
  files: readonly { name: string; language: string }[],
): string {
  const fileList =
    files.length > 0
      ? files.map((file) => `- ${file.name} (${file.language})`).join('\n')
      : '(no files yet)';
  return [
    'You are a coding assistant in a browser-based IDE. Answer with the code needed, in fenced code blocks tagged with their language, and brief explanations.',
    `Current files:\n${fileList}`,
    `Request: ${request.trim()}`,
  ].join('\n\n');
}
