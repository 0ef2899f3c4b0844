import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TaskListPanel, type TaskListPanelProps } from './TaskListPanel';
import { flowTask } from './test-support';

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

  it('shows the keyword defaults source and the completion and error notices', () => {
    renderList({
      tasks: [
        flowTask('Analyze and respond', { completed: true, result: 'Error: Connection timed out' }),
      ],
      currentTaskIndex: 1,
      taskSource: 'fallback',
    });
    expect(screen.getByText('Tasks from keyword defaults')).toBeTruthy();
    expect(screen.getByText('All tasks completed successfully!')).toBeTruthy();
    expect(
      screen.getByText(
        'Some tasks encountered errors during execution. This is a beta feature and may experience connection issues.',
      ),
    ).toBeTruthy();
  });
});
