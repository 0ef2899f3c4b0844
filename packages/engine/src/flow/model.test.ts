import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { happyResponder } from './driver.test-helpers';
import { flowReducer } from './reducer';
import { createFlowState, isFlowBusy } from './state';
import type { FlowEffect, FlowEvent, FlowState } from './types';

/**
 * Model-based test of the flow state machine: random sequences of user commands, answers (in
 * time, late or stray), and timers (live or stale) are applied, and invariants are checked after
 * every event.
 */

type WorkEffect = Extract<FlowEffect, { type: 'callModel' | 'saveWebsite' | 'deploy' }>;

type Action =
  | { kind: 'start'; goal: number; auto: boolean; websiteId: boolean }
  | { kind: 'stop' }
  | { kind: 'reset' }
  | { kind: 'continue' }
  | { kind: 'execute' }
  | { kind: 'retry' }
  | { kind: 'setAuto'; auto: boolean }
  | { kind: 'fireTimer'; pick: number }
  | { kind: 'answer'; variant: number; withCallId: boolean }
  | { kind: 'lateAnswer'; pick: number; variant: number }
  | { kind: 'stray'; variant: number };

const GOALS = [
  'Build a website for my shop and deploy it',
  'Write a story about a fox',
  'Plan my week',
];
const TASK_LISTS = [
  '["Research the topic", "Write the answer"]',
  '["Create the website homepage", "Deploy the website to Netlify"]',
  '1. Gather\n2. Draft\n3. Review\n4. Polish\n5. Publish\n6. Extra',
  'No list here, sorry.',
  '["Only one task"]',
];
const DOC = '<!DOCTYPE html><html><body>Shop</body></html>';
const FAILURE_KINDS = ['timeout', 'connection', 'http', 'other'] as const;

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('start' as const),
      goal: fc.nat(GOALS.length - 1),
      auto: fc.boolean(),
      websiteId: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'stop' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'continue' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'execute' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'retry' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('setAuto' as const), auto: fc.boolean() }),
  },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('fireTimer' as const), pick: fc.nat(20) }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      variant: fc.nat(99),
      withCallId: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('lateAnswer' as const),
      pick: fc.nat(20),
      variant: fc.nat(99),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stray' as const), variant: fc.nat(99) }) },
);

function answerFor(effect: WorkEffect, variant: number, withCallId = true): FlowEvent {
  const callId = withCallId ? effect.callId : undefined;
  const failureKind = FAILURE_KINDS[variant % FAILURE_KINDS.length] ?? 'other';
  if (effect.type === 'saveWebsite') {
    return variant % 4 === 0
      ? { type: 'websiteSaveFailed', message: 'disk full', callId }
      : { type: 'websiteSaved', websiteId: `site-${variant}`, callId };
  }
  if (effect.type === 'deploy') {
    return variant % 4 === 0
      ? { type: 'deployFailed', message: '500: down', callId }
      : { type: 'deployed', deployUrl: `https://site-${variant}.test`, callId };
  }
  if (effect.purpose === 'taskList') {
    if (variant < 15) return { type: 'taskListFailed', kind: failureKind, message: 'x', callId };
    return { type: 'taskListReply', reply: TASK_LISTS[variant % TASK_LISTS.length] ?? '', callId };
  }
  if (effect.purpose === 'task') {
    if (variant < 25) return { type: 'taskFailed', kind: failureKind, message: 'x', callId };
    if (variant < 30) return { type: 'taskReply', reply: ' ', callId };
    if (variant < 45) return { type: 'taskReply', reply: `Page:\n${DOC}`, callId };
    return {
      type: 'taskReply',
      reply: `Answer ${variant}`,
      thinking: 'Thinking',
      actions: ['look'],
      callId,
    };
  }
  if (variant < 15) return { type: 'summaryFailed', message: 'x', callId };
  return { type: 'summaryReply', reply: variant < 20 ? '' : 'Summary', callId };
}

function strayEvent(variant: number, sequence: number): FlowEvent {
  const callId = sequence + 1 + (variant % 3);
  const events: FlowEvent[] = [
    { type: 'taskListReply', reply: '["a","b"]', callId },
    { type: 'taskReply', reply: 'stray', callId },
    { type: 'taskFailed', kind: 'connection', message: 'x', callId },
    { type: 'summaryReply', reply: 'stray', callId },
    { type: 'websiteSaved', websiteId: 'stray', callId },
    { type: 'deployed', deployUrl: 'https://stray.test', callId },
    { type: 'timerFired', token: callId },
  ];
  return events[variant % events.length] ?? { type: 'stop' };
}

type Harness = {
  state: FlowState;
  outstanding: WorkEffect[];
  abandoned: WorkEffect[];
  tokens: number[];
  summaryCalls: number;
  lastTaskCall: number | null;
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function toEvent(action: Action, h: Harness): { event: FlowEvent; late?: boolean } | null {
  switch (action.kind) {
    case 'start':
      return {
        event: {
          type: 'start',
          goal: GOALS[action.goal] ?? 'g',
          auto: action.auto,
          websiteId: action.websiteId ? 'stored' : null,
        },
      };
    case 'stop':
    case 'reset':
    case 'continue':
    case 'execute':
    case 'retry':
      return { event: { type: action.kind } };
    case 'setAuto':
      return { event: { type: 'setAuto', auto: action.auto } };
    case 'fireTimer': {
      if (h.tokens.length === 0) return null;
      const token = h.tokens[h.tokens.length - 1 - (action.pick % h.tokens.length)] ?? 0;
      return { event: { type: 'timerFired', token } };
    }
    case 'answer': {
      const effect = h.outstanding.at(-1);
      return effect ? { event: answerFor(effect, action.variant, action.withCallId) } : null;
    }
    case 'lateAnswer': {
      const effect = h.abandoned[action.pick % Math.max(h.abandoned.length, 1)];
      return effect ? { event: answerFor(effect, action.variant), late: true } : null;
    }
    case 'stray':
      return { event: strayEvent(action.variant, h.state.sequence), late: true };
  }
}

function checkState(state: FlowState): void {
  expect(state.currentTaskIndex).toBeGreaterThanOrEqual(0);
  expect(state.currentTaskIndex).toBeLessThanOrEqual(state.tasks.length);
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  if (!isFlowBusy(state)) {
    expect(state.pending).toBeNull();
    expect(state.timer).toBeNull();
  } else {
    // A busy run always has something that will move it on.
    expect(state.pending !== null || state.timer !== null).toBe(true);
    expect(state.pending !== null && state.timer !== null).toBe(false);
  }
  if (state.status === 'waiting') {
    expect(state.auto).toBe(false);
    expect(state.currentTaskIndex).toBeLessThan(state.tasks.length);
  }
  if (state.status === 'complete') expect(state.currentTaskIndex).toBe(state.tasks.length);
  if (!state.auto) expect(state.timer?.action).not.toBe('runTask');
}

function step(h: Harness, event: FlowEvent, late: boolean): void {
  const prev = deepFreeze(h.state);
  const { state: next, effects } = flowReducer(prev, event);
  checkState(next);

  // Late answers and stale timers belong to no live work: they change nothing.
  if (late) {
    expect(effects).toEqual([]);
    expect(next).toEqual(prev);
  }

  // After Stop only start, reset, Execute, Continue and Retry move the run; setAuto only flips
  // the flag.
  const commands = ['start', 'reset', 'continue', 'execute', 'retry'];
  if (prev.status === 'stopped' && !commands.includes(event.type)) {
    expect(effects).toEqual([]);
    expect({ ...next, auto: prev.auto }).toEqual(prev);
  }

  // Manual mode: nothing advances without a command (a timed retry re-runs the same task).
  if (!prev.auto && !next.auto && !commands.includes(event.type)) {
    for (const effect of effects) {
      if (effect.type === 'callModel' && effect.purpose === 'task') {
        expect(prev.timer?.action).toBe('retryTask');
        expect(effect.taskIndex).toBe(h.lastTaskCall);
      }
    }
  }
  if (next.currentTaskIndex > prev.currentTaskIndex && event.type !== 'start') {
    // The index moves on to the first task not yet done, when a task finishes.
    expect(next.tasks.slice(0, next.currentTaskIndex).every((task) => task.completed)).toBe(true);
    expect(prev.pending !== null && 'taskIndex' in prev.pending).toBe(true);
  }

  const accepted = next !== prev;
  if (accepted && (event.type === 'start' || event.type === 'stop' || event.type === 'reset')) {
    h.abandoned.push(...h.outstanding);
    h.outstanding = [];
    if (event.type !== 'stop') h.summaryCalls = 0;
  }
  // A Retry makes the summary again with the retried task's new result.
  if (accepted && event.type === 'retry') h.summaryCalls = 0;
  if (accepted && 'callId' in event) {
    h.outstanding = h.outstanding.filter((effect) => prev.pending?.callId !== effect.callId);
  }

  for (const effect of effects) {
    if (effect.type === 'schedule') h.tokens.push(effect.event.token);
    if (effect.type === 'callModel' || effect.type === 'saveWebsite' || effect.type === 'deploy') {
      // At most one piece of outside work, and so at most one model call, is outstanding.
      expect(h.outstanding).toEqual([]);
      expect(next.pending?.callId).toBe(effect.callId);
      h.outstanding.push(effect);
    }
    if (effect.type === 'callModel' && effect.purpose === 'summary') {
      h.summaryCalls += 1;
      expect(h.summaryCalls).toBe(1);
    }
    if (effect.type === 'callModel' && effect.purpose === 'task') h.lastTaskCall = effect.taskIndex;
  }
  h.state = next;
}

function drain(h: Harness): void {
  const respond = happyResponder();
  for (let i = 0; i < 200; i++) {
    const { state } = h;
    if (state.status === 'waiting') step(h, { type: 'continue' }, false);
    else if (state.pending && h.outstanding.at(-1)) {
      const effect = h.outstanding.at(-1) as WorkEffect;
      step(h, respond(effect, state) ?? { type: 'stop' }, false);
    } else if (state.timer) step(h, { type: 'timerFired', token: state.timer.token }, false);
    else break;
  }
  expect(['idle', 'complete', 'stopped']).toContain(h.state.status);
}

describe('flow state machine (model-based)', () => {
  it('keeps its invariants over random event sequences and always finishes', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 80 }), (actions) => {
        const h: Harness = {
          state: createFlowState(),
          outstanding: [],
          abandoned: [],
          tokens: [],
          summaryCalls: 0,
          lastTaskCall: null,
        };
        for (const action of actions) {
          const next = toEvent(action, h);
          if (next) step(h, next.event, next.late === true);
        }
        drain(h);
      }),
      { numRuns: 400 },
    );
  });
});
