import type { FlowStepType } from '../steps';
import type { FlowEffect, FlowState, FlowTimerAction, FlowTransition } from './types';

/** A transition being built: a private copy of the state and the effects so far. */
export type Draft = { state: FlowState; effects: FlowEffect[] };

/** Starts a transition from a copy of `state`, so the caller's state is never changed. */
export function draftOf(state: FlowState): Draft {
  return { state: structuredClone(state), effects: [] };
}

/** The transition of an event that changes nothing. */
export function unchanged(state: FlowState): FlowTransition {
  return { state, effects: [] };
}

/** Adds a feed step. */
export function addStep(draft: Draft, type: FlowStepType, content: string): void {
  draft.effects.push({ type: 'addStep', step: { type, content } });
}

/** Adds a result step that reports a failure. */
export function addErrorStep(draft: Draft, content: string): void {
  draft.effects.push({ type: 'addStep', step: { type: 'result', content, error: true } });
}

/** A delay of the spec as this run waits it (scaled by the run's time scale). */
export function scaled(draft: Draft, ms: number): number {
  return ms * (draft.state.timeScale ?? 1);
}

/** The next call id or timer token. */
export function nextId(draft: Draft): number {
  draft.state.sequence += 1;
  return draft.state.sequence;
}

/** Schedules the run's one timer after a delay of the spec (scaled), replacing any earlier one. */
export function schedule(draft: Draft, action: FlowTimerAction, afterMs: number): void {
  const token = nextId(draft);
  draft.state.timer = { token, action };
  draft.effects.push({
    type: 'schedule',
    afterMs: scaled(draft, afterMs),
    event: { type: 'timerFired', token },
  });
}

/** Adds the thinking and action steps a model answer carries. */
export function addAnswerSteps(
  draft: Draft,
  answer: { thinking?: string; actions?: readonly string[] },
): void {
  if (answer.thinking?.trim()) addStep(draft, 'thinking', answer.thinking.trim());
  for (const action of answer.actions ?? []) {
    if (action.trim()) addStep(draft, 'action', action.trim());
  }
}
