import { DEFAULT_RUN_PROVIDER, FLOW_TIMING } from '../constants';
import { taskListPrompt } from '../prompts';
import { engineLabel } from '../providers';
import {
  deployAnswer,
  summaryFailed,
  summaryReply,
  taskFailed,
  taskListFailed,
  taskListReply,
  taskReply,
  websiteAnswer,
} from './answers';
import { addStep, type Draft, draftOf, nextId, schedule, unchanged } from './draft';
import { requestSummary, runCurrentTask, runTaskAgain } from './run';
import { canResume, createFlowState, isFlowBusy, retryTarget } from './state';
import { FLOW_TEXT } from './texts';
import { approve, taskToolCalls, taskToolsRejected, toolOutcomeUnknown, toolResult } from './tools';
import type { EventOf, FlowEvent, FlowPending, FlowState, FlowTransition } from './types';

/**
 * The flow run as a pure state machine (core spec section 4). Feed it an event, get the next state
 * and the effects to carry out; the effects' answers come back as events. Nothing here reads a
 * clock, draws random numbers or does I/O; a runner executes the effects.
 *
 * The run: 'I need to understand the goal: ...', a 1 s pause, 'Analyzing the task using <engine>',
 * the task-list call; the list is read with planTasks. Each task: a subtask step naming it, the
 * action step, the model call, its thinking, actions and result, website save and deploy when the
 * task calls for them, then "I've completed the task. Here's what I found.". When the index passes
 * the last task the summary follows 1 s later (or 'Unable to generate final summary: ...' when no
 * task produced a result).
 *
 * AUTO, where the spec leaves it open (fixed by issue 3):
 * - A run started with AUTO on runs to the end: the first task 2 s after the list, each next task
 *   8 s after the previous one, 10 s after a failure (the failed task counts as done, with its
 *   error as result; connection failures are first retried after 5 s and 10 s). Every delay is
 *   multiplied by the run's timeScale.
 * - A run started with AUTO off makes the list and waits. Execute runs only the current task and
 *   waits again; Continue adds 'Moving to the next task...', turns AUTO on and runs on to the end.
 * - Pause AUTO (setAuto false) lets the running task finish, cancels a scheduled next task and
 *   waits; AUTO on while waiting runs the current task at once.
 * - Stop halts the run. Execute and Continue take it up again where it stopped (issue 10); Retry
 *   runs the last failed task again (or the one Stop interrupted, or the task list). Reset clears
 *   everything and turns AUTO back on. Answers and timers that belong to a stopped, reset or
 *   superseded run are recognised by callId / token and ignored.
 */
export function flowReducer(state: FlowState, event: FlowEvent): FlowTransition {
  switch (event.type) {
    case 'start':
      return start(state, event);
    case 'stop':
      return stop(state);
    case 'reset':
      return {
        state: createFlowState({ sequence: state.sequence, timeScale: state.timeScale }),
        effects: [],
      };
    case 'setAuto':
      return setAuto(state, event.auto);
    case 'continue':
      return resume(state, true);
    case 'execute':
      return resume(state, false);
    case 'retry':
      return retry(state);
    case 'timerFired':
      return timerFired(state, event.token);
    case 'taskListReply':
      return answer(state, event, 'taskList', taskListReply);
    case 'taskListFailed':
      return answer(state, event, 'taskList', taskListFailed);
    case 'taskReply':
      return answer(state, event, 'task', taskReply);
    case 'taskFailed':
      return answer(state, event, 'task', taskFailed);
    case 'summaryReply':
      return answer(state, event, 'summary', summaryReply);
    case 'summaryFailed':
      return answer(state, event, 'summary', summaryFailed);
    case 'websiteSaved':
    case 'websiteSaveFailed':
      return answer(state, event, 'saveWebsite', websiteAnswer);
    case 'deployed':
    case 'deployFailed':
      return answer(state, event, 'deploy', deployAnswer);
    case 'taskToolCalls':
      return answer(state, event, 'task', taskToolCalls);
    case 'taskToolsRejected':
      return answer(state, event, 'task', taskToolsRejected);
    case 'toolResult':
      return answer(state, event, 'tool', toolResult);
    case 'toolOutcomeUnknown':
      return answer(state, event, 'tool', toolOutcomeUnknown);
    case 'approve':
      return approve(state, event);
  }
}

function start(state: FlowState, event: EventOf<'start'>): FlowTransition {
  const goal = event.goal.trim();
  if (isFlowBusy(state) || goal === '') return unchanged(state);
  const next = createFlowState({
    auto: event.auto,
    provider: event.provider ?? DEFAULT_RUN_PROVIDER,
    sequence: state.sequence,
    timeScale: event.timeScale ?? state.timeScale,
  });
  const draft: Draft = {
    state: { ...next, status: 'planning', goal, websiteId: event.websiteId ?? null },
    effects: [],
  };
  addStep(draft, 'thinking', FLOW_TEXT.understandGoal(goal));
  schedule(draft, 'analyzeGoal', FLOW_TIMING.firstThinkingPauseMs);
  return draft;
}

function stop(state: FlowState): FlowTransition {
  if (!isFlowBusy(state) && state.status !== 'waiting') return unchanged(state);
  return {
    state: { ...state, status: 'stopped', pending: null, timer: null, pendingApproval: null },
    effects: [],
  };
}

function setAuto(state: FlowState, auto: boolean): FlowTransition {
  if (state.auto === auto) return unchanged(state);
  const draft = draftOf(state);
  draft.state.auto = auto;
  if (auto && state.status === 'waiting' && !state.pendingApproval) {
    runCurrentTask(draft, true);
  } else if (!auto && state.status === 'executing' && state.timer?.action === 'runTask') {
    draft.state.timer = null;
    draft.state.status = 'waiting';
  }
  return draft;
}

/**
 * Continue (AUTO back on, run to the end) or Execute (this task only, then wait), while the run
 * waits for them or after Stop: a stopped run goes on with the task Stop interrupted, or with its
 * summary when every task is done.
 */
function resume(state: FlowState, continueRun: boolean): FlowTransition {
  if (!canResume(state)) return unchanged(state);
  const draft = draftOf(state);
  draft.state.error = null;
  draft.state.auto = continueRun;
  if (continueRun) addStep(draft, 'thinking', FLOW_TEXT.movingToNextTask);
  runCurrentTask(draft, true);
  return draft;
}

/** Retry: runs the last failed (or the interrupted) task again, or makes the task list again. */
function retry(state: FlowState): FlowTransition {
  const target = retryTarget(state);
  if (target === null) return unchanged(state);
  const draft = draftOf(state);
  draft.state.error = null;
  if (target.kind === 'task') runTaskAgain(draft, target.index);
  else askForTaskList(draft);
  return draft;
}

/** 'Analyzing the task using ...' and the task-list call. */
function askForTaskList(draft: Draft): void {
  const { state } = draft;
  state.status = 'planning';
  addStep(draft, 'action', FLOW_TEXT.analyzing(engineLabel(state.provider)));
  const callId = nextId(draft);
  state.pending = { kind: 'model', purpose: 'taskList', callId };
  draft.effects.push({
    type: 'callModel',
    purpose: 'taskList',
    prompt: taskListPrompt(state.goal),
    callId,
  });
}

function timerFired(state: FlowState, token: number): FlowTransition {
  const timer = state.timer;
  if (timer === null || timer.token !== token) return unchanged(state);
  const draft = draftOf(state);
  draft.state.timer = null;
  switch (timer.action) {
    case 'analyzeGoal':
      askForTaskList(draft);
      break;
    case 'runTask':
      runCurrentTask(draft, true);
      break;
    case 'retryTask':
      runCurrentTask(draft, false);
      break;
    case 'summary':
      requestSummary(draft);
      break;
  }
  return draft;
}

type PendingFor = {
  taskList: Extract<FlowPending, { purpose: 'taskList' }>;
  task: Extract<FlowPending, { purpose: 'task' }>;
  summary: Extract<FlowPending, { purpose: 'summary' }>;
  saveWebsite: Extract<FlowPending, { kind: 'saveWebsite' }>;
  deploy: Extract<FlowPending, { kind: 'deploy' }>;
  tool: Extract<FlowPending, { kind: 'tool' }>;
};
type PendingKind = keyof PendingFor;
type AnswerEvent = Extract<FlowEvent, { callId?: number }>;

function pendingKind(pending: FlowPending): PendingKind {
  return pending.kind === 'model' ? pending.purpose : pending.kind;
}

/** Applies an answer only when it answers the pending work (same kind and, when given, callId). */
function answer<E extends AnswerEvent, K extends PendingKind>(
  state: FlowState,
  event: E,
  kind: K,
  apply: (draft: Draft, event: E, pending: PendingFor[K]) => void,
): FlowTransition {
  const pending = state.pending;
  if (pending === null || pendingKind(pending) !== kind) return unchanged(state);
  if (event.callId !== undefined && event.callId !== pending.callId) return unchanged(state);
  const draft = draftOf(state);
  draft.state.pending = null;
  apply(draft, event, pending as PendingFor[K]);
  return draft;
}
