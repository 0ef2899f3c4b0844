import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowClient } from './flow-client';
import { createTestApp } from './harness';

/**
 * A model server that drops connections mid-answer: the run retries the broken calls and ends as
 * if nothing had happened, each answer whole and each step once.
 */
let model: ScriptedModel;
let harness: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof flowClient>;
beforeAll(async () => {
  // Streamed in 5 ms pieces, so a drop comes after some of the answer has arrived.
  model = await startScriptedModel({ chunkDelayMs: 5 });
  harness = await createTestApp(
    { MODEL_ENDPOINT: model.url, MODEL_TIMEOUT_MS: '5000', FLOW_TIME_SCALE: '0.01' },
    { flows: true },
  );
  client = flowClient(harness.app);
});
afterAll(async () => {
  await harness.close();
  await model.close();
});

const brokeOff = "The model's answer broke off mid-stream";
const completed = "I've completed the task. Here's what I found.";
const answerFor = (task: string) =>
  `Demo model answer for "${task}": this is a scripted reply that stands in for a real model.`;
const finalAnswer =
  'Final answer (demo model): here is the combined result.\n\nAll tasks were completed.';

describe('a model server that drops connections mid-stream', () => {
  it('costs a run retries, never a partial answer or a doubled step', async () => {
    model.prepend(
      { match: /Break the following goal into a short list/, fault: 'drop', times: 1 },
      { match: /Your current task:/, fault: 'drop', times: 2 },
      { match: /Combine these results into one clear/, fault: 'drop', times: 1 },
    );
    const taskId = await client.start({ goal: 'Weather a flaky model' });
    const state = await client.waitFor(taskId, ['complete', 'stopped']);
    expect(state).toMatchObject({ status: 'complete', error: null });
    expect(state.tasks).toHaveLength(3);
    expect(state.tasks.every((task) => task.completed && !task.failed)).toBe(true);

    const steps = await client.steps(taskId);
    const contents = steps.map((step) => step.content);
    expect(steps.map((step) => step.seq)).toEqual(steps.map((_, index) => index + 1));
    expect(steps.some((step) => (step as { error?: boolean }).error)).toBe(false);
    // Each task's whole answer, once, followed by its completion step; no completion twice.
    for (const task of state.tasks) {
      expect(task.result).toBe(answerFor(task.description));
      expect(contents.filter((content) => content === task.result)).toHaveLength(1);
      expect(contents[contents.indexOf(task.result) + 1]).toBe(completed);
    }
    expect(contents.filter((content) => content === completed)).toHaveLength(3);
    // One final answer, whole: not the first words the dropped attempt streamed.
    expect(state.summary).toBe(finalAnswer);
    expect(steps.filter((step) => step.content.startsWith('Final answer'))).toEqual([
      expect.objectContaining({ type: 'result', content: finalAnswer }),
    ]);
    expect(steps.at(-1)?.content).toBe(finalAnswer);
    // A retry notice for each dropped attempt: the task list's, the first task's two, the summary's.
    const notices = steps.filter((step) => step.content.includes(brokeOff));
    expect(notices.every((step) => step.type === 'thinking')).toBe(true);
    expect(notices.every((step) => step.content.includes('Retrying in'))).toBe(true);
    const attempts = notices.map((step) => /\(attempt (\d) of 3\)/.exec(step.content)?.[1]);
    expect(attempts).toEqual(['2', '2', '3', '2']);
  });
});
