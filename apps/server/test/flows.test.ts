import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './harness';

let model: ScriptedModel;
let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  model = await startScriptedModel();
  harness = await createTestApp({ MODEL_ENDPOINT: model.url }, { flows: true });
});
afterAll(async () => {
  await harness.close();
  await model.close();
});

type RunView = {
  status: string;
  tasks: { description: string; completed: boolean; result: string }[];
  summary: string | null;
  deployUrl: string | null;
  lastSeq: number;
};
type Step = { seq: number; type: string; content: string };

function post(path: string, body: unknown = {}) {
  return harness.app.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}

async function waitForStatus(taskId: string, statuses: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await json<RunView>(await harness.app.request(`/api/flows/${taskId}`));
    if (statuses.includes(state.status)) return state;
    if (Date.now() > deadline) throw new Error(`run stayed ${state.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function steps(taskId: string) {
  return json<Step[]>(await harness.app.request(`/api/tasks/${taskId}/steps`));
}

describe('server-side runs', () => {
  it('runs a goal in AUTO to its final summary, numbering steps 1..n', async () => {
    const started = await post('/api/flows', { goal: 'Write a short poem about the sea' });
    expect(started.status).toBe(201);
    const { taskId } = await json<{ taskId: string }>(started);
    const state = await waitForStatus(taskId, ['complete']);
    expect(state.tasks).toHaveLength(3);
    expect(state.tasks.every((task) => task.completed)).toBe(true);
    expect(state.summary).toContain('Final answer');
    const feed = await steps(taskId);
    expect(feed.map((step) => step.seq)).toEqual(feed.map((_, index) => index + 1));
    expect(feed[0]).toMatchObject({
      type: 'thinking',
      content: expect.stringContaining('I need to understand the goal'),
    });
    expect(feed.at(-1)?.content).toContain('Final answer');
  });
});
