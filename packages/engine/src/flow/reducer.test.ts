import { describe, expect, it } from 'vitest';
import { FLOW_TIMING } from '../constants';
import {
  drive,
  happyResponder,
  lastCall,
  lastTimerToken,
  planned,
  run,
  stepTexts,
} from './driver.test-helpers';
import { flowReducer } from './reducer';
import { createFlowState, isFlowBusy } from './state';
import { FLOW_TEXT } from './texts';

const LOCAL = 'Local AI Engine';

describe('createFlowState', () => {
  it('starts idle with AUTO on and is plain JSON', () => {
    const state = createFlowState();
    expect(state).toMatchObject({
      status: 'idle',
      auto: true,
      tasks: [],
      currentTaskIndex: 0,
      pending: null,
    });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(createFlowState({ auto: false, provider: 'aiml', sequence: 9 })).toMatchObject({
      auto: false,
      provider: 'aiml',
      sequence: 9,
    });
    expect(isFlowBusy(state)).toBe(false);
  });
});

describe('start and planning', () => {
  it('adds the understand-goal step and pauses 1 s', () => {
    const { state, effects } = run([{ type: 'start', goal: '  Write a poem  ', auto: true }]);
    expect(state).toMatchObject({ status: 'planning', goal: 'Write a poem', auto: true });
    expect(effects).toEqual([
      {
        type: 'addStep',
        step: { type: 'thinking', content: 'I need to understand the goal: Write a poem' },
      },
      {
        type: 'schedule',
        afterMs: FLOW_TIMING.firstThinkingPauseMs,
        event: { type: 'timerFired', token: 1 },
      },
    ]);
  });

  it('ignores a blank goal and a start while busy', () => {
    const idle = createFlowState();
    expect(flowReducer(idle, { type: 'start', goal: '  ', auto: true }).state).toBe(idle);
    const { state } = run([{ type: 'start', goal: 'g', auto: true }]);
    expect(flowReducer(state, { type: 'start', goal: 'other', auto: true })).toEqual({
      state,
      effects: [],
    });
  });

  it('then announces the engine and asks for the task list', () => {
    const started = run([{ type: 'start', goal: 'Plan a trip', auto: true, provider: 'aiml' }]);
    const { state, effects } = run(
      [{ type: 'timerFired', token: lastTimerToken(started.effects) }],
      started.state,
    );
    expect(stepTexts(effects)).toEqual(['action: Analyzing the task using AIML API']);
    const call = lastCall(effects);
    expect(call).toMatchObject({ purpose: 'taskList' });
    expect(call.prompt).toContain('Goal: Plan a trip');
    expect(state.pending).toEqual({ kind: 'model', purpose: 'taskList', callId: call.callId });
    expect(state.timer).toBeNull();
  });

  it('ignores stale timer tokens', () => {
    const started = run([{ type: 'start', goal: 'g', auto: true }]);
    expect(flowReducer(started.state, { type: 'timerFired', token: 999 })).toEqual({
      state: started.state,
      effects: [],
    });
  });

  it('with AUTO on schedules the first task 2 s after the list', () => {
    const { state, effects } = planned(true, 'Here: ["A", "B", "C"]');
    expect(state).toMatchObject({
      status: 'executing',
      taskSource: 'bracket',
      currentTaskIndex: 0,
    });
    expect(state.tasks.map((task) => task.description)).toEqual(['A', 'B', 'C']);
    expect(stepTexts(effects)).toEqual([
      "result: I've broken the goal into 3 tasks:\n1. A\n2. B\n3. C",
    ]);
    expect(effects.at(-1)).toMatchObject({
      type: 'schedule',
      afterMs: FLOW_TIMING.firstTaskDelayMs,
    });
  });

  it('with AUTO off makes the list and waits', () => {
    const { state, effects } = planned(false);
    expect(state.status).toBe('waiting');
    expect(
      effects.some((effect) => effect.type === 'schedule' || effect.type === 'callModel'),
    ).toBe(false);
    expect(stepTexts(effects).at(-1)).toBe(`thinking: ${FLOW_TEXT.awaitingConfirmation}`);
  });

  it('falls back to keyword tasks and says so', () => {
    const { state, effects } = planned(true, 'Sorry, no list.', 'Tell me a joke');
    expect(state.taskSource).toBe('fallback');
    expect(state.tasks).toEqual([
      {
        description: 'Write the joke: Tell me a joke',
        completed: false,
        result: '',
        failed: false,
      },
    ]);
    expect(stepTexts(effects)[0]).toBe(`thinking: ${FLOW_TEXT.taskListFallback}`);
  });

  it('shows the thinking and actions of the list reply', () => {
    const started = run([{ type: 'start', goal: 'g', auto: true }]);
    const analyzing = run(
      [{ type: 'timerFired', token: lastTimerToken(started.effects) }],
      started.state,
    );
    const { effects } = run(
      [{ type: 'taskListReply', reply: '["a","b"]', thinking: ' hmm ', actions: ['search', ' '] }],
      analyzing.state,
    );
    expect(stepTexts(effects).slice(0, 2)).toEqual(['thinking: hmm', 'action: search']);
  });

  it.each([
    ['timeout', FLOW_TEXT.taskListConnectionError, FLOW_TEXT.runFailed(LOCAL)],
    ['connection', FLOW_TEXT.runFailed(LOCAL), FLOW_TEXT.runFailed(LOCAL)],
    ['http', FLOW_TEXT.modelReplyError(LOCAL), FLOW_TEXT.modelResponseFailed(LOCAL)],
    ['other', FLOW_TEXT.taskListError, FLOW_TEXT.taskListProcessError],
  ] as const)('stops the run when the list call fails (%s)', (kind, step, error) => {
    const started = run([{ type: 'start', goal: 'g', auto: true }]);
    const analyzing = run(
      [{ type: 'timerFired', token: lastTimerToken(started.effects) }],
      started.state,
    );
    const { state, effects } = run(
      [{ type: 'taskListFailed', kind, message: 'x' }],
      analyzing.state,
    );
    expect(stepTexts(effects)).toEqual([`result: ${step}`]);
    expect(state).toMatchObject({ status: 'stopped', error, pending: null });
  });
});

describe('a complete auto run', () => {
  it('runs every task with the spec delays and ends with the summary', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'Research cats', auto: true }],
      happyResponder(),
    );
    expect(log.delays).toEqual([1000, 2000, 8000, 1000]);
    expect(log.state).toMatchObject({
      status: 'complete',
      currentTaskIndex: 2,
      summary: 'The final answer.',
      summaryRequested: true,
    });
    expect(log.state.tasks.map((task) => task.result)).toEqual(['Result 1', 'Result 2']);
    expect(log.steps.map((step) => `${step.type}: ${step.content}`)).toEqual([
      'thinking: I need to understand the goal: Research cats',
      `action: Analyzing the task using ${LOCAL}`,
      "result: I've broken the goal into 2 tasks:\n1. First task\n2. Second task",
      'subtask: Executing task 1 of 2: First task',
      `action: Analyzing the task using ${LOCAL}`,
      'result: Result 1',
      "thinking: I've completed the task. Here's what I found.",
      'subtask: Executing task 2 of 2: Second task',
      `action: Analyzing the task using ${LOCAL}`,
      'result: Result 2',
      "thinking: I've completed the task. Here's what I found.",
      `thinking: ${FLOW_TEXT.summarising}`,
      'result: The final answer.',
    ]);
    expect(JSON.parse(JSON.stringify(log.state))).toEqual(log.state);
  });

  it('passes earlier results to later tasks and the summary', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      happyResponder(),
    );
    const calls = log.effects.filter((effect) => effect.type === 'callModel');
    expect(calls[2]?.prompt).toContain('Task 1: First task\nResult: Result 1');
    expect(calls[3]?.purpose).toBe('summary');
    expect(calls[3]?.prompt).toContain('Task 2: Second task\nResult: Result 2');
  });
});

describe('manual mode', () => {
  it('Execute runs only the current task and waits again', () => {
    const { state } = planned(false);
    const executing = run([{ type: 'execute' }], state);
    expect(executing.state).toMatchObject({ status: 'executing', auto: false });
    const call = lastCall(executing.effects);
    expect(call).toMatchObject({ purpose: 'task', taskIndex: 0 });
    const done = run(
      [{ type: 'taskReply', reply: 'A done', callId: call.callId }],
      executing.state,
    );
    expect(done.state).toMatchObject({ status: 'waiting', currentTaskIndex: 1 });
    expect(done.effects.some((effect) => effect.type === 'schedule')).toBe(false);
  });

  it('Continue adds the moving step, turns AUTO on and runs to the end', () => {
    const { state } = planned(false);
    const log = drive(state, [{ type: 'continue' }], happyResponder());
    expect(log.steps[0]).toEqual({ type: 'thinking', content: 'Moving to the next task...' });
    expect(log.delays).toEqual([8000, 1000]);
    expect(log.state).toMatchObject({ status: 'complete', auto: true });
  });

  it('AUTO on while waiting runs the current task at once', () => {
    const { state } = planned(false);
    const { state: next, effects } = run([{ type: 'setAuto', auto: true }], state);
    expect(next).toMatchObject({ status: 'executing', auto: true });
    expect(lastCall(effects)).toMatchObject({ purpose: 'task', taskIndex: 0 });
  });

  it('ignores Continue and Execute when not waiting', () => {
    const { state } = planned(true);
    expect(flowReducer(state, { type: 'continue' })).toEqual({ state, effects: [] });
    expect(flowReducer(state, { type: 'execute' })).toEqual({ state, effects: [] });
  });

  it('generates the summary after the last task even in manual mode', () => {
    const { state } = planned(false, '["Only", "Two"]');
    const log = drive(state, [{ type: 'execute' }], happyResponder());
    expect(log.state.status).toBe('waiting');
    const last = drive(log.state, [{ type: 'execute' }], happyResponder());
    expect(last.state).toMatchObject({ status: 'complete', summary: 'The final answer.' });
  });
});

describe('Pause AUTO', () => {
  it('lets the running task finish, then waits', () => {
    const { state } = planned(true);
    const running = run([{ type: 'timerFired', token: state.timer?.token ?? -1 }], state);
    const call = lastCall(running.effects);
    const paused = run([{ type: 'setAuto', auto: false }], running.state);
    expect(paused.effects).toEqual([]);
    expect(paused.state.pending).toEqual(running.state.pending);
    const done = run([{ type: 'taskReply', reply: 'ok', callId: call.callId }], paused.state);
    expect(done.state).toMatchObject({ status: 'waiting', currentTaskIndex: 1 });
  });

  it('cancels a scheduled next task', () => {
    const { state } = planned(true);
    const token = state.timer?.token ?? -1;
    const paused = run([{ type: 'setAuto', auto: false }], state);
    expect(paused.state).toMatchObject({ status: 'waiting', timer: null });
    expect(flowReducer(paused.state, { type: 'timerFired', token }).effects).toEqual([]);
  });

  it('changes nothing when AUTO already has that value, or only the flag while planning', () => {
    const { state } = planned(true);
    expect(flowReducer(state, { type: 'setAuto', auto: true })).toEqual({ state, effects: [] });
    const started = run([{ type: 'start', goal: 'g', auto: true }]);
    const paused = run([{ type: 'setAuto', auto: false }], started.state);
    expect(paused.state).toEqual({ ...started.state, auto: false });
    expect(paused.effects).toEqual([]);
  });
});
