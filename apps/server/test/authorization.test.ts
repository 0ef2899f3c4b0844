import { appRouter } from '@flows/api';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Fixture,
  type Operation,
  type Outcome,
  operations,
  unique,
  uploadForm,
} from './authorization-table';
import { createTestApp, json } from './harness';
import { startEchoTarget } from './integrations-helpers';

type Role = 'visitor' | 'owner' | 'other';
type Transport = 'rest' | 'trpc';
type Answer = { status: number; text: string };

const PASSWORD = 'long password 1';

let model: ScriptedModel;
let target: Awaited<ReturnType<typeof startEchoTarget>>;
let harness: Awaited<ReturnType<typeof createTestApp>>;
let ownerName: string;
let otherName: string;
let shared: Fixture;

const placeholder: Fixture = {
  taskId: '{task}',
  websiteId: '{website}',
  siteId: '{site}',
  webhookId: '{webhook}',
  integrationId: '{integration}',
  tokenId: '{token}',
  fileId: '{file}',
  marker: '',
  username: '',
  password: '',
  targetUrl: '',
};

const sessions = new Map<string, Promise<string>>();
/** A session of the owner or the other user kept for the calls that do not replace it. */
function sharedSession(role: 'owner' | 'other'): Promise<string> {
  let session = sessions.get(role);
  if (!session) {
    session = signIn(role === 'owner' ? ownerName : otherName);
    sessions.set(role, session);
  }
  return session;
}

function request(path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = init.cookie ? { cookie: init.cookie } : {};
  // A FormData body goes as multipart/form-data (its boundary set by the request itself).
  const form = init.body instanceof FormData ? init.body : undefined;
  if (init.body !== undefined && !form) headers['content-type'] = 'application/json';
  return harness.app.request(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : (form ?? JSON.stringify(init.body)),
  });
}

/** Signs `username` in with a session of its own and returns its cookie. */
async function signIn(username: string, register = false): Promise<string> {
  const body = { username, password: PASSWORD, email: `${username}@example.com` };
  const response = await request(register ? '/api/register' : '/api/login', {
    method: 'POST',
    body: register ? body : { username, password: PASSWORD },
  });
  expect(response.status).toBeLessThan(300);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The owner's rows: a run waiting for Execute, a website, a site, a webhook, an integration. */
async function createFixture(username: string, cookie: string): Promise<Fixture> {
  const marker = unique('owner_secret');
  const ok = async <T>(response: Response | Promise<Response>): Promise<T> => {
    const answer = await response;
    if (answer.status >= 300) throw new Error(`fixture: ${answer.status} ${await answer.text()}`);
    return json<T>(answer);
  };
  const { taskId } = await ok<{ taskId: string }>(
    request('/api/flows', { method: 'POST', cookie, body: { goal: marker, auto: false } }),
  );
  for (let state = ''; state !== 'waiting'; ) {
    state = (await ok<{ status: string }>(request(`/api/flows/${taskId}`, { cookie }))).status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const website = await ok<{ id: string }>(
    request('/api/websites', {
      method: 'POST',
      cookie,
      body: { name: marker, html: `<h1>${marker}</h1>`, taskId },
    }),
  );
  const site = await ok<{ siteId: string }>(
    request('/api/local/sites', { method: 'POST', cookie, body: { name: marker } }),
  );
  const webhook = await ok<{ id: string }>(
    request('/api/webhooks', {
      method: 'POST',
      cookie,
      body: { name: marker, url: `${target.base}/hook` },
    }),
  );
  const integration = await ok<{ id: string }>(
    request('/api/integrations', {
      method: 'POST',
      cookie,
      body: { name: marker, baseUrl: target.base },
    }),
  );
  const file = await ok<{ id: string }>(
    request('/api/files', { method: 'POST', cookie, body: uploadForm('mine.txt', marker, marker) }),
  );
  const token = await ok<{ id: string }>(
    request('/api/tokens', { method: 'POST', cookie, body: { name: marker } }),
  );
  return {
    taskId,
    websiteId: website.id,
    siteId: site.siteId,
    webhookId: webhook.id,
    integrationId: integration.id,
    tokenId: token.id,
    fileId: file.id,
    marker,
    username,
    password: PASSWORD,
    targetUrl: target.base,
  };
}

/**
 * Reads an SSE answer up to its first event that carries something (not `connected` or `ping`):
 * a tRPC error event gives the status it carries, anything else the response's own.
 */
async function firstEventStatus(response: Response): Promise<number> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return response.status;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        if (event === 'connected' || event === 'ping' || block.startsWith(':')) continue;
        if (event !== 'serialized-error') return response.status;
        const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as {
          data?: { httpStatus?: number };
        };
        return data.data?.httpStatus ?? 500;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

async function call(op: Operation, transport: Transport, f: Fixture, cookie?: string) {
  let response: Response;
  if (transport === 'rest') {
    const { method, path, body } = op.rest!;
    response = await request(path(f), { method, cookie, body: body?.(f) });
  } else if (op.type === 'mutation') {
    response = await request(`/trpc/${op.procedure}`, {
      method: 'POST',
      cookie,
      body: op.input?.(f) ?? {},
    });
  } else {
    const input = op.input ? `?input=${encodeURIComponent(JSON.stringify(op.input(f)))}` : '';
    response = await request(`/trpc/${op.procedure}${input}`, { cookie });
  }
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: await firstEventStatus(response), text: '' };
  }
  return { status: response.status, text: await response.text() };
}

function matches(outcome: Outcome, status: number) {
  return outcome === 'ok' ? status >= 200 && status < 300 : status === outcome;
}

/** The owner's rows still answer the owner: no refused call removed any of them. */
async function expectOwnerRowsIntact(f: Fixture, cookie: string) {
  for (const path of [
    `/api/flows/${f.taskId}`,
    `/api/websites/${f.websiteId}`,
    `/api/webhooks/${f.webhookId}`,
    `/api/integrations/${f.integrationId}`,
    `/api/files/${f.fileId}`,
  ]) {
    expect([path, (await request(path, { cookie })).status]).toEqual([path, 200]);
  }
}

beforeAll(async () => {
  model = await startScriptedModel();
  target = await startEchoTarget();
  harness = await createTestApp(
    {
      MODEL_ENDPOINT: model.url,
      ALLOW_PRIVATE_TARGETS: 'true',
      RUNS_PER_HOUR_PER_ADDRESS: '0',
      RUNS_PER_HOUR_PER_USER: '0',
      MODEL_CALLS_PER_HOUR_PER_ADDRESS: '0',
      MODEL_CALLS_PER_HOUR_PER_USER: '0',
    },
    { flows: true },
  );
  ownerName = unique('owner');
  otherName = unique('other');
  shared = await createFixture(ownerName, await signIn(ownerName, true));
  await signIn(otherName, true);
});
afterAll(async () => {
  await harness?.close();
  await target?.close();
  await model?.close();
});

describe('the authorization table', () => {
  it('names every procedure of the router', () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    const named = [...new Set(operations.flatMap((op) => op.procedure ?? []))].sort();
    expect(named).toEqual(procedures);
  });

  it('names every REST route of the app, and only routes that exist', () => {
    const routes = [
      ...new Set(
        harness.app.routes
          .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
          .map((route) => `${route.method} ${route.path}`),
      ),
    ];
    const pattern = (route: string) =>
      new RegExp(
        `^${route
          .replace(/:\w+\{([^}]+)\}/g, '($1)')
          .replace(/:\w+/g, '[^/]+')
          .replace(/\//g, '\\/')}$`,
      );
    const calls = operations.flatMap((op) =>
      op.rest ? [`${op.rest.method} ${op.rest.path(shared)}`] : [],
    );
    expect(routes.filter((route) => !calls.some((c) => pattern(route).test(c)))).toEqual([]);
    expect(calls.filter((c) => !routes.some((route) => pattern(route).test(c)))).toEqual([]);
  });
});

/** How a row shows in the test list: its REST call, or its procedure. */
function caseName(op: Operation, transport: Transport): string {
  if (transport === 'rest') return `${op.rest!.method} ${op.rest!.path(placeholder)}`;
  const hosting =
    op.procedure === 'website.createSite' ? ` (${JSON.stringify(op.input?.(placeholder))})` : '';
  return `${op.procedure}${hosting}`;
}

describe.each(['rest', 'trpc'] as const)(
  'as visitor, owner and another user over %s',
  (transport) => {
    const cases = operations.filter((op) => (transport === 'rest' ? op.rest : op.procedure));
    it.each(cases.map((op) => [caseName(op, transport), op] as const))('%s', async (_name, op) => {
      // A call that changes the owner's rows gets an owner of its own (clearing the history
      // removes every task of the owner's).
      let fixture = shared;
      let owner = op.replacesSession ? await signIn(ownerName) : await sharedSession('owner');
      let ownerSession = await sharedSession('owner');
      if (op.fresh) {
        const username = unique('owner');
        ownerSession = await signIn(username, true);
        owner = ownerSession;
        fixture = await createFixture(username, ownerSession);
      }
      const other = op.replacesSession ? await signIn(otherName) : await sharedSession('other');
      const [visitorOutcome, ownerOutcome, otherOutcome] =
        (transport === 'rest' && op.restExpect) || op.expect;

      const secrets = [
        fixture.taskId,
        fixture.websiteId,
        fixture.siteId,
        fixture.webhookId,
        fixture.integrationId,
        fixture.tokenId,
        fixture.fileId,
        fixture.marker,
        fixture.username,
      ];
      const answers: [Role, Answer][] = [
        ['visitor', await call(op, transport, fixture)],
        ['other', await call(op, transport, fixture, other)],
      ];
      await expectOwnerRowsIntact(fixture, ownerSession);
      answers.push(['owner', await call(op, transport, fixture, owner)]);

      const expected = { visitor: visitorOutcome, owner: ownerOutcome, other: otherOutcome };
      for (const [role, answer] of answers) {
        const detail = `${role}: ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(matches(expected[role], answer.status), detail).toBe(true);
        if (role === 'owner') continue;
        // Nothing of the owner's reaches anyone else, whatever the status.
        const sent = JSON.stringify([
          op.rest?.path(fixture),
          op.rest?.body?.(fixture),
          op.input?.(fixture),
        ]);
        for (const secret of secrets.filter((value) => !sent.includes(value))) {
          expect(answer.text.includes(secret), `${role} saw ${secret}: ${detail}`).toBe(false);
        }
      }
    });
  },
);
