import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { mockTrpc, TrpcMockError } from '../../testing/trpcServer';
import { TaskHistoryModal, type TaskHistoryModalProps } from './TaskHistoryModal';

const ada = { id: 'u1', username: 'ada', email: 'ada@example.com', displayName: null };

function at(daysAgo: number, hours: number, minutes: number): string {
  const date = new Date();
  date.setDate(date.getDate() - daysAgo);
  date.setHours(hours, minutes, 0, 0);
  return date.toISOString();
}

const history = [
  {
    id: 'task-1',
    goal: 'Write a short poem about the sea',
    createdAt: at(0, 9, 5),
    status: 'complete',
  },
  { id: 'task-2', goal: 'Plan a trip to Lisbon', createdAt: at(1, 15, 30), status: 'running' },
  {
    id: 'task-3',
    goal: 'Build a website for my bakery',
    createdAt: '2024-03-02T12:00:00.000Z',
    status: 'failed',
    fileCount: 2,
  },
  { id: 'task-4', goal: 'Name three sea birds', createdAt: at(2, 8, 0), status: 'stopped' },
  { id: 'task-5', goal: 'Recorded without a run', createdAt: at(3, 8, 0), status: null },
];

/** The history entry (list item) showing `goal`. */
const entry = (goal: string) => screen.getByText(goal).closest('li')!;

function renderHistory(props: Partial<TaskHistoryModalProps> = {}) {
  const handlers = { onClose: vi.fn(), onReuse: vi.fn(), onOpenTask: vi.fn() };
  renderWithProviders(<TaskHistoryModal opened signedIn canOpenTask {...handlers} {...props} />, {
    session: { user: ada },
  });
  return handlers;
}

describe('TaskHistoryModal', () => {
  it('shows the loading text, then past goals with relative times', async () => {
    mockTrpc({ 'task.list': () => history });
    renderHistory();

    const dialog = screen.getByRole('dialog', { name: 'Task History' });
    expect(within(dialog).getByText('Loading task history...')).toBeTruthy();
    expect(await within(dialog).findByText('Write a short poem about the sea')).toBeTruthy();
    expect(within(dialog).getByText('Today at 9:05 AM')).toBeTruthy();
    expect(within(dialog).getByText('Yesterday at 3:30 PM')).toBeTruthy();
    expect(within(dialog).getByText(/^Mar 2, 2024 at \d{1,2}:00 (AM|PM)$/)).toBeTruthy();
  });

  it('marks the runs that had files', async () => {
    mockTrpc({ 'task.list': () => history });
    renderHistory();
    await screen.findByText('Plan a trip to Lisbon');
    expect(within(entry('Build a website for my bakery')).getByText('2 files')).toBeTruthy();
    expect(within(entry('Plan a trip to Lisbon')).queryByText(/files?$/)).toBeNull();
  });

  it('shows how each run ended as a coloured badge', async () => {
    mockTrpc({ 'task.list': () => history });
    renderHistory();
    await screen.findByText('Plan a trip to Lisbon');

    const badge = (goal: string, label: string) => {
      const found = within(entry(goal)).getByText(label).closest('.mantine-Badge-root');
      expect(found).not.toBeNull();
      return found!.getAttribute('style') ?? '';
    };
    const colours = [
      badge('Write a short poem about the sea', 'Complete'),
      badge('Plan a trip to Lisbon', 'Running'),
      badge('Build a website for my bakery', 'Failed'),
      badge('Name three sea birds', 'Stopped'),
    ];
    expect(colours[0]).toContain('teal');
    expect(colours[1]).toContain('blue');
    expect(colours[2]).toContain('red');
    expect(colours[3]).toContain('orange');
    // A task without a server-side run has no badge.
    expect(
      within(entry('Recorded without a run')).queryByText(/Complete|Running|Failed|Stopped/),
    ).toBeNull();
  });

  it('says when there are no previous tasks', async () => {
    mockTrpc({ 'task.list': () => [] });
    renderHistory();
    expect(await screen.findByText('No previous tasks found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear History' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('reuses a goal and opens a past task', async () => {
    mockTrpc({ 'task.list': () => history });
    const handlers = renderHistory();
    await screen.findByText('Plan a trip to Lisbon');

    fireEvent.click(screen.getAllByRole('button', { name: 'Reuse' })[1]!);
    expect(handlers.onReuse).toHaveBeenCalledWith('Plan a trip to Lisbon');
    fireEvent.click(screen.getAllByRole('button', { name: 'Open' })[0]!);
    expect(handlers.onOpenTask).toHaveBeenCalledWith('task-1');
    // A run still going opens live.
    fireEvent.click(
      within(entry('Plan a trip to Lisbon')).getByRole('button', { name: 'Open live' }),
    );
    expect(handlers.onOpenTask).toHaveBeenLastCalledWith('task-2');
  });

  it('does not open a past task over a log that is not empty', async () => {
    mockTrpc({ 'task.list': () => history });
    renderHistory({ canOpenTask: false });
    await screen.findByText('Plan a trip to Lisbon');
    for (const button of screen.getAllByRole('button', { name: /^Open/ })) {
      expect(button.hasAttribute('disabled')).toBe(true);
    }
    expect(screen.getByText("Reset the current flow to open a past task's steps.")).toBeTruthy();
  });

  it('clears the history and says so', async () => {
    let tasks = [...history];
    const { calls } = mockTrpc({
      'task.list': () => tasks,
      'task.clear': () => {
        const deleted = tasks.length;
        tasks = [];
        return { deleted };
      },
    });
    renderHistory();
    await screen.findByText('Plan a trip to Lisbon');

    fireEvent.click(screen.getByRole('button', { name: 'Clear History' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clear History' });
    expect(within(confirm).getByText(/This deletes every run in your history/)).toBeTruthy();
    expect(calls.some((call) => call.path === 'task.clear')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('History Cleared')).toBeTruthy();
    expect(screen.getByText('Your task history has been cleared successfully')).toBeTruthy();
    expect(await screen.findByText('No previous tasks found')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'task.list').length).toBe(2);
  });

  it('says when clearing failed', async () => {
    mockTrpc({
      'task.list': () => history,
      'task.clear': () => {
        throw new TrpcMockError(500);
      },
    });
    renderHistory();
    await screen.findByText('Plan a trip to Lisbon');
    fireEvent.click(screen.getByRole('button', { name: 'Clear History' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clear History' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to clear history')).toBeTruthy();
    expect(screen.getByText('Plan a trip to Lisbon')).toBeTruthy();
  });

  it('keeps everything when the confirmation is cancelled', async () => {
    const { calls } = mockTrpc({
      'task.list': () => history,
      'task.clear': () => ({ deleted: 5 }),
    });
    renderHistory();
    await screen.findByText('Plan a trip to Lisbon');

    fireEvent.click(screen.getByRole('button', { name: 'Clear History' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clear History' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Clear History' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Task History' })).toBeTruthy();
    expect(screen.getByText('Plan a trip to Lisbon')).toBeTruthy();
    expect(calls.some((call) => call.path === 'task.clear')).toBe(false);
  });

  it('tells a visitor that history needs an account', async () => {
    const { calls } = mockTrpc({});
    renderHistory({ signedIn: false });
    expect(screen.getByText(/Task history is kept for signed-in users/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth');
    await waitFor(() => expect(calls).toEqual([]));
  });
});
