import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { GoalInputPanel, type GoalInputProps, InlineGoalInput } from './GoalInput';

type Harness = Partial<Omit<GoalInputProps, 'goal' | 'onGoalChange'>> & {
  compact?: boolean;
  initialGoal?: string;
};

function renderInput({ compact = false, initialGoal = '', ...props }: Harness = {}) {
  const onStart = vi.fn();
  const onStop = vi.fn();
  const onAutoChange = vi.fn();
  function WithState() {
    const [goal, setGoal] = useState(initialGoal);
    const Input = compact ? InlineGoalInput : GoalInputPanel;
    return (
      <Input
        goal={goal}
        onGoalChange={setGoal}
        auto
        onAutoChange={onAutoChange}
        running={false}
        starting={false}
        onStart={onStart}
        onStop={onStop}
        {...props}
      />
    );
  }
  renderWithProviders(<WithState />);
  return { onStart, onStop, onAutoChange };
}

describe('GoalInputPanel (full form)', () => {
  it('has the title, beta notice, goal box, AUTO and Create & Run Tasks', () => {
    const { onStart, onAutoChange } = renderInput();
    expect(screen.getByRole('form', { name: 'Set Flow Goal' })).toBeTruthy();
    expect(screen.getByText('BETA')).toBeTruthy();
    expect(screen.getByText(/Flows is in beta/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Goal' }), {
      target: { value: 'Write a short poem about the sea' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create & Run Tasks' }));
    expect(onStart).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('switch', { name: /AUTO/ }));
    expect(onAutoChange).toHaveBeenCalledWith(false);
  });

  it('reads Start Flow with AUTO off', () => {
    renderInput({ auto: false });
    expect(screen.getByRole('button', { name: 'Start Flow' })).toBeTruthy();
  });

  it('replaces the start button with Stop Flow while a run is going', () => {
    const { onStop } = renderInput({ running: true });
    expect(screen.queryByRole('button', { name: 'Create & Run Tasks' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop Flow' }));
    expect(onStop).toHaveBeenCalled();
  });
});

describe('goal character counter', () => {
  it('appears from 8,000 characters in both forms, in red past the 10,000 limit', () => {
    renderInput({ initialGoal: 'a'.repeat(7999) });
    expect(screen.queryByText(/\/ 10,000$/)).toBeNull();
    const box = screen.getByRole('textbox', { name: 'Goal' });
    fireEvent.change(box, { target: { value: 'a'.repeat(8123) } });
    const counter = screen.getByText('8,123 / 10,000');
    expect(counter.style.color).not.toContain('red');
    fireEvent.change(box, { target: { value: 'a'.repeat(10_001) } });
    expect(screen.getByText('10,001 / 10,000').style.color).toContain('red');
  });

  it('counts in the compact form too', () => {
    renderInput({ compact: true, initialGoal: 'a'.repeat(9000) });
    expect(screen.getByText('9,000 / 10,000')).toBeTruthy();
  });
});

describe('InlineGoalInput (compact form)', () => {
  it('sends on Enter, not on Shift+Enter', () => {
    const { onStart } = renderInput({ compact: true, initialGoal: 'Tell me about tides' });
    const box = screen.getByRole('textbox', { name: 'Goal' });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onStart).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('does not send while a run is going, and offers Stop Flow', () => {
    const { onStart, onStop } = renderInput({ compact: true, running: true, initialGoal: 'x' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Goal' }), { key: 'Enter' });
    expect(onStart).not.toHaveBeenCalled();
    expect(
      screen.getByRole('button', { name: 'Create & Run Tasks' }).hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Stop Flow' }));
    expect(onStop).toHaveBeenCalled();
  });

  it('shows the hint for the AUTO setting', () => {
    renderInput({ compact: true });
    expect(screen.getByText('Auto-execute mode: Tasks will run without confirmation')).toBeTruthy();
  });

  it('shows the Enter hint with AUTO off and keeps the box between 40 and 120 px', () => {
    renderInput({ compact: true, auto: false });
    expect(screen.getByText('Press Enter to send')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Flow' })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Goal' });
    expect(box.style.minHeight).toBe('40px');
    expect(box.style.maxHeight).toBe('120px');
  });
});
