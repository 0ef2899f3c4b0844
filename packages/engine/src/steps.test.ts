import { describe, expect, it } from 'vitest';
import { FLOW_TEXT } from './flow/texts';
import { hasTaskErrors, needsFeedback, STEP_LABELS } from './steps';

describe('needsFeedback', () => {
  it('asks for feedback on thinking steps in manual mode that mention continue, review, feedback or a completed task', () => {
    expect(needsFeedback({ type: 'thinking', content: FLOW_TEXT.taskCompleted }, false)).toBe(true);
    expect(
      needsFeedback({ type: 'thinking', content: FLOW_TEXT.awaitingConfirmation }, false),
    ).toBe(true);
    expect(needsFeedback({ type: 'thinking', content: 'Please click Continue' }, false)).toBe(true);
    expect(needsFeedback({ type: 'thinking', content: 'Reviewing the draft' }, false)).toBe(true);
    expect(needsFeedback({ type: 'thinking', content: 'Any feedback?' }, false)).toBe(true);
    expect(needsFeedback({ type: 'thinking', content: 'Task list completed' }, false)).toBe(false);
    expect(needsFeedback({ type: 'thinking', content: 'Thinking hard' }, false)).toBe(false);
  });

  it('never asks in auto mode or on other step types', () => {
    expect(needsFeedback({ type: 'thinking', content: FLOW_TEXT.taskCompleted }, true)).toBe(false);
    expect(needsFeedback({ type: 'result', content: 'click Continue' }, false)).toBe(false);
  });
});

describe('hasTaskErrors', () => {
  it("looks for the word 'Error' in completed tasks' results", () => {
    expect(hasTaskErrors([{ completed: true, result: FLOW_TEXT.taskError('x') }])).toBe(true);
    expect(hasTaskErrors([{ completed: false, result: 'Error' }])).toBe(false);
    expect(hasTaskErrors([{ completed: true, result: 'Errors are fine, error too' }])).toBe(false);
    expect(hasTaskErrors([])).toBe(false);
  });

  it('labels steps', () => {
    expect(STEP_LABELS).toEqual({
      thinking: 'Thinking',
      action: 'Action',
      subtask: 'Subtask',
      result: 'Result',
    });
  });
});
