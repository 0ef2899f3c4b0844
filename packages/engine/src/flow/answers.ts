import { FLOW_TIMING } from '../constants';
import { engineLabel } from '../providers';
import { type FlowFailureKind, TASK_RETRIES, taskRetryDelay } from '../retry';
import { planTasks } from '../tasks';
import { addAnswerSteps, addErrorStep, addStep, type Draft, scaled, schedule } from './draft';
import { completeTask, deployWebsite, handleTaskAnswer, taskDescription } from './run';
import { FLOW_TEXT } from './texts';
import type { EventOf, FlowPending } from './types';

// How the run takes the answers to its effects. The reducer has already checked that each answer
// belongs to the pending work and cleared it.

/** The task list arrived: plan the tasks, then run (AUTO) or wait (manual). */
export function taskListReply(draft: Draft, event: EventOf<'taskListReply'>): void {
  const { state } = draft;
  addAnswerSteps(draft, event);
  const planned = planTasks(state.goal, event.reply);
  if (planned.source === 'fallback') addStep(draft, 'thinking', FLOW_TEXT.taskListFallback);
  state.tasks = planned.tasks.map((description) => ({
    description,
    completed: false,
    result: '',
    failed: false,
  }));
  state.taskSource = planned.source;
  state.currentTaskIndex = 0;
  addStep(draft, 'result', FLOW_TEXT.taskList(planned.tasks));
  if (state.auto) {
    state.status = 'executing';
    schedule(draft, 'runTask', FLOW_TIMING.firstTaskDelayMs);
  } else {
    state.status = 'waiting';
    addStep(draft, 'thinking', FLOW_TEXT.awaitingConfirmation);
  }
}

/** The task-list call failed: the run stops with the spec's error for the kind of failure. */
export function taskListFailed(draft: Draft, event: EventOf<'taskListFailed'>): void {
  const { state } = draft;
  const engine = engineLabel(state.provider);
  // The result step and the error (toast) text of spec section 8 for each kind of failure.
  const texts: Record<FlowFailureKind, [step: string, error: string]> = {
    timeout: [FLOW_TEXT.taskListConnectionError, FLOW_TEXT.runFailed(engine)],
    connection: [FLOW_TEXT.runFailed(engine), FLOW_TEXT.runFailed(engine)],
    http: [FLOW_TEXT.modelReplyError(engine), FLOW_TEXT.modelResponseFailed(engine)],
    other: [FLOW_TEXT.taskListError, FLOW_TEXT.taskListProcessError],
  };
  const [step, error] = texts[event.kind];
  addErrorStep(draft, withEndpoint(step, event));
  state.error = error;
  state.status = 'stopped';
}

/** A connection failure's text, naming the model server it could not reach. */
function withEndpoint(text: string, failure: { kind: FlowFailureKind; endpoint?: string }) {
  const unreachable = failure.kind === 'timeout' || failure.kind === 'connection';
  return unreachable && failure.endpoint
    ? `${text}\n\n${FLOW_TEXT.modelUnreachable(failure.endpoint)}`
    : text;
}

/** A task answered: show it, then save, deploy or complete. */
export function taskReply(
  draft: Draft,
  event: EventOf<'taskReply'>,
  pending: { taskIndex: number },
): void {
  addAnswerSteps(draft, event);
  const description = taskDescription(draft, pending.taskIndex);
  if (event.reply.trim() === '') {
    // An empty answer is a failed task, not an empty result.
    const error = FLOW_TEXT.taskError(description);
    addErrorStep(draft, error);
    completeTask(draft, pending.taskIndex, error, true);
    return;
  }
  addStep(draft, 'result', event.reply);
  handleTaskAnswer(draft, pending.taskIndex, event.reply);
}

/** A task call failed: retry a connection failure (5 s, 10 s), else record the error and move on. */
export function taskFailed(
  draft: Draft,
  event: EventOf<'taskFailed'>,
  pending: { taskIndex: number },
): void {
  const { state } = draft;
  const description = taskDescription(draft, pending.taskIndex);
  const transient = event.kind === 'timeout' || event.kind === 'connection';
  if (transient && state.taskRetries < TASK_RETRIES) {
    state.taskRetries += 1;
    const delay = taskRetryDelay(state.taskRetries);
    const notice = FLOW_TEXT.retryingTask(scaled(draft, delay), state.taskRetries, TASK_RETRIES);
    addStep(draft, 'thinking', notice);
    schedule(draft, 'retryTask', delay);
    return;
  }
  const error = transient
    ? withEndpoint(FLOW_TEXT.taskConnectionError(description), event)
    : FLOW_TEXT.taskError(description);
  addErrorStep(draft, error);
  completeTask(draft, pending.taskIndex, error, true);
}

/** The summary arrived: the run is complete, a deployed URL highlighted on top. */
export function summaryReply(draft: Draft, event: EventOf<'summaryReply'>): void {
  const { state } = draft;
  addAnswerSteps(draft, event);
  state.status = 'complete';
  if (event.reply.trim() === '') {
    addErrorStep(draft, FLOW_TEXT.summaryError);
    return;
  }
  const summary = state.deployUrl
    ? `${FLOW_TEXT.deployHighlight(state.deployUrl)}\n\n${event.reply}`
    : event.reply;
  state.summary = summary;
  addStep(draft, 'result', summary);
}

/** The summary call failed: the spec's error step, and the run is complete. */
export function summaryFailed(draft: Draft): void {
  addErrorStep(draft, FLOW_TEXT.summaryError);
  draft.state.status = 'complete';
}

/** The website was saved (or not): keep its id, then deploy or complete the task. */
export function websiteAnswer(
  draft: Draft,
  event: EventOf<'websiteSaved' | 'websiteSaveFailed'>,
  pending: Extract<FlowPending, { kind: 'saveWebsite' }>,
): void {
  let result = pending.result;
  if (event.type === 'websiteSaved') {
    draft.state.websiteId = event.websiteId;
    addStep(draft, 'result', FLOW_TEXT.websiteSaved);
  } else {
    addErrorStep(draft, FLOW_TEXT.websiteSaveError);
    result = `${result}\n\n${FLOW_TEXT.websiteSaveError}`;
  }
  if (pending.deploy) deployWebsite(draft, pending.taskIndex, result);
  else completeTask(draft, pending.taskIndex, result, false);
}

/** The deploy finished (or failed): note it in the task result and complete the task. */
export function deployAnswer(
  draft: Draft,
  event: EventOf<'deployed' | 'deployFailed'>,
  pending: Extract<FlowPending, { kind: 'deploy' }>,
): void {
  const note =
    event.type === 'deployed'
      ? FLOW_TEXT.websiteDeployed(event.deployUrl)
      : FLOW_TEXT.websiteDeployError(event.message);
  if (event.type === 'deployed') {
    draft.state.deployUrl = event.deployUrl;
    addStep(draft, 'result', note);
  } else {
    addErrorStep(draft, note);
  }
  completeTask(draft, pending.taskIndex, `${pending.result}\n\n${note}`, false);
}
