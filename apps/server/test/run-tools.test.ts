import type { TIntegrationExecution } from '@flows/api/contracts';
import { TOOL_LIMITS } from '@flows/engine';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowClient, type Session, signUp } from './flow-client';
import { createTestApp, json } from './harness';
import { call, startEchoTarget } from './integrations-helpers';

// A run's tasks call the user's webhooks and API integrations as tools (issue 16), against the
// scripted model and a real echo server on 127.0.0.1.

let model: ScriptedModel;
let harness: Awaited<ReturnType<typeof createTestApp>>;
let target: Awaited<ReturnType<typeof startEchoTarget>>;
let owner: Session;
let other: Session;

beforeAll(async () => {
  model = await startScriptedModel();
  target = await startEchoTarget();
  harness = await createTestApp(
    { MODEL_ENDPOINT: model.url, MODEL_TIMEOUT_MS: '5000', ALLOW_PRIVATE_TARGETS: 'true' },
    { flows: true },
  );
  owner = await signUp(harness.app, 'tool_owner');
  other = await signUp(harness.app, 'tool_other');
});
afterAll(async () => {
  await harness?.close();
  await target?.close();
  await model?.close();
});

type Step = { seq: number; type: string; content: string; error: boolean };
type Approval = {
  callId: number;
  tool: string;
  arguments: unknown;
  target: string;
  outcomeUnknown: boolean;
};
type RunState = {
  status: string;
  tasks: { result: string; completed: boolean; failed: boolean }[];
  pendingApproval: Approval | null;
  toolCallsUsed: number;
  pendingWork: number;
};

async function create(session: Session, path: string, body: object): Promise<string> {
  const response = await call(harness.app, 'POST', path, session, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

/** A webhook of `session`'s pointing at the echo server under `path`. */
const webhook = (session: Session, name: string, fields: object, path = `/${name}`) =>
  create(session, '/api/webhooks', { name, url: `${target.base}${path}`, ...fields });

/** What the echo server received under `path`. */
const receivedAt = (path: string) =>
  target.received.filter((request) => new URL(request.url, 'http://x').pathname === path);

function runs(session?: Session) {
  const client = flowClient(harness.app, session ? { cookie: session.cookie } : {});
  return {
    ...client,
    state: async (taskId: string) => (await client.state(taskId)) as unknown as RunState,
    steps: async (taskId: string) => (await client.steps(taskId)) as unknown as Step[],
    async waitForApproval(taskId: string): Promise<Approval> {
      const state = (await client.waitFor(taskId, ['waiting'], {
        until: (view) => (view as unknown as RunState).pendingApproval !== null,
      })) as unknown as RunState;
      return state.pendingApproval!;
    },
    approve: (taskId: string, body: object) => client.post(`/api/flows/${taskId}/approve`, body),
  };
}

/** The model's requests for one task (matched on its text). */
const requestsFor = (task: string) =>
  model.requests.filter((request) => request.prompt.includes(`Your current task: ${task}`));

/** One-task plan for `goal`, the task calling the tool `name` with `args` once. */
function scriptOneCall(goal: string, task: string, name: string, args: unknown) {
  model.prepend(
    { match: new RegExp(`Goal: ${goal}`), reply: JSON.stringify([task]), times: 1 },
    { match: new RegExp(`Your current task: ${task}`), toolCalls: [{ name, arguments: args }] },
    {
      match: new RegExp(`Your current task: ${task}`),
      reply: (_prompt, request) =>
        request.toolResults.length > 0
          ? `Done. The tool said: ${request.toolResults.at(-1)?.content}`
          : 'Done without tools.',
    },
  );
}

describe('tools offered to a run', () => {
  it('calls a webhook in auto mode without asking: once, with the payload, its answer back to the model', async () => {
    const hookId = await webhook(owner, 'auto-hook', {
      useInFlows: true,
      askBeforeCall: false,
      description: 'Posts a message to the team channel',
    });
    // Not offered: the owner's item without useInFlows, another user's item with it.
    await webhook(owner, 'unused-hook', {});
    await webhook(other, 'foreign-hook', { useInFlows: true, askBeforeCall: false });
    scriptOneCall('Ping the team', 'Post the greeting', 'webhook_auto_hook', {
      greeting: 'hello team',
    });

    const client = runs(owner);
    const taskId = await client.start({ goal: 'Ping the team' });
    const state = await client.waitFor(taskId, ['complete']);

    const sent = receivedAt('/auto-hook');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(JSON.parse(sent[0]!.body)).toEqual({ greeting: 'hello team' });
    expect(receivedAt('/unused-hook')).toHaveLength(0);
    expect(receivedAt('/foreign-hook')).toHaveLength(0);

    const [first, second] = requestsFor('Post the greeting');
    expect(first?.tools.map((tool) => tool.name)).toEqual(['webhook_auto_hook']);
    expect(first?.tools[0]?.description).toContain('Posts a message to the team channel');
    // The echo's answer went back to the model as the tool's answer.
    expect(second?.toolResults).toHaveLength(1);
    expect(second?.toolResults[0]?.content).toMatch(/^HTTP 200 OK/);
    expect(second?.toolResults[0]?.content).toContain('hello team');
    expect(state.tasks[0]?.result).toContain('Done. The tool said: HTTP 200 OK');

    const steps = await client.steps(taskId);
    const call = steps.find((step) => step.content.startsWith('Calling tool webhook_auto_hook'));
    expect(call?.type).toBe('action');
    expect(call?.content).toContain(`POST ${target.base}/auto-hook`);
    expect(call?.content).toContain('"greeting": "hello team"');
    const answer = steps.find((step) =>
      step.content.startsWith('Tool answer from webhook_auto_hook'),
    );
    expect(answer).toMatchObject({ type: 'result', error: false });
    expect(answer?.content).toContain('hello team');

    // The webhook's history holds the call, with the run's id.
    const history = await json<TIntegrationExecution[]>(
      await call_(owner, 'GET', `/api/webhooks/${hookId}/executions`),
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 200, taskId });
  });

  it('waits for approval when the item asks; a rejection never reaches the server', async () => {
    await webhook(owner, 'asking-hook', { useInFlows: true });
    const client = runs(owner);

    scriptOneCall('Approve this', 'Send the approved note', 'webhook_asking_hook', {
      note: 'approved',
    });
    const approved = await client.start({ goal: 'Approve this' });
    const approval = await client.waitForApproval(approved);
    expect(approval).toMatchObject({
      tool: 'webhook_asking_hook',
      arguments: { note: 'approved' },
      outcomeUnknown: false,
    });
    expect(receivedAt('/asking-hook')).toHaveLength(0);
    const asking = (await client.steps(approved)).at(-1);
    expect(asking?.content).toMatch(/^Approval required: webhook_asking_hook/);
    // A wrong call id is refused, saying which call waits; the right one sends the call.
    const wrong = await client.approve(approved, { callId: approval.callId + 99, approve: true });
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toEqual({
      error: `Call ${approval.callId + 99} is not waiting for approval: the run waits for call ${approval.callId}`,
    });
    expect((await client.approve(approved, { callId: approval.callId })).status).toBe(400);
    const answer = await client.approve(approved, { callId: approval.callId, approve: true });
    expect(answer.status).toBe(200);
    await client.waitFor(approved, ['complete']);
    expect(receivedAt('/asking-hook')).toHaveLength(1);

    scriptOneCall('Reject this', 'Send the rejected note', 'webhook_asking_hook', {
      note: 'rejected',
    });
    const rejected = await client.start({ goal: 'Reject this' });
    const second = await client.waitForApproval(rejected);
    // Another user cannot answer it.
    const foreign = await call_(other, 'POST', `/api/flows/${rejected}/approve`, {
      callId: second.callId,
      approve: true,
    });
    expect(foreign.status).toBe(404);
    const reply = await client.approve(rejected, { callId: second.callId, approve: false });
    expect(reply.status).toBe(200);
    const state = await client.waitFor(rejected, ['complete']);
    expect(receivedAt('/asking-hook')).toHaveLength(1);
    expect(state.tasks[0]?.completed).toBe(true);
    const told = requestsFor('Send the rejected note').at(-1);
    expect(told?.toolResults[0]?.content).toContain('rejected');
    const steps = await client.steps(rejected);
    expect(
      steps.some((step) => step.content === 'Rejected: webhook_asking_hook was not called.'),
    ).toBe(true);
  });

  it('asks for every call in manual mode, even of items that do not ask', async () => {
    const client = runs(owner);
    scriptOneCall('Manual tools', 'Send the manual note', 'webhook_auto_hook', { note: 'manual' });
    const taskId = await client.start({ goal: 'Manual tools', auto: false });
    await client.waitFor(taskId, ['waiting']);
    await client.post(`/api/flows/${taskId}/execute`);
    const approval = await client.waitForApproval(taskId);
    expect(approval.tool).toBe('webhook_auto_hook');
    await client.approve(taskId, { callId: approval.callId, approve: false });
    await client.waitFor(taskId, ['complete']);
  });

  it('calls an API integration under its base URL, and refuses an endpoint outside it', async () => {
    const apiId = await create(owner, '/api/integrations', {
      name: 'Echo API',
      baseUrl: `${target.base}/v1`,
      useInFlows: true,
      askBeforeCall: false,
    });
    const goal = 'Query the api';
    model.prepend(
      { match: new RegExp(`Goal: ${goal}`), reply: '["Look up the item"]', times: 1 },
      {
        match: /Your current task: Look up the item/,
        toolCalls: (request) =>
          request.toolResults.length > 0
            ? null
            : [
                {
                  name: 'api_echo_api',
                  arguments: { endpoint: '/items/7', method: 'GET', params: { q: 'x' } },
                },
                { name: 'api_echo_api', arguments: { endpoint: '/../admin', method: 'DELETE' } },
                { name: 'api_echo_api', arguments: { endpoint: '/items', method: 'TRACE' } },
              ],
      },
      { match: /Your current task: Look up the item/, reply: 'Looked it up.' },
    );
    const client = runs(owner);
    const taskId = await client.start({ goal });
    await client.waitFor(taskId, ['complete']);
    const hits = target.received.filter((request) => request.url.startsWith('/v1/'));
    expect(hits.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /v1/items/7?q=x',
    ]);
    expect(target.received.some((request) => request.url.includes('admin'))).toBe(false);
    const results = requestsFor('Look up the item').at(-1)?.toolResults ?? [];
    expect(results).toHaveLength(3);
    expect(results[1]?.content).toContain('must stay under');
    expect(results[2]?.content).toContain('Method must be one of');
    const history = await json<TIntegrationExecution[]>(
      await call_(owner, 'GET', `/api/integrations/${apiId}/executions`),
    );
    expect(history.map((entry) => entry.taskId)).toEqual([taskId]);
  });

  it('stops at the per-task and per-run limits of calls', async () => {
    await webhook(owner, 'limit-hook', { useInFlows: true, askBeforeCall: false });
    const tasks = ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => `Loop task ${name}`);
    model.prepend(
      { match: /Goal: Loop forever/, reply: JSON.stringify(tasks), times: 1 },
      // The model calls the tool whenever it is offered.
      {
        match: /Your current task: Loop task/,
        toolCalls: (request) => [
          {
            name: request.tools.find((tool) => tool.name === 'webhook_limit_hook')?.name,
            arguments: { n: request.toolResults.length },
          },
        ],
      },
      { match: /Your current task: Loop task/, reply: 'Stopped calling.' },
    );
    const before = receivedAt('/limit-hook').length;
    const client = runs(owner);
    const taskId = await client.start({ goal: 'Loop forever' });
    const state = await client.waitFor(taskId, ['complete'], { timeoutMs: 60_000 });
    expect(state.tasks.every((task) => task.completed && !task.failed)).toBe(true);
    expect(receivedAt('/limit-hook').length - before).toBe(TOOL_LIMITS.perRun);
    expect((await client.state(taskId)).toolCallsUsed).toBe(TOOL_LIMITS.perRun);
    // Task one made 5 calls, then was asked without tools.
    const first = requestsFor(tasks[0]!);
    expect(first).toHaveLength(TOOL_LIMITS.perTask + 1);
    expect(first.at(-1)?.tools).toEqual([]);
    expect(first.at(-2)?.tools.length).toBeGreaterThan(0);
    // The fifth task is never offered tools: the run used all of them.
    expect(requestsFor(tasks[4]!).map((request) => request.tools.length)).toEqual([0]);
  });

  it("offers visitors' runs no tools", async () => {
    const client = runs();
    scriptOneCall('Visitor goal', 'Visitor task', 'webhook_auto_hook', {});
    const taskId = await client.start({ goal: 'Visitor goal' });
    await client.waitFor(taskId, ['complete']);
    expect(requestsFor('Visitor task').map((request) => request.tools)).toEqual([[]]);
  });

  it('goes on without tools when the model endpoint rejects them', async () => {
    model.prepend(
      { match: /Goal: No tools here/, reply: '["Plain task"]', times: 1 },
      { match: /Your current task: Plain task/, fault: 'rejectTools', times: 1 },
      { match: /Your current task: Plain task/, reply: 'Answered in words.' },
    );
    const client = runs(owner);
    const taskId = await client.start({ goal: 'No tools here' });
    const state = await client.waitFor(taskId, ['complete']);
    expect(state.tasks[0]?.result).toBe('Answered in words.');
    const steps = await client.steps(taskId);
    expect(
      steps.some((step) =>
        step.content.startsWith('The model endpoint does not accept tools (Server returned 400'),
      ),
    ).toBe(true);
    const requests = requestsFor('Plain task');
    expect(requests.map((request) => request.tools.length > 0)).toEqual([true, false]);
  });

  it('keeps useInFlows and askBeforeCall in REST', async () => {
    const id = await webhook(owner, 'settings-hook', {});
    const read = async () =>
      json<{ useInFlows: boolean; askBeforeCall: boolean }>(
        await call_(owner, 'GET', `/api/webhooks/${id}`),
      );
    expect(await read()).toMatchObject({ useInFlows: false, askBeforeCall: true });
    await call_(owner, 'PUT', `/api/webhooks/${id}`, { useInFlows: true, askBeforeCall: false });
    expect(await read()).toMatchObject({ useInFlows: true, askBeforeCall: false });
    const bad = await call_(owner, 'PUT', `/api/webhooks/${id}`, { useInFlows: 'yes' });
    expect(bad.status).toBe(400);
    await call_(owner, 'PUT', `/api/webhooks/${id}`, { useInFlows: false });
  });
});

function call_(session: Session, method: string, path: string, body?: unknown) {
  return call(harness.app, method, path, session, body);
}
