import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../AppProviders';
import { FakeEventSource } from '../../testing/eventSource';
import { flowTask, runView, TEST_TASK_ID } from '../../testing/flowFixtures';
import { mockTrpc, type TrpcHandler, TrpcMockError } from '../../testing/trpcServer';
import { DEFAULT_RUN_SETTINGS } from './aiSettings';
import type { FlowFeedEvent } from './types';
import { useFlowRun } from './useFlowRun';

const startOptions = { auto: true, settings: DEFAULT_RUN_SETTINGS, endpoint: undefined };

const wrapper = ({ children }: { children: ReactNode }) => (
  <AppProviders env="test">{children}</AppProviders>
);

function renderFlowRun(handlers: Record<string, TrpcHandler> = {}) {
  FakeEventSource.install();
  const { calls } = mockTrpc(handlers);
  return { calls, ...renderHook(() => useFlowRun(), { wrapper }) };
}

/** Follows TEST_TASK_ID and delivers `events` on its live feed. */
async function followRun(...events: FlowFeedEvent[]) {
  await waitFor(() => expect(FakeEventSource.latest()).toBeDefined());
  const source = FakeEventSource.latest()!;
  await act(async () => {
    source.connect();
    for (const event of events) source.send(event);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('useFlowRun', () => {
  it("shows the server's message when it refuses a start", async () => {
    const { result } = renderFlowRun({
      'flow.start': () => {
        throw new TrpcMockError(400, 'A goal can be at most 10000 characters');
      },
    });
    let started: boolean | undefined;
    await act(async () => {
      started = await result.current.start('a'.repeat(10_001), startOptions);
    });
    expect(started).toBe(false);
    expect(await screen.findByText('A goal can be at most 10000 characters')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.queryByText('Failed to start flow execution')).toBeNull();
    expect(result.current.starting).toBe(false);
  });

  it("shows the spec's text when the server never answered", async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', offline);
    const { result } = renderHook(() => useFlowRun(), { wrapper });
    await act(async () => {
      await result.current.start('Write a poem', startOptions);
    });
    expect(offline).toHaveBeenCalled();
    expect(await screen.findByText('Failed to start flow execution')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });

  it('resumes a stopped run with work left, and retries through flow.retry', async () => {
    window.localStorage.setItem('flows_current_task_id', TEST_TASK_ID);
    const tasks = [flowTask('Research the sea', { completed: true, result: 'Salty.' })];
    const { result, calls } = renderFlowRun({
      'flow.retry': () => runView({ status: 'executing', tasks, sequence: 9, lastSeq: 5 }),
    });
    await followRun({
      type: 'state',
      state: runView({
        status: 'stopped',
        tasks: [...tasks, flowTask('Draft the poem')],
        currentTaskIndex: 1,
        sequence: 8,
        lastSeq: 4,
      }),
    });
    expect(result.current.resumable).toBe(true);
    expect(result.current.active).toBe(false);

    await act(async () => {
      await result.current.retry();
    });
    expect(calls.find((call) => call.path === 'flow.retry')?.input).toEqual({
      taskId: TEST_TASK_ID,
    });
    expect(result.current.run?.status).toBe('executing');
    expect(result.current.resumable).toBe(false);
  });

  it("gives a reasoning model's streaming thinking apart from its answer", async () => {
    window.localStorage.setItem('flows_current_task_id', TEST_TASK_ID);
    const { result } = renderFlowRun();
    await followRun({ type: 'text', callId: 3, delta: 'Hmm, waves.', reasoning: true });
    expect(result.current.streamingReasoning).toBe('Hmm, waves.');
    expect(result.current.streamingText).toBeNull();
  });
});
