import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowClient, signUp } from './flow-client';
import { json } from './harness';
import { call } from './integrations-helpers';
import { useWorkerStack } from './worker-process';

// Separate worker processes share a PostgreSQL server, so this test needs DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;

/** A webhook target that records each request and answers only when told to. */
async function startHoldingTarget() {
  const received: string[] = [];
  const held: ServerResponse[] = [];
  let holding = true;
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push(Buffer.concat(chunks).toString('utf8'));
    response.on('error', () => {});
    if (holding) held.push(response);
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer: () => {
      holding = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Approval = { callId: number; tool: string; outcomeUnknown: boolean };
type Step = { content: string };

describe.skipIf(!databaseUrl)(
  'a worker killed after sending a tool call, before recording it',
  () => {
    let target: Awaited<ReturnType<typeof startHoldingTarget>>;
    beforeAll(async () => {
      target = await startHoldingTarget();
    });
    afterAll(() => target?.close());
    const { stack, workers } = useWorkerStack({ env: () => ({ ALLOW_PRIVATE_TARGETS: 'true' }) });

    it('never sends it again by itself: the run asks, and retry or skip is the user’s', async () => {
      const { app } = stack.harness;
      const session = await signUp(app, 'crash_tools');
      const created = await call(app, 'POST', '/api/webhooks', session, {
        name: 'Crash hook',
        url: target.url,
        useInFlows: true,
        askBeforeCall: false,
      });
      expect(created.status).toBe(201);
      stack.model.prepend(
        { match: /Goal: Call once/, reply: '["Call the hook", "Call the hook again"]', times: 1 },
        {
          match: /Your current task: Call the hook/,
          toolCalls: [{ name: 'webhook_crash_hook', arguments: { attempt: 'only' } }],
        },
        {
          match: /Your current task: Call the hook/,
          reply: (_prompt, request) => `Done: ${request.toolResults.at(-1)?.content ?? 'no tool'}`,
        },
      );
      const client = flowClient(app, { cookie: session.cookie });
      const taskId = await client.start({ goal: 'Call once' });
      workers.start();
      // The call reached the target, which holds the answer: the worker dies waiting for it.
      await until(() => target.received.length === 1);
      await workers.kill();
      target.answer();
      workers.start();

      const state = (await client.waitFor(taskId, ['waiting'], {
        until: (view) =>
          (view as unknown as { pendingApproval: Approval | null }).pendingApproval !== null,
        timeoutMs: 60_000,
      })) as unknown as { pendingApproval: Approval };
      expect(state.pendingApproval).toMatchObject({
        tool: 'webhook_crash_hook',
        outcomeUnknown: true,
      });
      // Resumed, it did not send the call again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(target.received).toHaveLength(1);
      const steps = await json<Step[]>(await client.request(`/api/tasks/${taskId}/steps`));
      expect(
        steps.some((step) => step.content.startsWith('Outcome unknown: webhook_crash_hook')),
      ).toBe(true);

      // Skip: the model is told, and the task goes on without sending.
      const skip = await client.post(`/api/flows/${taskId}/approve`, {
        callId: state.pendingApproval.callId,
        approve: false,
      });
      expect(skip.status).toBe(200);
      // The second task calls again, and this time the call completes; retry is also offered.
      await until(() => target.received.length === 2);
      const done = await client.waitFor(taskId, ['complete'], { timeoutMs: 60_000 });
      expect(target.received).toHaveLength(2);
      expect(
        (done as unknown as { tasks: { result: string }[] }).tasks.map((task) => task.result),
      ).toEqual([
        expect.stringContaining('outcome is unknown'),
        expect.stringContaining('HTTP 200 OK'),
      ]);
    }, 120_000);
  },
);
