import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowClient, signUp } from './flow-client';
import { createTestApp, json } from './harness';

let model: ScriptedModel;
let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  model = await startScriptedModel();
  harness = await createTestApp(
    { MODEL_ENDPOINT: model.url, MODEL_TIMEOUT_MS: '300' },
    { flows: true },
  );
});
afterAll(async () => {
  await harness.close();
  await model.close();
});

/** Registers a user and returns a client that carries their session cookie. */
async function signedIn(username: string) {
  return flowClient(harness.app, await signUp(harness.app, username));
}

const visitor = () => flowClient(harness.app);

describe('tasks and history', () => {
  it('creates a task, lists the signed-in history newest first, and clears it', async () => {
    const ada = await signedIn('ada_tasks');
    const first = await ada.post('/api/tasks', { goal: 'First goal', userId: null });
    expect(first.status).toBe(201);
    const created = await json<{ id: string; createdAt: string }>(first);
    expect(created).toEqual({
      id: expect.any(String),
      goal: 'First goal',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    await ada.post('/api/tasks', { goal: 'Second goal', userId: null });
    const history = await json<{ goal: string }[]>(await ada.request('/api/tasks'));
    expect(history.map((task) => task.goal)).toEqual(['Second goal', 'First goal']);
    // The history tells the same time the task was created with, in the same form.
    expect(history[1]).toEqual({ ...created, goal: 'First goal', fileCount: 0, status: null });

    const cleared = await ada.request('/api/tasks', { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ deleted: 2 });
    expect(await json<unknown[]>(await ada.request('/api/tasks'))).toEqual([]);
  });

  it('refuses a blank goal with the spec message', async () => {
    const response = await visitor().post('/api/tasks', { goal: '   ', userId: null });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Please enter a goal for your flow' });
  });

  it('keeps history for signed-in users only', async () => {
    expect((await visitor().request('/api/tasks')).status).toBe(401);
    expect((await visitor().request('/api/tasks', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('steps', () => {
  it('adds steps in order and lists them', async () => {
    const client = visitor();
    const task = await json<{ id: string }>(await client.post('/api/tasks', { goal: 'Log steps' }));
    const added = await client.post(`/api/tasks/${task.id}/steps`, {
      type: 'thinking',
      content: 'a',
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ seq: 1, type: 'thinking', content: 'a' });
    await client.post(`/api/tasks/${task.id}/steps`, { type: 'result', content: 'b' });
    const steps = await client.steps(task.id);
    expect(steps.map((step) => [step.seq, step.type, step.content])).toEqual([
      [1, 'thinking', 'a'],
      [2, 'result', 'b'],
    ]);
  });

  it.each([
    [{ type: 'shout', content: 'x' }, 'Step type must be one of thinking, action, result, subtask'],
    [{ type: 'result', content: '' }, 'Step content is required'],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const client = visitor();
    const task = await json<{ id: string }>(await client.post('/api/tasks', { goal: 'Bad steps' }));
    const response = await client.post(`/api/tasks/${task.id}/steps`, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: message });
    expect(await client.steps(task.id)).toEqual([]);
  });

  it("hides a user's task, steps and run from everyone else", async () => {
    const owner = await signedIn('owner_steps');
    const other = await signedIn('other_steps');
    const taskId = await owner.start({ goal: 'Private plans' });
    await owner.waitFor(taskId, ['complete']);
    for (const client of [other, visitor()]) {
      expect((await client.request(`/api/tasks/${taskId}/steps`)).status).toBe(404);
      expect((await client.request(`/api/flows/${taskId}`)).status).toBe(404);
      expect((await client.post(`/api/flows/${taskId}/reset`)).status).toBe(404);
      expect(
        (await client.post(`/api/tasks/${taskId}/steps`, { type: 'result', content: 'x' })).status,
      ).toBe(404);
    }
    expect((await owner.steps(taskId)).length).toBeGreaterThan(5);
  });

  it('answers 404 for ids that are not UUIDs', async () => {
    expect((await visitor().request('/api/tasks/123/steps')).status).toBe(404);
    expect((await visitor().request('/api/flows/abc')).status).toBe(404);
  });
});

describe('websites and hosting', () => {
  it('saves a website, creates a local site and deploys it to a stable URL', async () => {
    const client = visitor();
    const created = await client.post('/api/websites', {
      name: 'Bakery',
      description: 'A page',
      html: '<!DOCTYPE html><html><body><h1>Bread v1</h1></body></html>',
      taskId: null,
    });
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);

    const site = await client.post('/api/local/sites', { name: 'flows-website-1700000000000' });
    expect(site.status).toBe(200);
    const { success, siteId } = await json<{ success: boolean; siteId: string }>(site);
    expect(success).toBe(true);

    const deploy = await client.post(`/api/websites/${id}/deploy`, { siteId });
    const { deployUrl } = await json<{ deployUrl: string }>(deploy);
    // The public URL does not reveal the site id, which is what authorises deploys.
    expect(deployUrl).toMatch(/^http:\/\/localhost:3000\/sites\/[\w-]+\/$/);
    expect(deployUrl).not.toContain(siteId);
    expect(await json(await client.request(`/api/websites/${id}`))).toEqual({
      id,
      name: 'Bakery',
      description: 'A page',
      taskId: null,
      deploymentUrl: deployUrl,
    });
    const path = new URL(deployUrl).pathname;
    const page = await harness.app.request(path);
    expect(await page.text()).toContain('Bread v1');

    // A redeploy keeps the URL and serves the new version.
    const second = await client.post('/api/websites', {
      name: 'Bakery',
      html: '<!DOCTYPE html><html><body><h1>Bread v2</h1></body></html>',
    });
    const { id: secondId } = await json<{ id: string }>(second);
    const again = await client.post(`/api/websites/${secondId}/deploy`, { siteId });
    expect(await json<{ deployUrl: string }>(again)).toMatchObject({ deployUrl });
    expect(await (await harness.app.request(path)).text()).toContain('Bread v2');
    expect(page.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('refuses unknown hosting providers and missing fields', async () => {
    const client = visitor();
    expect((await client.post('/api/ftp/sites', { name: 'x' })).status).toBe(404);
    expect((await client.post('/api/websites', { name: 'x' })).status).toBe(400);
    expect((await client.request('/sites/nope/')).status).toBe(404);
  });
});

describe('POST /api/flow/run', () => {
  const run = (prompt: string, extra: Record<string, unknown> = {}) =>
    visitor().post('/api/flow/run', {
      provider: 'lmstudio',
      endpoint: model.url,
      input: { prompt, temperature: 0.2, model: 'local-model' },
      ...extra,
    });

  it('answers with the model result', async () => {
    const response = await run('Overall goal: x\n\nYour current task: Greet the user');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      result: expect.stringContaining('Demo model answer for "Greet the user"'),
    });
    expect(model.requests.at(-1)).toMatchObject({ temperature: 0.2 });
  });

  it('refuses an API key that cannot travel in a header, before calling anyone', async () => {
    const calls = model.requests.length;
    const response = await run('hello', { apiKey: 'key-\u{1f511}' });
    expect(response.status).toBe(400);
    expect(await json<{ error: string }>(response)).toMatchObject({
      error: expect.stringContaining('printable ASCII'),
    });
    expect(model.requests.length).toBe(calls);
  });

  it('refuses an empty model name, before calling anyone', async () => {
    const calls = model.requests.length;
    const response = await run('hello', {
      input: { prompt: 'hello', temperature: 0.2, model: '' },
    });
    expect(response.status).toBe(400);
    expect(await json<{ error: string }>(response)).toMatchObject({ error: 'Model is required' });
    expect(model.requests.length).toBe(calls);
  });

  it('refuses an endpoint the operator did not allow, naming the allowed ones', async () => {
    const response = await run('hello', { endpoint: 'http://169.254.169.254/v1' });
    expect(response.status).toBe(400);
    expect(await json<{ error: string }>(response)).toMatchObject({
      error: expect.stringContaining(model.url),
    });
  });

  it.each([
    [
      'http500',
      'Failed to get response from Local AI Engine. Server returned 500: Internal Server Error (scripted failure)',
    ],
    ['http429', 'Server returned 429: Too Many Requests'],
    [
      'reset',
      'Failed to connect to the AI service. The connection may be temporarily unavailable.',
    ],
    [
      'timeout',
      'Failed to connect to the AI service. The connection may be temporarily unavailable.',
    ],
    [
      'stall',
      'Failed to connect to the AI service. The connection may be temporarily unavailable.',
    ],
    ['malformed', 'Failed to connect to the AI service'],
    ['empty', 'Failed to connect to the AI service'],
  ] as const)('answers 502 when the model fails with %s', async (fault, message) => {
    const marker = `fault-${fault}-${Math.random()}`;
    model.prepend({ match: new RegExp(marker), fault });
    const before = model.requests.length;
    const response = await run(marker);
    expect(response.status).toBe(502);
    expect(await json<{ error: string }>(response)).toMatchObject({
      error: expect.stringContaining(message),
    });
    expect(model.requests.length - before).toBe(3);
  });

  it('recovers when a fault clears within the three attempts', async () => {
    model.prepend({ match: /flaky-once/, fault: 'http500', times: 1 });
    const response = await run('flaky-once');
    expect(response.status).toBe(200);
  });
});
