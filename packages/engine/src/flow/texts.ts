import { HOSTED_PROVIDER } from '../constants';
import { engineLabel } from '../providers';

/**
 * Every step and error text of a flow run (core spec sections 4 and 8), so that the runner and
 * the web client never re-type them. `engine` is engineLabel(provider).
 */
export const FLOW_TEXT = {
  understandGoal: (goal: string) => `I need to understand the goal: ${goal}`,
  analyzing: (engine: string) => `Analyzing the task using ${engine}`,
  taskCompleted: "I've completed the task. Here's what I found.",
  movingToNextTask: 'Moving to the next task...',
  executingTask: (index: number, total: number, task: string) =>
    `Executing task ${index + 1} of ${total}: ${task}`,
  taskList: (tasks: readonly string[]) =>
    `I've broken the goal into ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}:\n${tasks
      .map((task, index) => `${index + 1}. ${task}`)
      .join('\n')}`,
  awaitingConfirmation:
    'The task list is ready. Review it, then click Continue to run the tasks, or Execute to run only the current one.',
  retryingTask: (delayMs: number, retry: number, retries: number) =>
    `The AI service did not respond. Retrying in ${seconds(delayMs)} (retry ${retry} of ${retries})...`,
  /** A model call attempt failed and is tried again after `delayMs`. */
  retryingCall: (reason: string, delayMs: number, attempt: number, attempts: number) =>
    `${reason.replace(/\.?$/, '.')} Retrying in ${seconds(delayMs)} (attempt ${attempt} of ${attempts})...`,
  /** Added to a connection failure's step: which model server was tried and how to get one. */
  modelUnreachable: (endpoint: string) =>
    `Flows could not reach the model server at ${endpoint}. Start your model server (LM Studio or Ollama) so that it answers there, set MODEL_ENDPOINT to the address it answers at, or run pnpm demo to try Flows with the scripted demo model.`,
  summarising: 'All tasks are done. Combining the results into a final summary...',
  websiteSaved: 'Website files saved.',
  websiteDeployed: (url: string) => `Website deployed successfully: ${url}`,
  deployHighlight: (url: string) => `Your website is live at: ${url}`,
  noWebsiteToDeploy: 'No website was found to deploy. Create a website in an earlier task first.',

  // Errors of spec section 8, "Execution".
  runFailed: (engine: string) =>
    engine === engineLabel(HOSTED_PROVIDER)
      ? 'Failed to connect to AIML API. Please try again later.'
      : 'Failed to connect to the AI service. The connection may be temporarily unavailable.',
  modelReplyError: (engine: string) =>
    `I encountered an error while processing your request with ${engine}.`,
  modelResponseFailed: (engine: string) => `Failed to get response from ${engine}`,
  serverReturned: (status: number, statusText: string) =>
    `Server returned ${status}: ${statusText}`,
  serverResponded: (status: number, statusText: string) =>
    `Server responded with ${status}: ${statusText}`,
  summaryError: 'Error generating final summary. Please review the individual task results above.',
  summaryNoResults: 'Unable to generate final summary: No results available from subtasks.',
  taskConnectionError: (task: string) =>
    `Error: Connection timed out while executing: ${task}\n\nThere may be an issue with the AI service connection. (Beta Feature)`,
  taskError: (task: string) => `Error executing subtask: ${task}`,
  taskListConnectionError:
    'Error: Connection timed out. The AI service may be temporarily unavailable. (Beta Feature)',
  taskListError: 'Error generating task list. Please try again.',
  taskListProcessError: 'Failed to process task list. Please try again.',
  taskListFallback: 'Could not extract tasks from response. Creating default task structure.',
  websiteSaveError: 'Error: Failed to save website files.',
  websiteDeployError: (message: string) => `Error: Failed to deploy website. ${message}`.trim(),
  siteCreationFailed: (status: number, body: string) =>
    `Failed to create hosting site: ${status} ${body}`.trim(),
  deployRequestFailed: (status: number, body: string) =>
    `Failed to deploy website: ${status} ${body}`.trim(),
  httpError: (status: number, body: string, statusText: string) =>
    `${status}: ${body || statusText}`,
} as const;

/** A delay as a retry notice states it: '5 seconds', '1 second', '0.25 seconds'. */
function seconds(ms: number): string {
  const value = Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1));
  return `${value} ${value === 1 ? 'second' : 'seconds'}`;
}

/** Toast titles and texts of the flow (core spec section 8). */
export const FLOW_TOAST = {
  emptyGoal: { title: 'Empty Goal', message: 'Please enter a goal for your flow' },
  startFailed: { title: 'Error', message: 'Failed to start flow execution' },
  stopped: { title: 'Flow Stopped', message: 'The flow process has been stopped.' },
  runFailed: { title: 'Error' },
} as const;
