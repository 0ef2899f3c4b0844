import { flowReducer } from './reducer';
import { createFlowState } from './state';
import type { FlowEffect, FlowEvent, FlowState } from './types';

/** Answers one effect the way a runner would, or null to leave it unanswered. */
export type Responder = (
  effect: Exclude<FlowEffect, { type: 'addStep' | 'schedule' }>,
  state: FlowState,
) => FlowEvent | null;

export type DriveLog = {
  state: FlowState;
  steps: { type: string; content: string }[];
  effects: FlowEffect[];
  delays: number[];
};

/**
 * Runs events through the reducer like a runner with an instant clock: timers fire in order,
 * model calls, saves and deploys are answered by `respond`.
 */
export function drive(
  state: FlowState,
  events: FlowEvent[],
  respond: Responder,
  maxSteps = 500,
): DriveLog {
  const log: DriveLog = { state, steps: [], effects: [], delays: [] };
  const queue = [...events];
  for (let i = 0; i < maxSteps && queue.length > 0; i++) {
    const event = queue.shift() as FlowEvent;
    const { state: next, effects } = flowReducer(log.state, event);
    log.state = next;
    for (const effect of effects) {
      log.effects.push(effect);
      if (effect.type === 'addStep') log.steps.push(effect.step);
      else if (effect.type === 'schedule') {
        log.delays.push(effect.afterMs);
        queue.push(effect.event);
      } else {
        const answer = respond(effect, next);
        if (answer) queue.push(answer);
      }
    }
  }
  return log;
}

/** A responder that answers every call successfully. */
export function happyResponder(
  replies: { taskList?: string; task?: (index: number) => string; summary?: string } = {},
): Responder {
  return (effect) => {
    switch (effect.type) {
      case 'callModel':
        if (effect.purpose === 'taskList') {
          return {
            type: 'taskListReply',
            reply: replies.taskList ?? '["First task", "Second task"]',
            callId: effect.callId,
          };
        }
        if (effect.purpose === 'task') {
          return {
            type: 'taskReply',
            reply: replies.task?.(effect.taskIndex) ?? `Result ${effect.taskIndex + 1}`,
            callId: effect.callId,
          };
        }
        return {
          type: 'summaryReply',
          reply: replies.summary ?? 'The final answer.',
          callId: effect.callId,
        };
      case 'saveWebsite':
        return { type: 'websiteSaved', websiteId: 'site-1', callId: effect.callId };
      case 'deploy':
        return { type: 'deployed', deployUrl: 'https://example.test/site', callId: effect.callId };
      case 'callTool':
        return {
          type: 'toolResult',
          status: 200,
          statusText: 'OK',
          body: '{}',
          callId: effect.callId,
        };
    }
  };
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Applies events one by one without answering effects; returns the last transition and all effects. */
export function run(events: FlowEvent[], from: FlowState = createFlowState()) {
  let state = from;
  let last: FlowEffect[] = [];
  const all: FlowEffect[] = [];
  for (const event of events) {
    const transition = flowReducer(deepFreeze(state), event);
    state = transition.state;
    last = transition.effects;
    all.push(...last);
  }
  return { state, effects: last, all };
}

export function lastTimerToken(effects: FlowEffect[]): number {
  const schedule = effects.filter((effect) => effect.type === 'schedule').at(-1);
  if (schedule?.type !== 'schedule') throw new Error('no timer scheduled');
  return schedule.event.token;
}

export function lastCall(effects: FlowEffect[]) {
  const call = effects.filter((effect) => effect.type === 'callModel').at(-1);
  if (call?.type !== 'callModel') throw new Error('no model call');
  return call;
}

export function stepTexts(effects: FlowEffect[]): string[] {
  return effects.flatMap((effect) =>
    effect.type === 'addStep' ? [`${effect.step.type}: ${effect.step.content}`] : [],
  );
}

/** A run waiting right after its task list (manual mode) or about to run its first task (auto). */
export function planned(auto: boolean, reply = '["Task A", "Task B"]', goal = 'My goal') {
  const started = run([{ type: 'start', goal, auto }]);
  const analyzing = run(
    [{ type: 'timerFired', token: lastTimerToken(started.effects) }],
    started.state,
  );
  const call = lastCall(analyzing.effects);
  return run([{ type: 'taskListReply', reply, callId: call.callId }], analyzing.state);
}

/** A responder whose first task calls fail with the given kinds. */
export function failing(kinds: ('timeout' | 'connection' | 'http' | 'other')[]): Responder {
  const happy = happyResponder();
  let failures = 0;
  return (effect, state) => {
    if (effect.type === 'callModel' && effect.purpose === 'task' && failures < kinds.length) {
      const kind = kinds[failures++] ?? 'other';
      return { type: 'taskFailed', kind, message: 'boom', callId: effect.callId };
    }
    return happy(effect, state);
  };
}
