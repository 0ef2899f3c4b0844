import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FlowFeedEvent, FlowRunView } from '../../features/flow/types';
import { FakeEventSource } from '../../testing/eventSource';
import { feedStep, flowTask, modelInfo, runView, TEST_TASK_ID } from '../../testing/flowFixtures';
import { renderApp } from '../../testing/render';
import { mockTrpc, type TrpcHandler, TrpcMockError } from '../../testing/trpcServer';
// The workspace is loaded up front, so the route's lazy import does not eat into each test's
// waiting time.
import './DashboardPage';
import { MODEL_RECHECK_MS } from './DashboardRoute';

const ada = { id: 'u1', username: 'ada', email: 'ada@example.com', displayName: null };
const POEM = 'Write a short poem about the sea';
const WEBSITE_ID = '0b6f7e1c-2d3a-4b5c-8d9e-0f1a2b3c4d5e';

const templates = [
  {
    id: 't1',
    name: 'Research Assistant',
    description: 'Collect and summarise sources on a topic',
    prompt: 'Research the history of lighthouses',
  },
];
const model = modelInfo();

function renderDashboard(
  path = '/dashboard',
  {
    handlers = {},
    signedIn = false,
  }: { handlers?: Record<string, TrpcHandler>; signedIn?: boolean } = {},
) {
  FakeEventSource.install();
  const { calls } = mockTrpc({
    'template.list': () => templates,
    'system.model': () => model,
    'task.list': () => [],
    ...handlers,
  });
  const app = renderApp(path, { session: signedIn ? { user: ada } : undefined });
  return { calls, ...app };
}

/** The notice that the model server does not answer, when shown. */
const modelNotice = () => screen.queryByRole('alert', { name: 'No model server answers' });

/** Waits for the workspace to appear (a loaded machine can take a moment). */
const workspaceReady = () =>
  screen
    .findByRole('main', {}, { timeout: 5000 })
    .then(() => screen.findByText('Research Assistant', {}, { timeout: 5000 }));

/** The live feed the page opened, connected. */
async function openFeed(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.latest()).toBeDefined(), { timeout: 5000 });
  const source = FakeEventSource.latest()!;
  await act(async () => source.connect());
  return source;
}

async function send(source: FakeEventSource, ...events: FlowFeedEvent[]) {
  await act(async () => {
    for (const event of events) {
      if (event.type === 'step') source.send(event, String(event.step.seq));
      else source.send(event);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const state = (overrides: Partial<FlowRunView>): FlowFeedEvent => ({
  type: 'state',
  state: runView({ goal: POEM, ...overrides }),
});

const planned = {
  tasks: [flowTask('Research the sea'), flowTask('Draft the poem'), flowTask('Polish it')],
  taskSource: 'json' as const,
};

describe('DashboardPage', () => {
  it('lays out templates and model, the execution panel with the goal form, and the task list', async () => {
    renderDashboard();
    await workspaceReady();

    expect(screen.getByRole('heading', { name: 'Flow Ready' })).toBeTruthy();
    expect(document.title).toBe('Dashboard · Flows');
    expect(screen.getByRole('form', { name: 'Set Flow Goal' })).toBeTruthy();
    expect(screen.getByText('No tasks generated yet. Enter a goal to get started.')).toBeTruthy();
    // The left column shows from 768 px up only.
    const templatesHeading = await screen.findByRole('heading', { name: 'Quick Templates' });
    expect(templatesHeading.closest('.mantine-visible-from-sm')).not.toBeNull();
    expect(await screen.findByText('Research Assistant')).toBeTruthy();
    expect(screen.getAllByText('Demo model').length).toBeGreaterThan(0);
    expect(screen.getByText(model.endpoint)).toBeTruthy();
    // The model answers: no notice.
    expect(modelNotice()).toBeNull();
  });

  it('says when the model server does not answer, how to fix it, and clears once it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reachable = false;
      const { calls } = renderDashboard('/dashboard', {
        handlers: {
          'system.model': () =>
            modelInfo({ demo: false, reachable, models: reachable ? ['qwen3-8b'] : [] }),
        },
      });
      await workspaceReady();

      const notice = await screen.findByRole('alert', { name: 'No model server answers' });
      expect(within(notice).getByText(model.endpoint)).toBeTruthy();
      expect(notice.textContent).toContain('Start LM Studio, load a model and start its server');
      expect(notice.textContent).toContain('port 1234');
      expect(within(notice).getByText('MODEL_ENDPOINT=http://localhost:11434/v1 pnpm start'));
      expect(within(notice).getByText('pnpm demo')).toBeTruthy();
      // It shows before the first run, above the goal form.
      expect(screen.getByRole('form', { name: 'Set Flow Goal' })).toBeTruthy();
      expect(screen.getByText('Not reachable')).toBeTruthy();
      const modelCalls = () => calls.filter((call) => call.path === 'system.model').length;
      expect(modelCalls()).toBe(1);

      // The model server starts: the next check clears the notice and lists its models.
      reachable = true;
      await act(() => vi.advanceTimersByTimeAsync(MODEL_RECHECK_MS));
      await waitFor(() => expect(modelNotice()).toBeNull());
      expect(modelCalls()).toBe(2);
      expect(screen.getByText('Online')).toBeTruthy();
      expect(
        within(screen.getByRole('list', { name: 'Models on this server' })).getByText('qwen3-8b'),
      ).toBeTruthy();

      // While it answers, nobody asks again.
      await act(() => vi.advanceTimersByTimeAsync(MODEL_RECHECK_MS * 3));
      expect(modelCalls()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers Quick Templates and AI Settings on phones', async () => {
    // A phone's width: the left column, hidden there, is not even rendered.
    const anyWidth = window.matchMedia;
    onTestFinished(() => {
      window.matchMedia = anyWidth;
    });
    window.matchMedia = (query) => {
      const media = new EventTarget() as MediaQueryList;
      return Object.assign(media, { media: query, matches: /max-width/.test(query) });
    };
    renderDashboard();
    const templatesButton = await screen.findByRole('button', { name: 'Templates' });
    expect(screen.queryByRole('heading', { name: 'Quick Templates' })).toBeNull();
    // Shown under 768 px only, where the left column is hidden.
    const phoneTools = templatesButton.closest<HTMLElement>('.mantine-hidden-from-sm');
    expect(phoneTools).not.toBeNull();

    fireEvent.click(templatesButton);
    const drawer = await screen.findByRole('dialog', { name: 'Templates and model' });
    expect(within(drawer).getByRole('heading', { name: 'Current Model' })).toBeTruthy();
    fireEvent.click(await within(drawer).findByRole('button', { name: /Research Assistant/ }));
    const goal = screen.getByRole('textbox', { name: 'Goal' }) as HTMLTextAreaElement;
    expect(goal.value).toBe('Research the history of lighthouses');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Templates and model' })).toBeNull(),
    );

    fireEvent.click(within(phoneTools!).getByRole('button', { name: 'AI Settings' }));
    expect(await screen.findByRole('dialog', { name: 'AI Settings' })).toBeTruthy();
  });

  it('refuses an empty goal with the Empty Goal toast', async () => {
    const { calls } = renderDashboard();
    await workspaceReady();
    fireEvent.click(screen.getByRole('button', { name: 'Create & Run Tasks' }));
    expect(await screen.findByText('Empty Goal')).toBeTruthy();
    expect(screen.getByText('Please enter a goal for your flow')).toBeTruthy();
    expect(calls.some((call) => call.path === 'flow.start')).toBe(false);
  });

  it("refuses a goal past the contract's limit before calling the server", async () => {
    const { calls } = renderDashboard();
    await workspaceReady();
    fireEvent.change(screen.getByRole('textbox', { name: 'Goal' }), {
      target: { value: 'x'.repeat(10_001) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create & Run Tasks' }));
    expect(await screen.findByText('A goal can be at most 10000 characters')).toBeTruthy();
    expect(calls.some((call) => call.path === 'flow.start')).toBe(false);
  });

  it('fills the goal from a Quick Template', async () => {
    renderDashboard();
    await workspaceReady();
    fireEvent.click(screen.getByRole('button', { name: /Research Assistant/ }));
    const goal = screen.getByRole('textbox', { name: 'Goal' }) as HTMLTextAreaElement;
    expect(goal.value).toBe('Research the history of lighthouses');
  });

  it('starts a run with the saved settings and the stored website, then follows its feed', async () => {
    window.localStorage.setItem('flows_last_website_id', WEBSITE_ID);
    window.localStorage.setItem(
      'flows_ai_settings',
      JSON.stringify({ ...model, provider: 'lmstudio', model: 'sea-model', temperature: 0.4 }),
    );
    const { calls } = renderDashboard('/dashboard', {
      handlers: { 'flow.start': () => ({ taskId: TEST_TASK_ID }) },
    });
    await workspaceReady();
    fireEvent.change(screen.getByRole('textbox', { name: 'Goal' }), { target: { value: POEM } });
    fireEvent.click(screen.getByRole('button', { name: 'Create & Run Tasks' }));

    const source = await openFeed();
    expect(calls.find((call) => call.path === 'flow.start')?.input).toEqual({
      goal: POEM,
      auto: true,
      provider: 'lmstudio',
      endpoint: model.endpoint,
      model: 'sea-model',
      temperature: 0.4,
      websiteId: WEBSITE_ID,
    });
    expect(source.input).toEqual({ taskId: TEST_TASK_ID });
    expect(window.localStorage.getItem('flows_current_task_id')).toBe(TEST_TASK_ID);

    await send(
      source,
      { type: 'step', step: feedStep(1, 'thinking', `I need to understand the goal: ${POEM}`) },
      state({ status: 'executing', ...planned, lastSeq: 1, sequence: 3 }),
      state({
        status: 'executing',
        ...planned,
        lastSeq: 1,
        sequence: 4,
        pending: { kind: 'model', purpose: 'task', taskIndex: 0, callId: 4 },
      }),
      { type: 'text', callId: 4, delta: 'Salt and ' },
      { type: 'text', callId: 4, delta: 'spray' },
    );
    expect(screen.getByText(`I need to understand the goal: ${POEM}`)).toBeTruthy();
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByText('Streaming')).toBeTruthy();
    expect(screen.getByText('Salt and spray')).toBeTruthy();
    const tasks = screen.getByRole('region', { name: 'Task List' });
    expect(within(tasks).getByText('0/3')).toBeTruthy();
    expect(within(tasks).getByText('Tasks from model JSON')).toBeTruthy();
    // The compact input replaces the full form while a run is shown.
    expect(screen.queryByRole('form', { name: 'Set Flow Goal' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop Flow' })).toBeTruthy();

    await send(source, { type: 'step', step: feedStep(2, 'result', 'Salt and spray') });
    expect(screen.queryByText('Streaming')).toBeNull();
    expect(screen.getByText('Salt and spray')).toBeTruthy();
  });

  it("says when a start fails, with the server's message", async () => {
    renderDashboard('/dashboard', {
      handlers: {
        'flow.start': () => {
          throw new TrpcMockError(400, 'A goal can be at most 10000 characters');
        },
      },
    });
    await workspaceReady();
    fireEvent.change(screen.getByRole('textbox', { name: 'Goal' }), { target: { value: POEM } });
    fireEvent.click(screen.getByRole('button', { name: 'Create & Run Tasks' }));
    expect(await screen.findByText('A goal can be at most 10000 characters')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Flow Ready' })).toBeTruthy();
  });

  it('rejoins the stored run after a reload, and remembers the website it built', async () => {
    window.localStorage.setItem('flows_current_task_id', TEST_TASK_ID);
    renderDashboard();
    const source = await openFeed();
    expect(source.input).toEqual({ taskId: TEST_TASK_ID });

    await send(
      source,
      { type: 'step', step: feedStep(1, 'thinking', `I need to understand the goal: ${POEM}`) },
      { type: 'step', step: feedStep(2, 'result', 'Website files saved.') },
      state({ status: 'executing', ...planned, currentTaskIndex: 1, websiteId: WEBSITE_ID }),
    );
    expect(await screen.findByText('Website files saved.')).toBeTruthy();
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(window.localStorage.getItem('flows_last_website_id')).toBe(WEBSITE_ID);
    expect(window.localStorage.getItem('flows_last_website_task_id')).toBe(TEST_TASK_ID);
  });

  it('follows a run another tab started', async () => {
    renderDashboard();
    await workspaceReady();
    await act(async () => {
      window.localStorage.setItem('flows_current_task_id', TEST_TASK_ID);
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'flows_current_task_id', newValue: TEST_TASK_ID }),
      );
    });
    const source = await openFeed();
    expect(source.input).toEqual({ taskId: TEST_TASK_ID });
    await send(source, { type: 'step', step: feedStep(1, 'thinking', 'From the other tab') });
    expect(await screen.findByText('From the other tab')).toBeTruthy();
  });

  it('stops the run and says so', async () => {
    window.localStorage.setItem('flows_current_task_id', TEST_TASK_ID);
    const { calls } = renderDashboard('/dashboard', {
      handlers: { 'flow.stop': () => runView({ status: 'stopped', ...planned, lastSeq: 1 }) },
    });
    const source = await openFeed();
    await send(source, state({ status: 'executing', ...planned }));

    fireEvent.click(await screen.findByRole('button', { name: 'Stop Flow' }));
    expect(await screen.findByText('Flow Stopped')).toBeTruthy();
    expect(screen.getByText('The flow process has been stopped.')).toBeTruthy();
    expect(calls.find((call) => call.path === 'flow.stop')?.input).toEqual({
      taskId: TEST_TASK_ID,
    });
    expect(screen.queryByText('Processing')).toBeNull();
    expect(screen.getByText('Stopped')).toBeTruthy();
  });

  it('says when the run it watches fails', async () => {
    window.localStorage.setItem('flows_current_task_id', TEST_TASK_ID);
    renderDashboard();
    const source = await openFeed();
    await send(source, state({ status: 'planning' }));
    await send(
      source,
      state({
        status: 'stopped',
        error:
          'Failed to connect to the AI service. The connection may be temporarily unavailable.',
        sequence: 2,
      }),
    );
    expect(
      await screen.findByText(
        'Failed to connect to the AI service. The connection may be temporarily unavailable.',
      ),
    ).toBeTruthy();
  });

  it('forgets a stored run the server no longer has', async () => {
    window.localStorage.setItem('flows_current_task_id', TEST_TASK_ID);
    renderDashboard();
    const source = await openFeed();
    await act(async () => source.fail('NOT_FOUND', 404));
    expect(await screen.findByRole('heading', { name: 'Flow Ready' })).toBeTruthy();
    expect(window.localStorage.getItem('flows_current_task_id')).toBeNull();
  });

  it('opens the feed again after it failed, after the steps it already has', async () => {
    window.localStorage.setItem('flows_current_task_id', TEST_TASK_ID);
    renderDashboard();
    const first = await openFeed();
    await send(first, { type: 'step', step: feedStep(1, 'thinking', 'Before the failure') });
    await act(async () => first.fail('INTERNAL_SERVER_ERROR', 500));
    expect(
      await screen.findByText('Connection lost. Reconnecting to the live feed...'),
    ).toBeTruthy();

    await waitFor(() => expect(FakeEventSource.instances.length).toBe(2), { timeout: 5000 });
    const second = await openFeed();
    expect(second.input).toEqual({ taskId: TEST_TASK_ID, lastEventId: '1' });
    await send(second, { type: 'step', step: feedStep(2, 'action', 'After the failure') });
    expect(await screen.findByText('After the failure')).toBeTruthy();
    expect(screen.getAllByText('Before the failure')).toHaveLength(1);
  });

  it('resets an active run: the server run ends and the workspace clears, AUTO back on', async () => {
    window.localStorage.setItem('flows_current_task_id', TEST_TASK_ID);
    const { calls } = renderDashboard('/dashboard', {
      handlers: { 'flow.reset': () => runView() },
    });
    const source = await openFeed();
    await send(
      source,
      { type: 'step', step: feedStep(1, 'thinking', 'The task list is ready. Review it.') },
      state({ status: 'waiting', auto: false, ...planned }),
    );
    expect(await screen.findByText('Waiting for your confirmation')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('heading', { name: 'Flow Ready' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create & Run Tasks' })).toBeTruthy();
    expect(window.localStorage.getItem('flows_current_task_id')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.path === 'flow.reset')).toBe(true));
  });

  it('opens AI Settings from ?panel=settings and closes it back to /dashboard', async () => {
    const { router } = renderDashboard('/dashboard?panel=settings');
    const dialog = await screen.findByRole('dialog', { name: 'AI Settings' }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog', { name: 'AI Settings' })).toBeNull();
  });

  it('opens Task History from the header, reuses a goal and opens a past task', async () => {
    const history = [
      { id: TEST_TASK_ID, goal: POEM, createdAt: new Date().toISOString(), status: 'complete' },
    ];
    const { router } = renderDashboard('/dashboard', {
      signedIn: true,
      handlers: { 'task.list': () => history },
    });
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task History' });
    expect(router.state.location.search).toBe('?panel=history');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Reuse' }));

    expect(await screen.findByText('Task Loaded')).toBeTruthy();
    expect(screen.getByText('Previous task has been loaded to the input field')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Goal' }) as HTMLTextAreaElement).value).toBe(POEM);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Task History' })).toBeNull());

    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'History' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
    const source = await openFeed();
    expect(source.input).toEqual({ taskId: TEST_TASK_ID });
    await send(source, { type: 'step', step: feedStep(1, 'result', 'An old poem.') });
    expect(await screen.findByText('An old poem.')).toBeTruthy();
  });

  it('opens a running task from the history live, with its status', async () => {
    const history = [
      { id: TEST_TASK_ID, goal: POEM, createdAt: new Date().toISOString(), status: 'running' },
    ];
    renderDashboard('/dashboard', { signedIn: true, handlers: { 'task.list': () => history } });
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task History' });
    expect(await within(dialog).findByText('Running')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open live' }));

    const source = await openFeed();
    expect(source.input).toEqual({ taskId: TEST_TASK_ID });
    await send(
      source,
      { type: 'step', step: feedStep(1, 'thinking', `I need to understand the goal: ${POEM}`) },
      state({ status: 'executing', ...planned, lastSeq: 1 }),
    );
    await send(source, { type: 'step', step: feedStep(2, 'result', 'A wave, live.') });
    expect(await screen.findByText('A wave, live.')).toBeTruthy();
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop Flow' })).toBeTruthy();
  });
});
