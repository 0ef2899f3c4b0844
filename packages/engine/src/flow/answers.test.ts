import { describe, expect, it } from 'vitest';
import {
  drive,
  failing,
  happyResponder,
  lastCall,
  lastTimerToken,
  planned,
  run,
  stepTexts,
} from './driver.test-helpers';
import { flowReducer } from './reducer';
import { createFlowState } from './state';
import { FLOW_TEXT } from './texts';
import type { FlowEvent, FlowState } from './types';

describe('task failures', () => {
  it('retries connection failures after 5 s and 10 s, then records the error and moves on after 10 s', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      failing(['timeout', 'connection', 'connection']),
    );
    expect(log.delays).toEqual([1000, 2000, 5000, 10000, 10000, 1000]);
    expect(log.state.tasks[0]).toEqual({
      description: 'First task',
      completed: true,
      result: FLOW_TEXT.taskConnectionError('First task'),
      failed: true,
    });
    expect(log.state.tasks[1]?.result).toBe('Result 2');
    expect(log.state.status).toBe('complete');
    const subtasks = log.steps.filter((step) => step.type === 'subtask');
    expect(subtasks).toHaveLength(2);
  });

  it('records other failures at once and leaves them out of the summary', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      failing(['http']),
    );
    expect(log.delays).toEqual([1000, 2000, 10000, 1000]);
    expect(log.state.tasks[0]?.result).toBe('Error executing subtask: First task');
    const summary = log.effects.filter((effect) => effect.type === 'callModel').at(-1);
    expect(summary?.prompt).not.toContain('First task');
  });

  it('says the summary cannot be made when every task failed', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      failing(['other', 'other']),
    );
    expect(log.steps.at(-1)).toEqual({
      type: 'result',
      content: FLOW_TEXT.summaryNoResults,
      error: true,
    });
    expect(log.state).toMatchObject({ status: 'complete', summary: null, summaryRequested: true });
    expect(
      log.effects.some((effect) => effect.type === 'callModel' && effect.purpose === 'summary'),
    ).toBe(false);
  });

  it('waits after a failure in manual mode', () => {
    const { state } = planned(false);
    const log = drive(state, [{ type: 'execute' }], failing(['other']));
    expect(log.state).toMatchObject({ status: 'waiting', currentTaskIndex: 1 });
  });

  it('treats an empty reply as a failed task', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      (effect, state) =>
        effect.type === 'callModel' && effect.purpose === 'task'
          ? { type: 'taskReply', reply: '  ', callId: effect.callId }
          : happyResponder()(effect, state),
    );
    expect(log.state.tasks.every((task) => task.failed)).toBe(true);
  });
});

describe('summary', () => {
  it('reports a failed summary', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      (effect, state) =>
        effect.type === 'callModel' && effect.purpose === 'summary'
          ? { type: 'summaryFailed', message: 'x' }
          : happyResponder()(effect, state),
    );
    expect(log.steps.at(-1)).toEqual({
      type: 'result',
      content: FLOW_TEXT.summaryError,
      error: true,
    });
    expect(log.state).toMatchObject({ status: 'complete', summary: null });
  });

  it('treats an empty summary as a failed one', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      happyResponder({ summary: '' }),
    );
    expect(log.steps.at(-1)).toEqual({
      type: 'result',
      content: FLOW_TEXT.summaryError,
      error: true,
    });
  });
});

describe('websites', () => {
  const goal = 'Build a website for my bakery and deploy it';

  it('saves the page of a website task and deploys it in the deploy task, highlighting the URL', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal, auto: true }],
      happyResponder({
        taskList: 'nope',
        task: (index) => (index === 2 ? 'Here:\n```html\n<main>Bread</main>\n```' : `R${index}`),
      }),
    );
    const save = log.effects.find((effect) => effect.type === 'saveWebsite');
    expect(save).toMatchObject({ type: 'saveWebsite', taskIndex: 2, name: goal });
    expect(save?.type === 'saveWebsite' && save.html).toContain('<main>Bread</main>');
    expect(log.effects.find((effect) => effect.type === 'deploy')).toMatchObject({
      websiteId: 'site-1',
      taskIndex: 4,
    });
    expect(log.state).toMatchObject({
      websiteId: 'site-1',
      deployUrl: 'https://example.test/site',
    });
    expect(log.state.tasks[4]?.result).toBe(
      'R4\n\nWebsite deployed successfully: https://example.test/site',
    );
    expect(log.state.summary).toBe(
      'Your website is live at: https://example.test/site\n\nThe final answer.',
    );
    const summaryCall = log.effects.filter((effect) => effect.type === 'callModel').at(-1);
    expect(summaryCall?.prompt).toContain('https://example.test/site');
  });

  it('saves any reply holding a full HTML document', () => {
    const doc = '<!DOCTYPE html><html><body>x</body></html>';
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      happyResponder({ task: () => `Done:\n${doc}` }),
    );
    const saves = log.effects.filter((effect) => effect.type === 'saveWebsite');
    expect(saves).toHaveLength(2);
    expect(saves[0]?.type === 'saveWebsite' && saves[0].html).toBe(doc);
  });

  it('says there is no website to deploy', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true }],
      happyResponder({ taskList: '["Deploy the site"]' }),
    );
    expect(log.effects.some((effect) => effect.type === 'deploy')).toBe(false);
    expect(log.state.tasks[0]?.result).toBe(`Result 1\n\n${FLOW_TEXT.noWebsiteToDeploy}`);
  });

  it('deploys a website id recovered from browser storage', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true, websiteId: 'stored-7' }],
      happyResponder({ taskList: '["Publish it"]' }),
    );
    expect(log.effects.find((effect) => effect.type === 'deploy')).toMatchObject({
      websiteId: 'stored-7',
    });
  });

  it('reports failed saves and deploys in the steps and the task result', () => {
    const log = drive(
      createFlowState(),
      [{ type: 'start', goal: 'g', auto: true, websiteId: 'old' }],
      (effect, state) => {
        if (effect.type === 'saveWebsite')
          return { type: 'websiteSaveFailed', message: 'disk', callId: effect.callId };
        if (effect.type === 'deploy')
          return { type: 'deployFailed', message: '500: down', callId: effect.callId };
        return happyResponder({ taskList: '["Create the website and deploy it"]' })(effect, state);
      },
    );
    expect(log.effects.find((effect) => effect.type === 'deploy')).toMatchObject({
      websiteId: 'old',
    });
    expect(log.state.tasks[0]?.result).toBe(
      `Result 1\n\n${FLOW_TEXT.websiteSaveError}\n\nError: Failed to deploy website. 500: down`,
    );
    expect(log.state).toMatchObject({ websiteId: 'old', deployUrl: null });
  });
});

describe('Stop and Reset', () => {
  it('Stop halts the run; later answers, timers and a second Stop change nothing', () => {
    const { state } = planned(true);
    const token = state.timer?.token ?? -1;
    const stopped = run([{ type: 'stop' }], state);
    expect(stopped.state).toMatchObject({ status: 'stopped', timer: null, pending: null });
    for (const event of [
      { type: 'timerFired', token },
      { type: 'stop' },
      { type: 'taskReply', reply: 'late' },
    ] satisfies FlowEvent[]) {
      expect(flowReducer(stopped.state, event)).toEqual({ state: stopped.state, effects: [] });
    }
    expect(flowReducer(stopped.state, { type: 'setAuto', auto: false })).toEqual({
      state: { ...stopped.state, auto: false },
      effects: [],
    });
    const restarted = run([{ type: 'start', goal: 'again', auto: false }], stopped.state);
    expect(restarted.state).toMatchObject({
      status: 'planning',
      goal: 'again',
      auto: false,
      tasks: [],
    });
  });

  it('ignores an answer from a stopped run after a new start', () => {
    const first = run([{ type: 'start', goal: 'one', auto: true }]);
    const analyzing = run(
      [{ type: 'timerFired', token: lastTimerToken(first.effects) }],
      first.state,
    );
    const oldCall = lastCall(analyzing.effects);
    const second = run(
      [{ type: 'stop' }, { type: 'start', goal: 'two', auto: true }],
      analyzing.state,
    );
    const secondAnalyzing = run(
      [{ type: 'timerFired', token: lastTimerToken(second.effects) }],
      second.state,
    );
    expect(
      flowReducer(secondAnalyzing.state, {
        type: 'taskListReply',
        reply: '["x","y"]',
        callId: oldCall.callId,
      }).effects,
    ).toEqual([]);
    expect(flowReducer(secondAnalyzing.state, { type: 'taskReply', reply: 'x' }).effects).toEqual(
      [],
    );
  });

  it('Stop does nothing when idle or complete', () => {
    const idle = createFlowState();
    expect(flowReducer(idle, { type: 'stop' }).state).toBe(idle);
  });

  it('Reset clears everything, turns AUTO back on and keeps the sequence', () => {
    const { state } = planned(false);
    const { state: reset, effects } = run([{ type: 'reset' }], state);
    expect(effects).toEqual([]);
    expect(reset).toEqual(createFlowState({ sequence: state.sequence }));
    expect(reset.auto).toBe(true);
  });
});

describe('restored checkpoints', () => {
  it('round-trips through JSON mid-run and carries on', () => {
    const { state } = planned(true);
    const restored = JSON.parse(JSON.stringify(state)) as FlowState;
    const log = drive(
      restored,
      [{ type: 'timerFired', token: restored.timer?.token ?? -1 }],
      happyResponder(),
    );
    expect(log.state.status).toBe('complete');
  });

  it('tolerates a checkpoint whose index or pending task is out of range', () => {
    const base = createFlowState();
    const pastEnd: FlowState = {
      ...base,
      status: 'waiting',
      auto: false,
      goal: 'g',
      tasks: [],
      currentTaskIndex: 0,
    };
    expect(flowReducer(pastEnd, { type: 'execute' }).state.status).toBe('summarising');
    const lostTask: FlowState = {
      ...base,
      status: 'executing',
      goal: 'g',
      pending: { kind: 'model', purpose: 'task', taskIndex: 3, callId: 1 },
    };
    const { state, effects } = flowReducer(lostTask, {
      type: 'taskFailed',
      kind: 'other',
      message: 'x',
      callId: 1,
    });
    expect(stepTexts(effects)[0]).toBe('result: Error executing subtask: ');
    expect(state.status).toBe('summarising');
  });
});
