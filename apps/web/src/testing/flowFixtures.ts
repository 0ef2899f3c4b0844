import { createFlowState, type FlowTask } from '@flows/engine';
import type { FeedStep, FlowRunView, ModelInfo } from '../features/flow/types';

/** The task id the test runs use. */
export const TEST_TASK_ID = '3f0c2a52-8d43-4c59-9d7a-3f1b4f5c6e01';

/** A run's state for tests: an idle run of TEST_TASK_ID with the given fields replaced. */
export function runView(overrides: Partial<FlowRunView> = {}): FlowRunView {
  // Server-side bookkeeping the workspace does not read.
  const bookkeeping = { pendingWork: 0 };
  return { ...bookkeeping, ...createFlowState(), taskId: TEST_TASK_ID, lastSeq: 0, ...overrides };
}

/** A stored feed step for tests (not an error unless `overrides` say so). */
export function feedStep(
  seq: number,
  type: FeedStep['type'],
  content: string,
  overrides: Partial<FeedStep> = {},
): FeedStep {
  const timestamp = '2025-03-04T15:07:09.000Z';
  return { id: `step-${seq}`, seq, type, content, timestamp, error: false, ...overrides };
}

/** A task of a run's list for tests. */
export function flowTask(description: string, overrides: Partial<FlowTask> = {}): FlowTask {
  return { description, completed: false, result: '', failed: false, ...overrides };
}

/** What `system.model` answers in tests: the demo model at a loopback endpoint, answering. */
export function modelInfo(overrides: Partial<ModelInfo> = {}): ModelInfo {
  return {
    provider: 'lmstudio',
    model: 'local-model',
    endpoint: 'http://127.0.0.1:1234/v1',
    allowedEndpoints: ['http://127.0.0.1:1234/v1'],
    demo: true,
    reachable: true,
    models: ['flows-demo'],
    hosting: 'local',
    ...overrides,
  };
}
