import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { flowClient } from './flow-client';
import { createTestApp } from './harness';

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

it('streams a run over the tRPC subscription with step ids for resuming', async () => {
  const client = flowClient(harness.app);
  const taskId = await client.start({ goal: 'Name three rivers' });
  const final = await client.waitFor(taskId, ['complete']);
  const input = encodeURIComponent(JSON.stringify({ taskId, lastEventId: '2' }));
  const abort = new AbortController();
  const response = await harness.app.request(`/trpc/flow.events?input=${input}`, {
    signal: abort.signal,
  });
  expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(`id: ${final.lastSeq}\n`)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  abort.abort();
  await reader.cancel().catch(() => {});
  const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
  expect(ids).toEqual(Array.from({ length: final.lastSeq - 2 }, (_, index) => index + 3));
});
