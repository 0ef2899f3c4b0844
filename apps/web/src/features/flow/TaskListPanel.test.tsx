import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { flowTask } from '../../testing/flowFixtures';
import { renderWithProviders } from '../../testing/render';
import { TaskListPanel, type TaskListPanelProps } from './TaskListPanel';

function renderList(props: Partial<TaskListPanelProps> = {}) {
  const onExecute = vi.fn();
  renderWithProviders(
    <TaskListPanel
      tasks={[]}
      currentTaskIndex={0}
      taskSource={null}
      canExecute={false}
      onExecute={onExecute}
      {...props}
    />,
  );
  return onExecute;
}

const tasks = [
  flowTask('Research the sea', { completed: true, result: 'Salty and deep.' }),
  flowTask('Draft the poem'),
  flowTask('Polish it'),
];

describe('TaskListPanel', () => {
  it('says there are no tasks yet', () => {
    renderList();
    expect(screen.getByText('No tasks generated yet. Enter a goal to get started.')).toBeTruthy();
  });

  it('numbers the tasks, counts the completed ones and names the list source', () => {
    renderList({ tasks, currentTaskIndex: 1, taskSource: 'lines' });
    const panel = screen.getByRole('region', { name: 'Task List' });
    expect(within(panel).getByRole('heading', { name: 'Task List' })).toBeTruthy();
    expect(within(panel).getByText('1/3')).toBeTruthy();
    expect(within(panel).getByText('Tasks from model list')).toBeTruthy();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^\d$/).textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    // Completed: struck through with its result; current: the play marker.
    expect(within(items[0]!).getByLabelText('Completed')).toBeTruthy();
    expect(within(items[0]!).getByText('Salty and deep.')).toBeTruthy();
    expect(
      (within(items[0]!).getByText('Research the sea') as HTMLElement).style.textDecoration,
    ).toContain('line-through');
    expect(within(items[1]!).getByLabelText('Current task')).toBeTruthy();
    expect(items[1]!.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('button', { name: 'Execute' })).toBeNull();
  });

  it('offers Execute on the current task while the run waits', () => {
    const onExecute = renderList({ tasks, currentTaskIndex: 1, canExecute: true });
    const items = screen.getAllByRole('listitem');
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Execute' }));
    expect(onExecute).toHaveBeenCalled();
  });

  it('says all tasks completed successfully when every task succeeded', () => {
    renderList({
      tasks: [flowTask('Analyze and respond', { completed: true, result: 'Done.' })],
      currentTaskIndex: 1,
      taskSource: 'fallback',
    });
    expect(screen.getByText('Tasks from keyword defaults')).toBeTruthy();
    expect(screen.getByText('All tasks completed successfully!')).toBeTruthy();
    expect(screen.queryByText(/Some tasks encountered errors/)).toBeNull();
  });

  it('marks a failed task as failed, counts it apart, and shows only the error notice', () => {
    renderList({
      tasks: [
        flowTask('Research the sea', { completed: true, result: 'Salty and deep.' }),
        flowTask('Draft the poem', {
          completed: true,
          failed: true,
          result: 'Error executing subtask: Draft the poem',
        }),
        flowTask('Polish it', { completed: true, result: 'Polished.' }),
      ],
      currentTaskIndex: 3,
    });
    const panel = screen.getByRole('region', { name: 'Task List' });
    expect(within(panel).getByLabelText('2 of 3 tasks completed').textContent).toBe('2/3');
    expect(within(panel).getByText('1 failed')).toBeTruthy();

    const failed = within(panel).getAllByRole('listitem')[1]!;
    expect(within(failed).getByLabelText('Failed')).toBeTruthy();
    expect(within(failed).queryByLabelText('Completed')).toBeNull();
    expect(
      (within(failed).getByText('Draft the poem') as HTMLElement).style.textDecoration,
    ).not.toContain('line-through');
    expect(within(failed).getByText('Error executing subtask: Draft the poem')).toBeTruthy();

    expect(screen.queryByText('All tasks completed successfully!')).toBeNull();
    expect(
      screen.getByText(
        'Some tasks encountered errors during execution. This is a beta feature and may experience connection issues.',
      ),
    ).toBeTruthy();
  });

  it('shows only the error notice when a result notes an error (a website not saved, say)', () => {
    renderList({
      tasks: [
        flowTask('Build the page', {
          completed: true,
          result: 'Here is the page.\n\nError: Failed to save website files.',
        }),
      ],
      currentTaskIndex: 1,
    });
    expect(screen.queryByText('1 failed')).toBeNull();
    expect(screen.queryByText('All tasks completed successfully!')).toBeNull();
    expect(screen.getByText(/^Some tasks encountered errors during execution/)).toBeTruthy();
  });
});
