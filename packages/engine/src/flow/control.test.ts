import { describe, expect, it } from 'vitest';
import {
  drive,
  failing,
  happyResponder,
  lastCall,
  planned,
  run,
  stepTexts,
} from './driver.test-helpers';
import { flowReducer } from './reducer';
import { canResume, createFlowState, retryTarget, runOutcome } from './state';
import { FLOW_TEXT } from './texts';

const finish = happyResponder();

describe('Stop is not a dead end', () => {
  it('Execute after Stop runs the interrupted task, then waits', () => {
    const { state } = planned(true);
    const stopped = run([{ type: 'stop' }], state).state;
    expect(canResume(stopped)).toBe(true);
    const { state: resumed, effects } = flowReducer(stopped, { type: 'execute' });
    expect(resumed).toMatchObject({ status: 'executing', auto: false, currentTaskIndex: 0 });
    expect(lastCall(effects)).toMatchObject({ purpose: 'task', taskIndex: 0 });
    const log = drive(stopped, [{ type: 'execute' }], finish);
    expect(log.state).toMatchObject({ status: 'waiting', currentTaskIndex: 1 });
  });

  it('Continue after Stop runs on to the end with AUTO on', () => {
    const { state } = planned(true);
    const stopped = run([{ type: 'stop' }], state).state;
    const log = drive(stopped, [{ type: 'continue' }], finish);
    expect(log.steps[0]).toEqual({ type: 'thinking', content: FLOW_TEXT.movingToNextTask });
    expect(log.state).toMatchObject({
      status: 'complete',
      auto: true,
      summary: 'The final answer.',
    });
  });

  it('a run stopped by a failed task list cannot resume, but can retry the list', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      (effect, state) =>
        effect.type === 'callModel' && effect.purpose === 'taskList'
          ? { type: 'taskListFailed', kind: 'connection', message: 'x', callId: effect.callId }
          : finish(effect, state),
    );
    expect(log.state.status).toBe('stopped');
    expect(canResume(log.state)).toBe(false);
    expect(flowReducer(log.state, { type: 'continue' }).state).toBe(log.state);
    expect(retryTarget(log.state)).toEqual({ kind: 'taskList' });
    expect(runOutcome(log.state)).toBe('failed');
    const retried = drive(log.state, [{ type: 'retry' }], finish);
    expect(retried.state).toMatchObject({ status: 'complete', error: null });
    expect(retried.state.tasks).toHaveLength(2);
  });
});

describe('Retry', () => {
  it('re-runs the last failed task, then makes the summary again with its new result', () => {
    const failed = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      failing(['other']),
    );
    expect(failed.state.status).toBe('complete');
    expect(runOutcome(failed.state)).toBe('failed');
    expect(retryTarget(failed.state)).toEqual({ kind: 'task', index: 0 });
    const retried = drive(failed.state, [{ type: 'retry' }], finish);
    expect(retried.state.tasks[0]).toMatchObject({
      completed: true,
      failed: false,
      result: 'Result 1',
    });
    expect(retried.state.tasks[1]?.result).toBe('Result 2');
    const calls = retried.effects.filter((effect) => effect.type === 'callModel');
    expect(calls.map((call) => call.purpose)).toEqual(['task', 'summary']);
    expect(calls[1]?.prompt).toContain('Result 1');
    expect(runOutcome(retried.state)).toBe('complete');
    expect(retryTarget(retried.state)).toBeNull();
  });

  it('in a waiting run, goes back to where the run had reached after the retried task', () => {
    const manual = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: false }],
      failing(['other']),
    );
    const executed = drive(manual.state, [{ type: 'execute' }], failing(['other']));
    expect(executed.state).toMatchObject({ status: 'waiting', currentTaskIndex: 1 });
    const retried = drive(executed.state, [{ type: 'retry' }], finish);
    expect(retried.state).toMatchObject({ status: 'waiting', currentTaskIndex: 1 });
    expect(retried.state.tasks[0]).toMatchObject({ failed: false, result: 'Result 1' });
  });

  it('targets the task a Stop interrupted when none failed, and nothing while busy', () => {
    const { state } = planned(true);
    expect(retryTarget(state)).toBeNull();
    const stopped = run([{ type: 'stop' }], state).state;
    expect(retryTarget(stopped)).toEqual({ kind: 'task', index: 0 });
    expect(runOutcome(stopped)).toBe('stopped');
    expect(runOutcome(state)).toBe('running');
    expect(flowReducer(state, { type: 'retry' }).state).toBe(state);
  });
});

describe('time scale', () => {
  it('scales every delay and says the delay actually used in retry notices', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true, timeScale: 0.05 }],
      failing(['timeout']),
    );
    expect(log.delays).toEqual([50, 100, 250, 400, 50]);
    expect(log.steps.map((step) => step.content)).toContain(FLOW_TEXT.retryingTask(250, 1, 2));
    expect(FLOW_TEXT.retryingTask(250, 1, 2)).toContain('Retrying in 0.25 seconds');
    expect(FLOW_TEXT.retryingTask(5000, 1, 2)).toContain('Retrying in 5 seconds');
    expect(
      FLOW_TEXT.retryingCall('Server responded with 500: Internal Server Error', 1000, 2, 3),
    ).toBe(
      'Server responded with 500: Internal Server Error. Retrying in 1 second (attempt 2 of 3)...',
    );
  });
});

describe('an unreachable model', () => {
  it('names the endpoint it tried in the failure step', () => {
    const log = drive(createFlowState(), [{ type: 'start', goal: 'g', auto: true }], (effect) =>
      effect.type === 'callModel'
        ? {
            type: 'taskListFailed',
            kind: 'connection',
            message: 'fetch failed',
            endpoint: 'http://localhost:1234/v1',
            callId: effect.callId,
          }
        : null,
    );
    const last = log.effects.filter((effect) => effect.type === 'addStep').at(-1);
    expect(last).toMatchObject({ step: { type: 'result', error: true } });
    expect(stepTexts([last!])[0]).toContain(FLOW_TEXT.runFailed('Local AI Engine'));
    expect(stepTexts([last!])[0]).toContain('http://localhost:1234/v1');
    expect(stepTexts([last!])[0]).toContain('pnpm demo');
  });
});
