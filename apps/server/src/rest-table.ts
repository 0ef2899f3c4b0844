import type { AppRouter } from '@flows/api';
import type { inferRouterInputs } from '@trpc/server';

/**
 * The REST surface of Flows: every path under /api is one row here. The server mounts the rows
 * (routes/api.ts), README.md lists them (`pnpm --filter @flows/server readme:paths`), and each
 * row carries what an OpenAPI document needs: method, path with `{params}`, the procedure (whose
 * zod input schema `appRouter._def.procedures[name]._def.inputs` holds), the success status, a
 * summary, and how path, query, headers and body make the procedure's input.
 */

type Inputs = inferRouterInputs<AppRouter>;

/** A procedure of the router by its dotted name (`task.create`). */
export type ProcedureName = {
  [R in keyof Inputs & string]: `${R}.${keyof Inputs[R] & string}`;
}[keyof Inputs & string];

/** The input a procedure takes (undefined for procedures without one). */
type InputOf<P extends ProcedureName> = P extends `${infer R}.${infer N}`
  ? R extends keyof Inputs
    ? N extends keyof Inputs[R]
      ? Inputs[R][N]
      : never
    : never
  : never;

/** The fields of a procedure's input object. */
type FieldOf<P extends ProcedureName> = keyof NonNullable<InputOf<P>> & string;

/**
 * How a request becomes the procedure's input. Either the JSON body is the whole input, or the
 * input is built: the body first, then query parameters, headers, path parameters and fixed
 * values, each setting fields over the ones before. Without a body mapping the body is not read.
 */
type Mapping<Field extends string, Input> =
  | {
      /** The JSON body as sent is the input (any JSON: the procedure validates it). */
      body: 'input';
      query?: never;
      header?: never;
      path?: never;
      fixed?: never;
    }
  | {
      /**
       * `fields`: a JSON object (else 400) whose fields join the input; `{ field }`: any JSON,
       * put into that one field.
       */
      body?: 'fields' | { field: Field };
      /** Query parameters by name; an `integer` is parsed, 0 when absent or not a number. */
      query?: Record<string, { field: Field; type: 'string' | 'integer' }>;
      /** Request headers (lower case) by name, over the query parameters of the same field. */
      header?: Record<string, Field>;
      /** The path's `{params}`, by name, to input fields. */
      path?: Record<string, Field>;
      /** Values the path itself stands for (`POST /api/local/sites` is `hosting: 'local'`). */
      fixed?: Partial<Input>;
    };

/** The input mapping of a row calling procedure `P`, checked against the procedure's input. */
export type InputMapping<P extends ProcedureName> = Mapping<FieldOf<P>, NonNullable<InputOf<P>>>;

/** Any row's input mapping, as the server reads it. */
export type AnyInputMapping = Mapping<string, Record<string, unknown>>;

/** A path answered by a handler of its own instead of the generic one (see routes/api.ts). */
export type CustomHandler =
  | 'health'
  | 'ready'
  | 'openapi'
  | 'live-feed'
  | 'model-stream'
  | 'file-upload'
  | 'file-download'
  | 'history';

type RowBase = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The full path, parameters as `{name}`. */
  path: `/api/${string}`;
  /** The status of a successful answer. */
  status: 200 | 201;
  /** What the path does, in a few words (the README's and the OpenAPI document's). */
  summary: string;
  /** The answer's media type, when not JSON (a file's own type: `application/octet-stream`). */
  contentType?: 'text/event-stream' | 'application/octet-stream';
  /** The request body's media type, when not JSON. */
  requestType?: 'multipart/form-data';
};

/** A path that calls procedure `P` of the router. */
type RowOf<P extends ProcedureName> = RowBase & {
  procedure: P;
  input?: InputMapping<P>;
  /** Visitors get 401 `{ error: 'Not signed in' }` before the procedure is called. */
  signedInOnly?: true;
  custom?: Exclude<CustomHandler, 'health' | 'ready' | 'openapi' | 'file-upload'>;
};

/** A path that calls a procedure of the router. */
export type ProcedureRow = { [P in ProcedureName]: RowOf<P> }[ProcedureName];

/** A path with no procedure behind it. */
export type PlainRow = RowBase & {
  procedure: null;
  custom: 'health' | 'ready' | 'openapi' | 'file-upload';
};

export type RestRow = ProcedureRow | PlainRow;

const command = (
  name: 'stop' | 'continue' | 'execute' | 'reset' | 'retry',
  summary: string,
): RestRow => ({
  method: 'POST',
  path: `/api/flows/{taskId}/${name}`,
  procedure: `flow.${name}`,
  status: 200,
  summary,
  input: { path: { taskId: 'taskId' } },
});

const createSite = (hosting: 'local' | 'netlify', summary: string): RestRow => ({
  method: 'POST',
  path: `/api/${hosting}/sites`,
  procedure: 'website.createSite',
  status: 200,
  summary,
  input: { body: 'fields', fixed: { hosting } },
});

/**
 * Every REST path, in the order they are mounted: a fixed path comes before a parameter at the
 * same place (`/api/webhooks/templates` before `/api/webhooks/{id}`).
 */
export const restTable: readonly RestRow[] = [
  // System
  {
    method: 'GET',
    path: '/api/health',
    procedure: null,
    status: 200,
    summary: 'Whether the database answers (503 when it does not)',
    custom: 'health',
  },
  {
    method: 'GET',
    path: '/api/ready',
    procedure: null,
    status: 200,
    summary:
      'Whether this process can serve: database reachable, migrations applied, runs worked (503 with the reason)',
    custom: 'ready',
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    procedure: null,
    status: 200,
    summary: 'This API as an OpenAPI 3.1 document (generated from this table and the zod schemas)',
    custom: 'openapi',
  },
  {
    method: 'GET',
    path: '/api/model',
    procedure: 'system.model',
    status: 200,
    summary: 'The model runs use and whether its server answers',
  },
  {
    method: 'GET',
    path: '/api/templates',
    procedure: 'template.list',
    status: 200,
    summary: 'The Quick Templates',
  },

  // Accounts
  {
    method: 'GET',
    path: '/api/user',
    procedure: 'auth.me',
    status: 200,
    summary: 'The signed-in user (401 for a visitor)',
    signedInOnly: true,
  },
  {
    method: 'POST',
    path: '/api/register',
    procedure: 'auth.register',
    status: 201,
    summary: 'Create an account and sign it in',
    input: { body: 'input' },
  },
  {
    method: 'POST',
    path: '/api/login',
    procedure: 'auth.login',
    status: 200,
    summary: 'Sign in',
    input: { body: 'input' },
  },
  {
    method: 'POST',
    path: '/api/logout',
    procedure: 'auth.logout',
    status: 200,
    summary: 'Sign out',
  },

  // API tokens
  {
    method: 'POST',
    path: '/api/tokens',
    procedure: 'token.create',
    status: 201,
    summary:
      'Create a personal API token (`Authorization: Bearer`); the only answer that holds `token`',
    input: { body: 'input' },
  },
  {
    method: 'GET',
    path: '/api/tokens',
    procedure: 'token.list',
    status: 200,
    summary: "The signed-in user's API tokens (name, prefix, created, last used, expiry)",
  },
  {
    method: 'DELETE',
    path: '/api/tokens/{id}',
    procedure: 'token.revoke',
    status: 200,
    summary: 'Revoke an API token',
    input: { path: { id: 'id' } },
  },

  // Tasks and steps
  {
    method: 'POST',
    path: '/api/tasks',
    procedure: 'task.create',
    status: 201,
    summary: 'Create a task',
    input: { body: 'input' },
  },
  {
    method: 'GET',
    path: '/api/tasks',
    procedure: 'task.list',
    status: 200,
    summary: "The signed-in user's tasks",
    custom: 'history',
  },
  {
    method: 'DELETE',
    path: '/api/tasks',
    procedure: 'task.clear',
    status: 200,
    summary: 'Clear the history, taking down what its websites published',
  },
  {
    method: 'POST',
    path: '/api/tasks/{id}/steps',
    procedure: 'task.addStep',
    status: 201,
    summary: 'Add a step to a task',
    input: { body: 'fields', path: { id: 'taskId' } },
  },
  {
    method: 'GET',
    path: '/api/tasks/{id}/steps',
    procedure: 'task.steps',
    status: 200,
    summary: "A task's steps, after the step number `after`",
    input: { query: { after: { field: 'afterSeq', type: 'integer' } }, path: { id: 'taskId' } },
  },
  {
    method: 'GET',
    path: '/api/tasks/{id}/files',
    procedure: 'file.forTask',
    status: 200,
    summary: 'The files a run uses',
    input: { path: { id: 'taskId' } },
  },
  {
    method: 'GET',
    path: '/api/tasks/{id}/events',
    procedure: 'flow.events',
    status: 200,
    summary: "A run's live feed (Server-Sent Events; Last-Event-ID resumes it)",
    contentType: 'text/event-stream',
    custom: 'live-feed',
    input: {
      query: { lastEventId: { field: 'lastEventId', type: 'string' } },
      header: { 'last-event-id': 'lastEventId' },
      path: { id: 'taskId' },
    },
  },

  // Runs and model calls
  {
    method: 'POST',
    path: '/api/flow/run',
    procedure: 'flow.run',
    status: 200,
    summary: 'One model call',
    input: { body: 'input' },
  },
  {
    method: 'POST',
    path: '/api/flow/assist',
    procedure: 'flow.assist',
    status: 200,
    summary: "The IDE assistant's model call, its reply streamed (Server-Sent Events)",
    contentType: 'text/event-stream',
    custom: 'model-stream',
    input: { body: 'input' },
  },
  {
    method: 'POST',
    path: '/api/flows',
    procedure: 'flow.start',
    status: 201,
    summary: 'Start a run',
    input: { body: 'input' },
  },
  {
    method: 'GET',
    path: '/api/flows/allowance',
    procedure: 'flow.allowance',
    status: 200,
    summary:
      "Runs the caller may still start today under the free plan's limit (FREE_FLOWS_PER_DAY)",
  },
  {
    method: 'GET',
    path: '/api/flows/{taskId}',
    procedure: 'flow.state',
    status: 200,
    summary: "A run's state",
    input: { path: { taskId: 'taskId' } },
  },
  command('stop', 'Stop a run'),
  command('continue', 'Run a stopped run on to the end'),
  command('execute', 'Run the interrupted task of a stopped run and wait'),
  command('reset', 'Reset a run to a fresh, empty state'),
  command('retry', 'Run the last failed task again'),
  {
    method: 'POST',
    path: '/api/flows/{taskId}/auto',
    procedure: 'flow.setAuto',
    status: 200,
    summary: 'Turn AUTO on or off',
    input: { body: 'fields', path: { taskId: 'taskId' } },
  },
  {
    method: 'POST',
    path: '/api/flows/{taskId}/approve',
    procedure: 'flow.approve',
    status: 200,
    summary: 'Approve or reject the tool call a run waits for: `{ callId, approve }`',
    input: { body: 'fields', path: { taskId: 'taskId' } },
  },

  // Websites and hosting
  {
    method: 'POST',
    path: '/api/websites',
    procedure: 'website.create',
    status: 201,
    summary: 'Save a website',
    input: { body: 'input' },
  },
  {
    method: 'GET',
    path: '/api/websites/{id}',
    procedure: 'website.byId',
    status: 200,
    summary: 'A website',
    input: { path: { id: 'id' } },
  },
  {
    method: 'POST',
    path: '/api/websites/{id}/deploy',
    procedure: 'website.deploy',
    status: 200,
    summary: 'Deploy a website to a site',
    input: { body: 'fields', path: { id: 'id' } },
  },
  createSite('local', 'Create a site on the built-in host'),
  createSite('netlify', "Create a site on the operator's Netlify account"),
  {
    method: 'GET',
    path: '/api/sites',
    procedure: 'website.listSites',
    status: 200,
    summary: "The signed-in user's sites",
  },
  {
    method: 'DELETE',
    path: '/api/sites/{id}',
    procedure: 'website.deleteSite',
    status: 200,
    summary: 'Unpublish a site',
    input: { path: { id: 'id' } },
  },

  // Files
  {
    method: 'POST',
    path: '/api/files',
    procedure: null,
    status: 201,
    summary:
      'Upload a file (multipart/form-data: `file`, optional `description`); 413 over the size limit, 415 for what Flows cannot read',
    requestType: 'multipart/form-data',
    custom: 'file-upload',
  },
  {
    method: 'GET',
    path: '/api/files',
    procedure: 'file.list',
    status: 200,
    summary: "The signed-in user's files, newest first",
  },
  {
    method: 'GET',
    path: '/api/files/{id}',
    procedure: 'file.byId',
    status: 200,
    summary: "A file's metadata",
    input: { path: { id: 'id' } },
  },
  {
    method: 'GET',
    path: '/api/files/{id}/content',
    procedure: 'file.byId',
    status: 200,
    summary: "A file's original bytes, as an attachment of its stored type",
    contentType: 'application/octet-stream',
    custom: 'file-download',
    input: { path: { id: 'id' } },
  },
  {
    method: 'DELETE',
    path: '/api/files/{id}',
    procedure: 'file.delete',
    status: 200,
    summary: 'Delete a file',
    input: { path: { id: 'id' } },
  },

  // Webhooks
  {
    method: 'GET',
    path: '/api/webhooks/templates',
    procedure: 'webhook.templates',
    status: 200,
    summary: 'Webhook templates',
  },
  {
    method: 'GET',
    path: '/api/webhooks',
    procedure: 'webhook.list',
    status: 200,
    summary: "The signed-in user's webhooks",
  },
  {
    method: 'POST',
    path: '/api/webhooks',
    procedure: 'webhook.create',
    status: 201,
    summary: 'Create a webhook',
    input: { body: 'fields' },
  },
  {
    method: 'GET',
    path: '/api/webhooks/{id}',
    procedure: 'webhook.byId',
    status: 200,
    summary: 'A webhook',
    input: { path: { id: 'id' } },
  },
  {
    method: 'PUT',
    path: '/api/webhooks/{id}',
    procedure: 'webhook.update',
    status: 200,
    summary: 'Change a webhook',
    input: { body: 'fields', path: { id: 'id' } },
  },
  {
    method: 'DELETE',
    path: '/api/webhooks/{id}',
    procedure: 'webhook.delete',
    status: 200,
    summary: 'Delete a webhook',
    input: { path: { id: 'id' } },
  },
  {
    method: 'POST',
    path: '/api/webhooks/{id}/execute',
    procedure: 'webhook.execute',
    status: 200,
    summary: 'Send the body to a webhook (502/504 when the call fails)',
    input: { body: { field: 'payload' }, path: { id: 'id' } },
  },
  {
    method: 'GET',
    path: '/api/webhooks/{id}/executions',
    procedure: 'webhook.executions',
    status: 200,
    summary: "A webhook's recent calls",
    input: { path: { id: 'id' } },
  },

  // API integrations
  {
    method: 'GET',
    path: '/api/integrations/templates',
    procedure: 'integration.templates',
    status: 200,
    summary: 'API integration templates',
  },
  {
    method: 'GET',
    path: '/api/integrations',
    procedure: 'integration.list',
    status: 200,
    summary: "The signed-in user's API integrations",
  },
  {
    method: 'POST',
    path: '/api/integrations',
    procedure: 'integration.create',
    status: 201,
    summary: 'Create an API integration',
    input: { body: 'fields' },
  },
  {
    method: 'GET',
    path: '/api/integrations/{id}',
    procedure: 'integration.byId',
    status: 200,
    summary: 'An API integration',
    input: { path: { id: 'id' } },
  },
  {
    method: 'PUT',
    path: '/api/integrations/{id}',
    procedure: 'integration.update',
    status: 200,
    summary: 'Change an API integration',
    input: { body: 'fields', path: { id: 'id' } },
  },
  {
    method: 'DELETE',
    path: '/api/integrations/{id}',
    procedure: 'integration.delete',
    status: 200,
    summary: 'Delete an API integration',
    input: { path: { id: 'id' } },
  },
  {
    method: 'POST',
    path: '/api/integrations/{id}/execute',
    procedure: 'integration.execute',
    status: 200,
    summary: 'Call an endpoint of an API integration (502/504 when the call fails)',
    input: { body: 'fields', path: { id: 'id' } },
  },
  {
    method: 'GET',
    path: '/api/integrations/{id}/executions',
    procedure: 'integration.executions',
    status: 200,
    summary: "An API integration's recent calls",
    input: { path: { id: 'id' } },
  },
];

/** The Hono form of a table path: `/api/tasks/{id}/steps` is `/api/tasks/:id/steps`. */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The `{params}` of a table path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}
