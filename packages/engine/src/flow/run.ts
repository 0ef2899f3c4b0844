import { FLOW_TIMING } from '../constants';
import { isHtmlDocument, websiteHtml } from '../html';
import { summaryPrompt, type TaskOutcome, taskPrompt } from '../prompts';
import { engineLabel } from '../providers';
import { isDeployTask, isWebsiteTask } from '../tasks';
import { addErrorStep, addStep, type Draft, nextId, schedule } from './draft';
import { FLOW_TEXT } from './texts';
import { freshTools, toolsAllowed } from './tool-state';

const WEBSITE_NAME_CHARS = 60;

/** The description of task `index`; empty for an index a corrupted checkpoint might hold. */
export function taskDescription(draft: Draft, index: number): string {
  return draft.state.tasks[index]?.description ?? '';
}

/** The tasks finished with an answer, for prompts and the summary. */
export function completedOutcomes(draft: Draft): TaskOutcome[] {
  return draft.state.tasks
    .filter((task) => task.completed && !task.failed && task.result.trim() !== '')
    .map(({ description, result }) => ({ description, result }));
}

/**
 * Runs the current task: a subtask step naming it (not repeated for a retry), the action step and
 * the model call.
 */
export function runCurrentTask(draft: Draft, announce: boolean): void {
  const { state } = draft;
  const index = state.currentTaskIndex;
  const task = state.tasks[index];
  if (!task) {
    afterTask(draft, false);
    return;
  }
  state.status = 'executing';
  if (announce)
    addStep(draft, 'subtask', FLOW_TEXT.executingTask(index, state.tasks.length, task.description));
  addStep(draft, 'action', FLOW_TEXT.analyzing(engineLabel(state.provider)));
  const callId = nextId(draft);
  state.pending = { kind: 'model', purpose: 'task', taskIndex: index, callId };
  const prompt = taskPrompt(state.goal, task.description, completedOutcomes(draft));
  state.tools = freshTools(prompt);
  draft.effects.push({
    type: 'callModel',
    purpose: 'task',
    prompt,
    callId,
    taskIndex: index,
    tools: toolsAllowed(state),
  });
}

/** Runs task `index` again (Retry): it starts over as not done, and the summary is made anew. */
export function runTaskAgain(draft: Draft, index: number): void {
  const { state } = draft;
  const task = state.tasks[index];
  if (!task) return;
  Object.assign(task, { completed: false, failed: false, result: '' });
  state.currentTaskIndex = index;
  state.taskRetries = 0;
  state.summary = null;
  state.summaryRequested = false;
  runCurrentTask(draft, true);
}

/**
 * Handles a task's answer: save it as a website when it holds a full document or the task builds a
 * website, deploy when the task mentions deploying, then complete the task.
 */
export function handleTaskAnswer(draft: Draft, index: number, reply: string): void {
  const description = taskDescription(draft, index);
  const deploy = isDeployTask(description);
  if (isHtmlDocument(reply) || isWebsiteTask(description)) {
    saveWebsite(draft, index, reply, deploy);
  } else if (deploy) {
    deployWebsite(draft, index, reply);
  } else {
    completeTask(draft, index, reply, false);
  }
}

function websiteName(goal: string): string {
  const name = goal.trim().slice(0, WEBSITE_NAME_CHARS).trim();
  return name || 'Flows website';
}

function saveWebsite(draft: Draft, index: number, reply: string, deploy: boolean): void {
  const { state } = draft;
  const name = websiteName(state.goal);
  const callId = nextId(draft);
  state.pending = { kind: 'saveWebsite', taskIndex: index, callId, result: reply, deploy };
  draft.effects.push({
    type: 'saveWebsite',
    html: websiteHtml(reply, name),
    name,
    description: taskDescription(draft, index),
    taskIndex: index,
    callId,
  });
}

/** Deploys the run's website for task `index`, or notes that there is none. */
export function deployWebsite(draft: Draft, index: number, result: string): void {
  const { state } = draft;
  if (state.websiteId === null) {
    addStep(draft, 'result', FLOW_TEXT.noWebsiteToDeploy);
    completeTask(draft, index, `${result}\n\n${FLOW_TEXT.noWebsiteToDeploy}`, false);
    return;
  }
  const callId = nextId(draft);
  state.pending = { kind: 'deploy', taskIndex: index, callId, result };
  draft.effects.push({ type: 'deploy', websiteId: state.websiteId, taskIndex: index, callId });
}

/** Marks task `index` done with its result (or error), advances the index and decides what is next. */
export function completeTask(draft: Draft, index: number, result: string, failed: boolean): void {
  const { state } = draft;
  const task = state.tasks[index];
  if (task) {
    task.completed = true;
    task.result = result;
    task.failed = failed;
  }
  if (!failed) addStep(draft, 'thinking', FLOW_TEXT.taskCompleted);
  state.pending = null;
  state.tools = null;
  state.taskRetries = 0;
  // The first task not yet done: the next one, or after a Retry the one the run had reached.
  const open = state.tasks.findIndex((candidate) => !candidate.completed);
  state.currentTaskIndex = open === -1 ? state.tasks.length : open;
  afterTask(draft, failed);
}

/**
 * After a task: the summary when none are left (1 s later, in either mode); in auto mode the next
 * task after 8 s (10 s after a failure); in manual mode wait for Continue or Execute.
 */
function afterTask(draft: Draft, failed: boolean): void {
  const { state } = draft;
  if (state.currentTaskIndex >= state.tasks.length) {
    state.status = 'summarising';
    schedule(draft, 'summary', FLOW_TIMING.summaryDelayMs);
  } else if (state.auto) {
    state.status = 'executing';
    schedule(
      draft,
      'runTask',
      failed ? FLOW_TIMING.afterFailureDelayMs : FLOW_TIMING.nextTaskDelayMs,
    );
  } else {
    state.status = 'waiting';
  }
}

/** Asks for the final summary once per run, or reports that there is nothing to summarise. */
export function requestSummary(draft: Draft): void {
  const { state } = draft;
  const outcomes = completedOutcomes(draft);
  state.summaryRequested = true;
  if (outcomes.length === 0) {
    addErrorStep(draft, FLOW_TEXT.summaryNoResults);
    state.status = 'complete';
    return;
  }
  addStep(draft, 'thinking', FLOW_TEXT.summarising);
  const callId = nextId(draft);
  state.status = 'summarising';
  state.pending = { kind: 'model', purpose: 'summary', callId };
  draft.effects.push({
    type: 'callModel',
    purpose: 'summary',
    prompt: summaryPrompt(state.goal, outcomes, state.deployUrl),
    callId,
  });
}
