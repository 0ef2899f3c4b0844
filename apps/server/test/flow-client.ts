import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppEnv } from '../src/env';
import { createTestApp, json } from './harness';

/** A run's state as GET /api/flows/{id} answers it. */
export type RunView = {
  status: string;
  goal: string;
  auto: boolean;
  currentTaskIndex: number;
  tasks: { description: string; completed: boolean; result: string; failed: boolean }[];
  summary: string | null;
  websiteId: string | null;
  deployUrl: string | null;
  error: string | null;
  lastSeq: number;
  pendingWork: number;
};

/** A step as GET /api/tasks/{id}/steps answers it. */
export type Step = { id: string; seq: number; type: string; content: string; timestamp: string };

/** Where a client's requests go: an app in this process, or a server over HTTP (see overHttp). */
export type Requester = {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
};

/** A server process at `baseUrl`, asked over real HTTP. */
export const overHttp = (baseUrl: string): Requester => ({
  request: (path, init) => fetch(`${baseUrl}${path}`, init),
});

/** Drives runs over REST, as a script would. */
export function flowClient(app: Requester, headers: Record<string, string> = {}) {
  const request = (path: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { 'content-type': 'application/json', ...headers } });
  const post = (path: string, body: unknown = {}) =>
    request(path, { method: 'POST', body: JSON.stringify(body) });

  return {
    request,
    post,
    async start(body: Record<string, unknown>): Promise<string> {
      const response = await post('/api/flows', body);
      if (response.status !== 201)
        throw new Error(`start: ${response.status} ${await response.text()}`);
      return (await json<{ taskId: string }>(response)).taskId;
    },
    async state(taskId: string): Promise<RunView> {
      return json<RunView>(await request(`/api/flows/${taskId}`));
    },
    async steps(taskId: string): Promise<Step[]> {
      return json<Step[]>(await request(`/api/tasks/${taskId}/steps`));
    },
    /**
     * Polls until the run reaches one of `statuses` and passes `until`; `settled` (the default)
     * also waits until everything the state says has been written to the feed.
     */
    async waitFor(
      taskId: string,
      statuses: string[],
      options: { until?: (state: RunView) => boolean; settled?: boolean; timeoutMs?: number } = {},
    ): Promise<RunView> {
      const { until = () => true, settled = true, timeoutMs = 20_000 } = options;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const state = await json<RunView>(await request(`/api/flows/${taskId}`));
        if (
          statuses.includes(state.status) &&
          (!settled || state.pendingWork === 0) &&
          until(state)
        ) {
          return state;
        }
        if (Date.now() > deadline) {
          throw new Error(`run stayed ${state.status}: ${JSON.stringify(state)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

/**
 * Waits for a run to complete and checks nothing was lost or doubled on the way: every task
 * completed, steps numbered 1..n, one completion step per task, one final answer, the goal read
 * once.
 */
export async function expectWholeRun(
  client: ReturnType<typeof flowClient>,
  taskId: string,
  timeoutMs = 120_000,
): Promise<{ state: RunView; steps: Step[] }> {
  const state = await client.waitFor(taskId, ['complete'], { timeoutMs });
  expect(state.tasks.every((task) => task.completed && !task.failed)).toBe(true);
  const steps = await client.steps(taskId);
  expect(steps.map((step) => step.seq)).toEqual(steps.map((_, index) => index + 1));
  const contents = steps.map((step) => step.content);
  const count = (text: string) => contents.filter((content) => content === text).length;
  expect(count("I've completed the task. Here's what I found.")).toBe(state.tasks.length);
  expect(contents.filter((content) => content.startsWith('Final answer'))).toHaveLength(1);
  expect(count(`I need to understand the goal: ${state.goal}`)).toBe(1);
  return { state, steps };
}

/** A signed-in test user: the session cookie to send. */
export type Session = { cookie: string };

/** Registers a user (password 'long password 1') and returns their session. */
export async function signUp(app: Hono<AppEnv>, username: string): Promise<Session> {
  const response = await app.request('/api/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: 'long password 1',
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith('flows_session='))
    ?.split(';')[0];
  if (response.status !== 201 || !cookie) throw new Error(`register: ${response.status}`);
  return { cookie };
}

/**
 * A test file's shared stack: the scripted model and an app working runs against it (model calls
 * time out after 500 ms), started before the file's tests and closed after them.
 */
export function useFlowsApp() {
  const stack = {} as {
    model: ScriptedModel;
    harness: Awaited<ReturnType<typeof createTestApp>>;
    client: ReturnType<typeof flowClient>;
  };
  beforeAll(async () => {
    stack.model = await startScriptedModel();
    stack.harness = await createTestApp(
      { MODEL_ENDPOINT: stack.model.url, MODEL_TIMEOUT_MS: '500' },
      { flows: true },
    );
    stack.client = flowClient(stack.harness.app);
  });
  afterAll(async () => {
    await stack.harness.close();
    await stack.model.close();
  });
  return stack;
}
