import { startScriptedModel } from '@flows/scripted-model';
import { describe, expect, it } from 'vitest';
import { flowClient, signUp, useFlowsApp } from './flow-client';
import { createTestApp, json } from './harness';

const stack = useFlowsApp();

type ModelInfo = {
  provider: string;
  model: string;
  endpoint: string;
  demo: boolean;
  reachable: boolean;
  models: string[];
};

describe('GET /api/model', () => {
  it('says the model server answers, with the models it offers', async () => {
    const response = await stack.harness.app.request('/api/model');
    expect(response.status).toBe(200);
    expect(await json<ModelInfo>(response)).toMatchObject({
      provider: 'lmstudio',
      model: 'local-model',
      endpoint: stack.model.url,
      demo: false,
      reachable: true,
      models: ['local-model'],
      hosting: 'local',
    });
  });

  it('answers reachable: false (never a 500) when nothing listens at the endpoint', async () => {
    const dead = await startScriptedModel();
    await dead.close();
    const lonely = await createTestApp({ MODEL_ENDPOINT: dead.url });
    try {
      const response = await lonely.app.request('/api/model');
      expect(response.status).toBe(200);
      expect(await json<ModelInfo>(response)).toMatchObject({
        endpoint: dead.url,
        reachable: false,
        models: [],
      });
    } finally {
      await lonely.close();
    }
  });
});

describe('a run that cannot reach its model', () => {
  it('ends with a step naming the endpoint it tried, besides the spec text', async () => {
    const dead = await startScriptedModel();
    await dead.close();
    const lonely = await createTestApp({ MODEL_ENDPOINT: dead.url }, { flows: true });
    try {
      const lonelyClient = flowClient(lonely.app);
      const taskId = await lonelyClient.start({ goal: 'Say hello' });
      const state = await lonelyClient.waitFor(taskId, ['stopped']);
      expect(state.error).toBe(
        'Failed to connect to the AI service. The connection may be temporarily unavailable.',
      );
      const last = (await lonelyClient.steps(taskId)).at(-1);
      expect(last).toMatchObject({ type: 'result', error: true });
      expect(last?.content).toContain(state.error!);
      expect(last?.content).toContain(dead.url);
    } finally {
      await lonely.close();
    }
  });
});

describe('Stop is not a dead end', () => {
  it('Stop then Execute runs the interrupted task and waits; Continue runs on to the end', async () => {
    stack.model.prepend({ match: /Your current task: Alpha/, fault: 'timeout', times: 1 });
    stack.model.prepend({ match: /Goal: Stop me/, reply: '["Alpha", "Beta"]', times: 1 });
    const taskId = await stack.client.start({ goal: 'Stop me' });
    await stack.client.waitFor(taskId, ['executing'], {
      settled: false,
      until: (state) => state.tasks.length === 2,
    });
    const stopped = await stack.client.post(`/api/flows/${taskId}/stop`);
    expect(stopped.status).toBe(200);
    const execute = await stack.client.post(`/api/flows/${taskId}/execute`);
    expect(execute.status).toBe(200);
    const waiting = await stack.client.waitFor(taskId, ['waiting']);
    expect(waiting.tasks[0]).toMatchObject({ completed: true, failed: false });
    expect(waiting.currentTaskIndex).toBe(1);
    await stack.client.post(`/api/flows/${taskId}/stop`);
    const resumed = await stack.client.post(`/api/flows/${taskId}/continue`);
    expect(resumed.status).toBe(200);
    const done = await stack.client.waitFor(taskId, ['complete']);
    expect(done.tasks.every((task) => task.completed && !task.failed)).toBe(true);
    expect(done.error).toBeNull();
  });

  it('Retry re-runs a failed task and makes the summary again', async () => {
    stack.model.prepend({ match: /Your current task: Fragile/, fault: 'http500', times: 3 });
    stack.model.prepend({ match: /Goal: Retry me/, reply: '["Fragile", "Sturdy"]', times: 1 });
    const taskId = await stack.client.start({ goal: 'Retry me' });
    const failed = await stack.client.waitFor(taskId, ['complete']);
    expect(failed.tasks[0]).toMatchObject({ completed: true, failed: true });
    const steps = await stack.client.steps(taskId);
    const errors = steps.filter((step) => (step as { error?: boolean }).error);
    expect(errors.map((step) => step.content)).toEqual(['Error executing subtask: Fragile']);
    // Every failed attempt said why and how long the retry waits (here 0 s at FLOW_TIME_SCALE=0).
    const notices = steps.filter((step) => step.content.startsWith('Server responded with 500'));
    expect(notices.map((step) => step.content)).toEqual([
      'Server responded with 500: Internal Server Error. Retrying in 0 seconds (attempt 2 of 3)...',
      'Server responded with 500: Internal Server Error. Retrying in 0 seconds (attempt 3 of 3)...',
    ]);

    const retry = await stack.client.post(`/api/flows/${taskId}/retry`);
    expect(retry.status).toBe(200);
    const done = await stack.client.waitFor(taskId, ['complete'], {
      until: (state) => state.tasks[0]?.failed === false,
    });
    expect(done.tasks[0]?.result).toContain('Demo model answer for "Fragile"');
    expect(done.summary).toContain('Final answer');
    const again = await stack.client.post(`/api/flows/${taskId}/retry`);
    expect(again.status).toBe(409);
  });
});

describe('reasoning models', () => {
  it('streams reasoning_content into a thinking step and keeps it out of results', async () => {
    stack.model.prepend({
      match: /Goal: Think hard/,
      reasoning: 'SECRET-PLAN the user wants two tasks',
      reply: '["Ponder", "Answer"]',
      times: 1,
    });
    stack.model.prepend({
      match: /Your current task: Ponder/,
      reply: '<think>SECRET-THOUGHT weigh it</think>\n\nPondered answer.',
      times: 1,
    });
    const taskId = await stack.client.start({ goal: 'Think hard' });
    const state = await stack.client.waitFor(taskId, ['complete']);
    expect(state.tasks.map((task) => task.description)).toEqual(['Ponder', 'Answer']);
    expect(state.tasks[0]?.result).toBe('Pondered answer.');
    const steps = await stack.client.steps(taskId);
    const thinking = steps.filter((step) => step.type === 'thinking').map((step) => step.content);
    expect(thinking).toContain('SECRET-PLAN the user wants two tasks');
    expect(thinking).toContain('SECRET-THOUGHT weigh it');
    const results = steps.filter((step) => step.type === 'result');
    expect(results.some((step) => step.content.includes('SECRET'))).toBe(false);
    const later = stack.model.requests.filter((request) =>
      request.prompt.includes('Pondered answer.'),
    );
    expect(later.length).toBeGreaterThan(0);
    expect(later.some((request) => request.prompt.includes('SECRET'))).toBe(false);
  });
});

describe('state and feed', () => {
  it('never shows a task completed before its steps can be read', async () => {
    const taskId = await stack.client.start({ goal: 'Write a short poem about the moon' });
    for (;;) {
      const state = await stack.client.state(taskId);
      const done = state.tasks.filter((task) => task.completed).length;
      if (done > 0) {
        const steps = await stack.client.steps(taskId);
        const completions = steps.filter(
          (step) => step.content === "I've completed the task. Here's what I found.",
        );
        expect(completions.length).toBeGreaterThanOrEqual(done);
        expect(steps.at(-1)?.seq).toBeGreaterThanOrEqual(state.lastSeq);
      }
      if (state.status === 'complete') break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  });

  it("a signed-in user's history tells how each run ended", async () => {
    const mine = flowClient(stack.harness.app, await signUp(stack.harness.app, 'historian'));
    stack.model.prepend({ match: /Goal: Doomed/, fault: 'http500', times: 3 });
    const failed = await mine.start({ goal: 'Doomed' });
    await mine.waitFor(failed, ['stopped']);
    const complete = await mine.start({ goal: 'Fine' });
    await mine.waitFor(complete, ['complete']);
    const history = await json<{ id: string; status: string }[]>(await mine.request('/api/tasks'));
    expect(history.find((entry) => entry.id === failed)?.status).toBe('failed');
    expect(history.find((entry) => entry.id === complete)?.status).toBe('complete');
  });
});
