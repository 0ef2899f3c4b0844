/**
 * Who may do what: every REST path and tRPC procedure, with what a visitor, the owner of the
 * rows it names and another signed-in user get. 'ok' is any 2xx; a number is the status the
 * caller must get. Read by authorization.test.ts, which also checks that the table names every
 * procedure of the router and every REST route of the app.
 */

/** The rows the owner holds when a call is made (see `createFixture`). */
export type Fixture = {
  taskId: string;
  websiteId: string;
  siteId: string;
  webhookId: string;
  integrationId: string;
  /** One of the owner's API tokens (its id; the token itself is never used here). */
  tokenId: string;
  /** A file the owner uploaded (its description is the marker). */
  fileId: string;
  /** The name of each of the owner's rows; no one else may ever see it. */
  marker: string;
  /** The owner's login. */
  username: string;
  password: string;
  /** Where webhooks and integrations send their calls. */
  targetUrl: string;
};

export type Outcome = 'ok' | 400 | 401 | 404 | 409;

/** Visitor, owner, other user. */
export type Outcomes = [visitor: Outcome, owner: Outcome, other: Outcome];

export type Operation = {
  /** The tRPC procedure; null for REST-only paths. */
  procedure: string | null;
  type: 'query' | 'mutation' | 'subscription';
  input?: (f: Fixture) => unknown;
  /** A `FormData` body is sent as multipart/form-data, anything else as JSON. */
  rest?: { method: string; path: (f: Fixture) => string; body?: (f: Fixture) => unknown };
  expect: Outcomes;
  /** Where the REST path answers differently from the procedure. */
  restExpect?: Outcomes;
  /** The call changes or removes the owner's rows: give it rows of its own. */
  fresh?: boolean;
  /** The call replaces the caller's session: sign owner and other in anew for it. */
  replacesSession?: boolean;
};

let sequence = 0;
/** A name no earlier call used (registrations, new rows). */
export const unique = (prefix: string) => `${prefix}_${++sequence}_${Date.now() % 100000}`;

const PUBLIC: Outcomes = ['ok', 'ok', 'ok'];
/** A row of the owner's, reachable by id: others get 404 as if it did not exist. */
const OWNED: Outcomes = [404, 'ok', 404];
/** Signed-in users only, each acting on their own rows. */
const SIGNED_IN: Outcomes = [401, 'ok', 'ok'];
/** Signed-in users only, on the owner's row: another user gets 404. */
const OWNED_SIGNED_IN: Outcomes = [401, 'ok', 404];

const get = (path: (f: Fixture) => string) => ({ method: 'GET', path });
const post = (path: (f: Fixture) => string, body?: (f: Fixture) => unknown) => ({
  method: 'POST',
  path,
  body,
});

/** A multipart upload of a small text file. */
export function uploadForm(name: string, text: string, description?: string): FormData {
  const form = new FormData();
  form.set('file', new File([text], name, { type: 'text/plain' }));
  if (description !== undefined) form.set('description', description);
  return form;
}

const webhookFields = (f: Fixture) => ({ name: unique('hook'), url: `${f.targetUrl}/hook` });
const integrationFields = (f: Fixture) => ({ name: unique('api'), baseUrl: f.targetUrl });
const command = (name: string): Operation => ({
  procedure: `flow.${name}`,
  type: 'mutation',
  input: (f) => ({ taskId: f.taskId }),
  rest: post((f) => `/api/flows/${f.taskId}/${name}`),
  // Retry has nothing to retry in a run that has not failed: the owner reaches it, and it says so.
  expect: name === 'retry' ? [404, 409, 404] : OWNED,
  fresh: true,
});

export const operations: Operation[] = [
  // System
  { procedure: null, type: 'query', rest: get(() => '/api/health'), expect: PUBLIC },
  { procedure: null, type: 'query', rest: get(() => '/api/ready'), expect: PUBLIC },
  { procedure: 'system.model', type: 'query', rest: get(() => '/api/model'), expect: PUBLIC },
  { procedure: 'template.list', type: 'query', rest: get(() => '/api/templates'), expect: PUBLIC },
  { procedure: null, type: 'query', rest: get(() => '/api/openapi.json'), expect: PUBLIC },

  // Accounts
  {
    procedure: 'auth.me',
    type: 'query',
    rest: get(() => '/api/user'),
    expect: PUBLIC,
    restExpect: [401, 'ok', 'ok'],
  },
  {
    procedure: 'auth.register',
    type: 'mutation',
    input: () => {
      const username = unique('newcomer');
      return { username, email: `${username}@example.com`, password: 'long password 1' };
    },
    rest: post(
      () => '/api/register',
      () => {
        const username = unique('newcomer');
        return { username, email: `${username}@example.com`, password: 'long password 1' };
      },
    ),
    expect: PUBLIC,
    replacesSession: true,
  },
  {
    procedure: 'auth.login',
    type: 'mutation',
    input: (f) => ({ username: f.username, password: f.password }),
    rest: post(
      () => '/api/login',
      (f) => ({ username: f.username, password: f.password }),
    ),
    expect: PUBLIC,
    replacesSession: true,
  },
  {
    procedure: 'auth.logout',
    type: 'mutation',
    rest: post(() => '/api/logout'),
    expect: PUBLIC,
    replacesSession: true,
  },

  // API tokens
  {
    procedure: 'token.create',
    type: 'mutation',
    input: () => ({ name: unique('token') }),
    rest: post(
      () => '/api/tokens',
      () => ({ name: unique('token') }),
    ),
    expect: SIGNED_IN,
  },
  { procedure: 'token.list', type: 'query', rest: get(() => '/api/tokens'), expect: SIGNED_IN },
  {
    procedure: 'token.revoke',
    type: 'mutation',
    input: (f) => ({ id: f.tokenId }),
    rest: { method: 'DELETE', path: (f) => `/api/tokens/${f.tokenId}` },
    expect: OWNED_SIGNED_IN,
    fresh: true,
  },

  // Tasks and steps
  {
    procedure: 'task.create',
    type: 'mutation',
    input: () => ({ goal: 'A goal of my own' }),
    rest: post(
      () => '/api/tasks',
      () => ({ goal: 'A goal of my own' }),
    ),
    expect: PUBLIC,
  },
  { procedure: 'task.list', type: 'query', rest: get(() => '/api/tasks'), expect: SIGNED_IN },
  {
    procedure: 'task.clear',
    type: 'mutation',
    rest: { method: 'DELETE', path: () => '/api/tasks' },
    expect: SIGNED_IN,
    fresh: true,
  },
  {
    procedure: 'task.steps',
    type: 'query',
    input: (f) => ({ taskId: f.taskId }),
    rest: get((f) => `/api/tasks/${f.taskId}/steps`),
    expect: OWNED,
  },
  {
    procedure: 'task.addStep',
    type: 'mutation',
    input: (f) => ({ taskId: f.taskId, type: 'result', content: 'A step' }),
    rest: post(
      (f) => `/api/tasks/${f.taskId}/steps`,
      () => ({ type: 'result', content: 'A step' }),
    ),
    expect: OWNED,
  },

  // Runs and model calls
  {
    procedure: 'flow.run',
    type: 'mutation',
    input: () => ({ input: { prompt: 'Overall goal: x\n\nYour current task: Greet the user' } }),
    rest: post(
      () => '/api/flow/run',
      () => ({ input: { prompt: 'Overall goal: x\n\nYour current task: Greet the user' } }),
    ),
    expect: PUBLIC,
  },
  {
    procedure: 'flow.assist',
    type: 'subscription',
    input: () => ({ input: { prompt: 'Overall goal: x\n\nYour current task: Greet the user' } }),
    rest: post(
      () => '/api/flow/assist',
      () => ({ input: { prompt: 'Overall goal: x\n\nYour current task: Greet the user' } }),
    ),
    expect: PUBLIC,
  },
  {
    procedure: 'flow.start',
    type: 'mutation',
    input: () => ({ goal: 'Name three rivers', auto: false }),
    rest: post(
      () => '/api/flows',
      () => ({ goal: 'Name three rivers', auto: false }),
    ),
    expect: PUBLIC,
  },
  {
    procedure: 'flow.allowance',
    type: 'query',
    rest: get(() => '/api/flows/allowance'),
    expect: PUBLIC,
  },
  {
    procedure: 'flow.state',
    type: 'query',
    input: (f) => ({ taskId: f.taskId }),
    rest: get((f) => `/api/flows/${f.taskId}`),
    expect: OWNED,
  },
  command('stop'),
  command('continue'),
  command('execute'),
  command('reset'),
  command('retry'),
  {
    procedure: 'flow.setAuto',
    type: 'mutation',
    input: (f) => ({ taskId: f.taskId, auto: true }),
    rest: post(
      (f) => `/api/flows/${f.taskId}/auto`,
      () => ({ auto: true }),
    ),
    expect: OWNED,
    fresh: true,
  },
  {
    // No tool call waits in the fixture's run: the owner reaches it, and it says so.
    procedure: 'flow.approve',
    type: 'mutation',
    input: (f) => ({ taskId: f.taskId, callId: 1, approve: false }),
    rest: post(
      (f) => `/api/flows/${f.taskId}/approve`,
      () => ({ callId: 1, approve: false }),
    ),
    expect: [404, 409, 404],
    fresh: true,
  },
  {
    procedure: 'flow.events',
    type: 'subscription',
    input: (f) => ({ taskId: f.taskId }),
    rest: get((f) => `/api/tasks/${f.taskId}/events`),
    expect: OWNED,
  },

  // Websites and hosting
  {
    procedure: 'website.create',
    type: 'mutation',
    input: (f) => ({ name: 'My page', html: '<h1>Mine</h1>', taskId: f.taskId }),
    rest: post(
      () => '/api/websites',
      (f) => ({ name: 'My page', html: '<h1>Mine</h1>', taskId: f.taskId }),
    ),
    expect: OWNED,
  },
  {
    procedure: 'website.byId',
    type: 'query',
    input: (f) => ({ id: f.websiteId }),
    rest: get((f) => `/api/websites/${f.websiteId}`),
    expect: OWNED,
  },
  {
    procedure: 'website.deploy',
    type: 'mutation',
    input: (f) => ({ id: f.websiteId, siteId: f.siteId }),
    rest: post(
      (f) => `/api/websites/${f.websiteId}/deploy`,
      (f) => ({ siteId: f.siteId }),
    ),
    expect: OWNED,
  },
  {
    procedure: 'website.createSite',
    type: 'mutation',
    input: () => ({ hosting: 'local', name: 'My site' }),
    rest: post(
      () => '/api/local/sites',
      () => ({ name: 'My site' }),
    ),
    expect: PUBLIC,
  },
  {
    // Netlify sites live on the operator's account (not configured here: 400 once signed in).
    procedure: 'website.createSite',
    type: 'mutation',
    input: () => ({ hosting: 'netlify', name: 'My site' }),
    rest: post(
      () => '/api/netlify/sites',
      () => ({ name: 'My site' }),
    ),
    expect: [401, 400, 400],
  },

  {
    procedure: 'website.listSites',
    type: 'query',
    rest: get(() => '/api/sites'),
    expect: SIGNED_IN,
  },
  {
    procedure: 'website.deleteSite',
    type: 'mutation',
    input: (f) => ({ id: f.siteId }),
    rest: { method: 'DELETE', path: (f) => `/api/sites/${f.siteId}` },
    expect: OWNED,
    fresh: true,
  },

  // Files
  {
    // Visitors may upload too (for their own runs); the file is the uploader's.
    procedure: null,
    type: 'mutation',
    rest: post(
      () => '/api/files',
      () => uploadForm('notes.txt', 'A note of my own'),
    ),
    expect: PUBLIC,
  },
  { procedure: 'file.list', type: 'query', rest: get(() => '/api/files'), expect: SIGNED_IN },
  {
    procedure: 'file.byId',
    type: 'query',
    input: (f) => ({ id: f.fileId }),
    rest: get((f) => `/api/files/${f.fileId}`),
    expect: OWNED,
  },
  {
    procedure: null,
    type: 'query',
    rest: get((f) => `/api/files/${f.fileId}/content`),
    expect: OWNED,
  },
  {
    procedure: 'file.delete',
    type: 'mutation',
    input: (f) => ({ id: f.fileId }),
    rest: { method: 'DELETE', path: (f) => `/api/files/${f.fileId}` },
    expect: OWNED,
    fresh: true,
  },
  {
    procedure: 'file.forTask',
    type: 'query',
    input: (f) => ({ taskId: f.taskId }),
    rest: get((f) => `/api/tasks/${f.taskId}/files`),
    expect: OWNED,
  },

  // Webhooks
  {
    procedure: 'webhook.templates',
    type: 'query',
    rest: get(() => '/api/webhooks/templates'),
    expect: SIGNED_IN,
  },
  { procedure: 'webhook.list', type: 'query', rest: get(() => '/api/webhooks'), expect: SIGNED_IN },
  {
    procedure: 'webhook.create',
    type: 'mutation',
    input: webhookFields,
    rest: post(() => '/api/webhooks', webhookFields),
    expect: SIGNED_IN,
  },
  {
    procedure: 'webhook.byId',
    type: 'query',
    input: (f) => ({ id: f.webhookId }),
    rest: get((f) => `/api/webhooks/${f.webhookId}`),
    expect: OWNED_SIGNED_IN,
  },
  {
    procedure: 'webhook.update',
    type: 'mutation',
    input: (f) => ({ id: f.webhookId, description: 'Changed' }),
    rest: {
      method: 'PUT',
      path: (f) => `/api/webhooks/${f.webhookId}`,
      body: () => ({ description: 'Changed' }),
    },
    expect: OWNED_SIGNED_IN,
  },
  {
    procedure: 'webhook.delete',
    type: 'mutation',
    input: (f) => ({ id: f.webhookId }),
    rest: { method: 'DELETE', path: (f) => `/api/webhooks/${f.webhookId}` },
    expect: OWNED_SIGNED_IN,
    fresh: true,
  },
  {
    procedure: 'webhook.execute',
    type: 'mutation',
    input: (f) => ({ id: f.webhookId, payload: { hello: 'world' } }),
    rest: post(
      (f) => `/api/webhooks/${f.webhookId}/execute`,
      () => ({ hello: 'world' }),
    ),
    expect: OWNED_SIGNED_IN,
  },
  {
    procedure: 'webhook.executions',
    type: 'query',
    input: (f) => ({ id: f.webhookId }),
    rest: get((f) => `/api/webhooks/${f.webhookId}/executions`),
    expect: OWNED_SIGNED_IN,
  },

  // API integrations
  {
    procedure: 'integration.templates',
    type: 'query',
    rest: get(() => '/api/integrations/templates'),
    expect: SIGNED_IN,
  },
  {
    procedure: 'integration.list',
    type: 'query',
    rest: get(() => '/api/integrations'),
    expect: SIGNED_IN,
  },
  {
    procedure: 'integration.create',
    type: 'mutation',
    input: integrationFields,
    rest: post(() => '/api/integrations', integrationFields),
    expect: SIGNED_IN,
  },
  {
    procedure: 'integration.byId',
    type: 'query',
    input: (f) => ({ id: f.integrationId }),
    rest: get((f) => `/api/integrations/${f.integrationId}`),
    expect: OWNED_SIGNED_IN,
  },
  {
    procedure: 'integration.update',
    type: 'mutation',
    input: (f) => ({ id: f.integrationId, version: '2' }),
    rest: {
      method: 'PUT',
      path: (f) => `/api/integrations/${f.integrationId}`,
      body: () => ({ version: '2' }),
    },
    expect: OWNED_SIGNED_IN,
  },
  {
    procedure: 'integration.delete',
    type: 'mutation',
    input: (f) => ({ id: f.integrationId }),
    rest: { method: 'DELETE', path: (f) => `/api/integrations/${f.integrationId}` },
    expect: OWNED_SIGNED_IN,
    fresh: true,
  },
  {
    procedure: 'integration.execute',
    type: 'mutation',
    input: (f) => ({ id: f.integrationId, endpoint: '/echo' }),
    rest: post(
      (f) => `/api/integrations/${f.integrationId}/execute`,
      () => ({ endpoint: '/echo' }),
    ),
    expect: OWNED_SIGNED_IN,
  },
  {
    procedure: 'integration.executions',
    type: 'query',
    input: (f) => ({ id: f.integrationId }),
    rest: get((f) => `/api/integrations/${f.integrationId}/executions`),
    expect: OWNED_SIGNED_IN,
  },
];
