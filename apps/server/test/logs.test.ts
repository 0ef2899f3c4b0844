import { startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { flowClient, signUp } from './flow-client';
import { createTestApp, json } from './harness';
import { call, startEchoTarget } from './integrations-helpers';

/** Secrets the scenario below hands to Flows; none may reach the log. */
const SECRETS = {
  password: 'long password 1',
  webhookToken: 'webhook-bearer-secret-4411',
  webhookUrlToken: 'url-query-secret-9922',
  integrationKey: 'integration-api-key-7733',
  runApiKey: 'sk-run-secret-5566',
};

type LogLine = Record<string, unknown> & { msg: string };

const lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as LogLine);
/** A logger writing JSON lines into `lines`. */
const testLogger = () =>
  createLogger({ level: 'info', format: 'json' }, { write: (line: string) => lines.push(line) });
let model: Awaited<ReturnType<typeof startScriptedModel>>;
let target: Awaited<ReturnType<typeof startEchoTarget>>;
let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  model = await startScriptedModel();
  target = await startEchoTarget();
  harness = await createTestApp(
    { MODEL_ENDPOINT: model.url, ALLOW_PRIVATE_TARGETS: 'true' },
    { flows: true, logger: testLogger() },
  );
});
afterAll(async () => {
  await harness?.close();
  await target?.close();
  await model?.close();
});

describe('logs', () => {
  it('say one line per request, what runs do, and never a secret', async () => {
    const { app } = harness;
    const user = await signUp(app, 'log_reader');
    const login = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'log_reader', password: SECRETS.password }),
    });
    expect(login.status).toBe(200);

    const webhook = await call(app, 'POST', '/api/webhooks', user, {
      name: 'Secret hook',
      url: `${target.base}/hook?token=${SECRETS.webhookUrlToken}`,
      authType: 'bearer',
      authToken: SECRETS.webhookToken,
    });
    const { id: webhookId } = await json<{ id: string }>(webhook);
    await call(app, 'POST', `/api/webhooks/${webhookId}/execute`, user, {});
    const integration = await call(app, 'POST', '/api/integrations', user, {
      name: 'Secret API',
      baseUrl: target.base,
      authType: 'bearer',
      authConfig: { token: SECRETS.integrationKey },
    });
    const { id: integrationId } = await json<{ id: string }>(integration);
    await call(app, 'POST', `/api/integrations/${integrationId}/execute`, user, {
      endpoint: '/echo',
    });
    const client = flowClient(app, user);
    const taskId = await client.start({ goal: 'Name two logs', apiKey: SECRETS.runApiKey });
    await client.waitFor(taskId, ['complete']);

    const text = lines.join('');
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);

    const requests = logged().filter((line) => line.msg === 'request');
    const execute = requests.find((line) => line.path === `/api/webhooks/${webhookId}/execute`);
    expect(execute).toMatchObject({ method: 'POST', status: 200 });
    expect(execute?.durationMs).toEqual(expect.any(Number));
    expect(execute?.requestId).toEqual(expect.any(String));
    const runLines = logged().filter((line) => line.taskId === taskId);
    expect(runLines.map((line) => line.msg)).toEqual(['run started', 'run completed']);
  });

  it('give every request an id, sent back and named in a 500 answer', async () => {
    const ok = await harness.app.request('/api/health');
    const id = ok.headers.get('x-request-id');
    expect(id).toBeTruthy();
    expect(logged().find((line) => line.requestId === id)).toMatchObject({ path: '/api/health' });

    const broken = await createTestApp({}, { logger: testLogger() });
    await broken.database.close(); // every query now fails
    const failed = await broken.app.request('/api/templates');
    expect(failed.status).toBe(500);
    const body = await json<{ error: string; requestId: string }>(failed);
    expect(body.requestId).toBe(failed.headers.get('x-request-id'));
    expect(logged().find((line) => line.msg === 'request failed')).toMatchObject({
      requestId: body.requestId,
      err: { message: expect.any(String) },
    });
  });
});
