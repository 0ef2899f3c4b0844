import { flowRuns } from '@flows/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useFlowsApp } from './flow-client';

const stack = useFlowsApp();

const numbered = (seqs: number[]) => seqs.every((seq, index) => seq === index + 1);

describe('a run in AUTO', () => {
  it('plans, runs every task and ends with the final summary, steps numbered 1..n', async () => {
    const taskId = await stack.client.start({ goal: 'Write a short poem about the sea' });
    const state = await stack.client.waitFor(taskId, ['complete']);
    expect(state.tasks).toHaveLength(3);
    expect(state.tasks.every((task) => task.completed && !task.failed)).toBe(true);
    expect(state.summary).toContain('Final answer');
    const feed = await stack.client.steps(taskId);
    expect(numbered(feed.map((step) => step.seq))).toBe(true);
    expect(feed[0]).toMatchObject({
      type: 'thinking',
      content: 'I need to understand the goal: Write a short poem about the sea',
    });
    expect(feed.map((step) => step.content)).toContain('Analyzing the task using Local AI Engine');
    expect(
      feed.filter((step) => step.content === "I've completed the task. Here's what I found."),
    ).toHaveLength(3);
    expect(feed.at(-1)).toMatchObject({
      type: 'result',
      content: expect.stringContaining('Final answer'),
    });
    // The model was asked with the run's settings.
    expect(stack.model.requests.at(-1)).toMatchObject({
      model: 'local-model',
      temperature: 0.7,
      stream: true,
    });
  });

  it('builds a website, deploys it on the built-in host and highlights the URL', async () => {
    const taskId = await stack.client.start({ goal: 'Create a website for a bakery' });
    const state = await stack.client.waitFor(taskId, ['complete']);
    expect(state.websiteId).toBeTruthy();
    expect(state.deployUrl).toMatch(/^http:\/\/localhost:3000\/sites\/[\w-]+\/$/);
    const path = new URL(state.deployUrl!).pathname;
    const site = await stack.harness.app.request(path);
    expect(site.status).toBe(200);
    expect(site.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts/);
    expect(await site.text()).toContain('<h1>Welcome</h1>');
    const website = await stack.client.request(`/api/websites/${state.websiteId}`);
    expect(await website.json()).toMatchObject({ deploymentUrl: state.deployUrl, taskId });
    const feed = await stack.client.steps(taskId);
    expect(feed.at(-1)?.content).toContain(state.deployUrl!);
  });
});

describe('a per-run API key', () => {
  it('reaches the model server and is stored only encrypted', async () => {
    const taskId = await stack.client.start({ goal: 'Name two keys', apiKey: 'sk-run-secret-123' });
    await stack.client.waitFor(taskId, ['complete']);
    const used = stack.model.requests.filter((request) => request.prompt.includes('Name two keys'));
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((request) => request.authorization === 'Bearer sk-run-secret-123')).toBe(
      true,
    );
    const [row] = await stack.harness.database.db
      .select()
      .from(flowRuns)
      .where(eq(flowRuns.taskId, taskId));
    expect(JSON.stringify(row)).not.toContain('sk-run-secret-123');
    expect(JSON.stringify(await stack.client.state(taskId))).not.toContain('sk-run');
  });
});

describe('a run in manual mode', () => {
  it('waits after the task list; Execute runs one task; Continue runs the rest', async () => {
    const taskId = await stack.client.start({ goal: 'Plan a garden party', auto: false });
    let state = await stack.client.waitFor(taskId, ['waiting']);
    expect(state).toMatchObject({ auto: false, currentTaskIndex: 0 });
    expect(state.tasks.some((task) => task.completed)).toBe(false);

    expect((await stack.client.post(`/api/flows/${taskId}/execute`)).status).toBe(200);
    state = await stack.client.waitFor(taskId, ['waiting'], {
      until: (s) => s.currentTaskIndex === 1,
    });
    expect(state.tasks.map((task) => task.completed)).toEqual([true, false, false]);

    expect((await stack.client.post(`/api/flows/${taskId}/continue`)).status).toBe(200);
    state = await stack.client.waitFor(taskId, ['complete']);
    expect(state.auto).toBe(true);
    const contents = (await stack.client.steps(taskId)).map((step) => step.content);
    expect(contents).toContain('Moving to the next task...');
  });

  it('answers 409 for a command that does not apply, and changes nothing', async () => {
    const taskId = await stack.client.start({ goal: 'Say hello to the team' });
    const before = await stack.client.waitFor(taskId, ['complete']);
    const response = await stack.client.post(`/api/flows/${taskId}/continue`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: expect.stringContaining('does not apply') });
    expect(await stack.client.state(taskId)).toEqual(before);
  });
});

describe('stop, reset and AUTO', () => {
  it('stops a run mid-task and reset clears it with AUTO back on', async () => {
    stack.model.prepend({ match: /Your current task: .*stoppable/i, fault: 'timeout' });
    const taskId = await stack.client.start({ goal: 'Write a stoppable essay', auto: true });
    await stack.client.waitFor(taskId, ['executing'], {
      until: (s) => s.tasks.length > 0,
      settled: false,
    });
    const stopped = await stack.client.post(`/api/flows/${taskId}/stop`);
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toMatchObject({ status: 'stopped' });

    const setAuto = await stack.client.post(`/api/flows/${taskId}/auto`, { auto: false });
    expect([200, 409]).toContain(setAuto.status);
    const reset = await stack.client.post(`/api/flows/${taskId}/reset`);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ status: 'idle', auto: true, tasks: [] });
  });

  it('rejects a bad AUTO body with 400', async () => {
    const taskId = await stack.client.start({ goal: 'Count the stars' });
    const response = await stack.client.post(`/api/flows/${taskId}/auto`, { auto: 'yes' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'auto must be true or false' });
  });

  it('refuses a start whose websiteId is no website id (400)', async () => {
    const response = await stack.client.post('/api/flows', {
      goal: 'Deploy my site',
      websiteId: 'my-site',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'websiteId must be the id of a website',
    });
  });

  it('refuses a start whose auto is not true or false (400)', async () => {
    const response = await stack.client.post('/api/flows', { goal: 'Plan a trip', auto: 'no' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'auto must be true or false' });
  });

  it('refuses a start with an empty model name (400)', async () => {
    const response = await stack.client.post('/api/flows', { goal: 'Plan a trip', model: ' ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Model is required' });
  });
});

describe('failures', () => {
  it('a task whose connection keeps failing is marked with the error and the run goes on', async () => {
    stack.model.prepend({ match: /Your current task: Research .*flaky/i, fault: 'reset' });
    const taskId = await stack.client.start({ goal: 'Explain flaky networks' });
    const state = await stack.client.waitFor(taskId, ['complete']);
    expect(state.tasks[0]).toMatchObject({ completed: true, failed: true });
    expect(state.tasks[0]!.result).toContain('Error: Connection timed out while executing');
    expect(state.tasks[1]).toMatchObject({ completed: true, failed: false });
  });

  it('a non-OK model reply to the planning call stops the run with the engine error', async () => {
    stack.model.prepend({ match: /Goal: Fix the broken server/, fault: 'http500' });
    const taskId = await stack.client.start({ goal: 'Fix the broken server' });
    const state = await stack.client.waitFor(taskId, ['stopped']);
    expect(state.error).toContain('Failed to get response from Local AI Engine');
    const contents = (await stack.client.steps(taskId)).map((step) => step.content);
    expect(contents).toContain(
      'I encountered an error while processing your request with Local AI Engine.',
    );
  });

  it('a failed summary says so', async () => {
    stack.model.prepend({ match: /The goal was: Summarise the failing summary/, fault: 'http500' });
    const taskId = await stack.client.start({ goal: 'Summarise the failing summary' });
    await stack.client.waitFor(taskId, ['complete', 'stopped']);
    const contents = (await stack.client.steps(taskId)).map((step) => step.content);
    expect(contents).toContain(
      'Error generating final summary. Please review the individual task results above.',
    );
  });
});

describe('the live feed', () => {
  async function readEvents(
    taskId: string,
    lastEventId: string | null,
    stopAfter: (ids: string[]) => boolean,
  ) {
    const abort = new AbortController();
    const response = await stack.harness.app.request(`/api/tasks/${taskId}/events`, {
      headers: lastEventId ? { 'last-event-id': lastEventId } : {},
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const ids: string[] = [];
    let buffer = '';
    while (!stopAfter(ids)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const id = /^id: ?(\d+)$/m.exec(buffer.slice(0, end))?.[1];
        if (id) ids.push(id);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
    abort.abort();
    await reader.cancel().catch(() => {});
    return ids;
  }

  it('resumes after Last-Event-ID and delivers every step exactly once', async () => {
    const taskId = await stack.client.start({ goal: 'Describe the moon' });
    // The first read may take in more than three steps at once (the backlog of a run that has
    // gone on meanwhile): it resumes after the third, as a client that stopped there would.
    const firstPart = (await readEvents(taskId, null, (ids) => ids.length >= 3)).slice(0, 3);
    const final = await stack.client.waitFor(taskId, ['complete']);
    const rest = await readEvents(taskId, firstPart.at(-1)!, (ids) =>
      ids.includes(String(final.lastSeq)),
    );
    const all = [...firstPart, ...rest].map(Number);
    expect(all).toEqual(Array.from({ length: final.lastSeq }, (_, index) => index + 1));
  });

  it('answers 404 for an unknown task', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await stack.harness.app.request(`/api/tasks/${id}/events`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Task not found' });
    }
  });
});
