import { appRouter } from '@flows/api';
import { type ZodType, z } from 'zod';
import { honoPath, type RestRow, restTable } from './rest-table';

/**
 * The OpenAPI 3.1 document of the REST API, generated from the REST table (rest-table.ts) and
 * the zod schemas of the procedures each row calls: nothing here is written by hand but the
 * prose. `GET /api/openapi.json` serves it; /docs/api renders it; a test checks that its paths
 * are exactly the routes the server mounts and that it validates.
 */

type JsonSchema = { [key: string]: unknown };
type Operation = Record<string, unknown>;

type ProcedureDef = { _def: { inputs: ZodType[]; output?: ZodType; type: string } };
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    'Every error answer. `issues` lists the fields a refused input got wrong (400). A 500 also carries `requestId`, the id the server logged the failure under.',
  properties: {
    error: { type: 'string', description: 'What went wrong, for people' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'The field, dotted (`input.prompt`)' },
          message: { type: 'string' },
        },
        required: ['path', 'message'],
      },
    },
    requestId: { type: 'string' },
  },
  required: ['error'],
};

/** Error statuses and when a path answers them. */
const ERRORS: Record<string, string> = {
  '400': 'The input is refused (the message names the field; `issues` lists every problem)',
  '401':
    'Not signed in where an account is needed, or the bearer token is unknown, revoked or expired',
  '403': 'A cross-site browser request, or a call an API token may not make',
  '404': 'Not found, or not yours',
  '409': 'The call does not apply in the current state, or the name is taken',
  '413':
    'Too large: a JSON body over 1 MB, an upload over the file size limit, or more files than a run may use',
  '415': 'The request body is not `application/json` (`multipart/form-data` for uploads)',
  '429': 'A usage limit is reached; `Retry-After` says how many seconds to wait',
  '500': 'The server failed; the answer carries the `requestId` it logged',
  '502': 'The model server or the outside service could not be reached or failed',
  '504': 'The outside service did not answer in time',
};

/**
 * Statuses a procedure answers beyond those its shape implies (400 with an input, 404 with an id
 * in the path, 403 for a write, 413 and 415 with a body).
 */
const PROCEDURE_ERRORS: Record<string, readonly string[]> = {
  'auth.register': ['409'],
  'auth.login': ['429'],
  'flow.start': ['404', '429'],
  'flow.run': ['429', '502'],
  'flow.assist': ['429', '502'],
  'flow.events': ['429'],
  'integration.create': ['409'],
  'integration.update': ['409'],
  'integration.execute': ['429', '502', '504'],
  // An API token may not list the tokens (nor create one, a write, which lists 403 already).
  'token.list': ['403'],
  'webhook.execute': ['502', '504'],
  'website.create': ['404'],
  'website.createSite': ['502'],
  'website.deploy': ['429', '502'],
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A zod schema as JSON Schema (draft 2020-12, which OpenAPI 3.1 uses), as a request takes it. */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The JSON Schema of one field of an object schema (any value when it has no such field). */
function fieldSchema(input: JsonSchema | undefined, field: string): JsonSchema {
  const properties = input?.properties as Record<string, JsonSchema> | undefined;
  return properties?.[field] ?? {};
}

/** An object schema without the fields the path, query, headers or the path itself supply. */
function withoutFields(input: JsonSchema, fields: string[]): JsonSchema {
  const properties = { ...(input.properties as Record<string, JsonSchema> | undefined) };
  for (const field of fields) delete properties[field];
  const required = ((input.required as string[] | undefined) ?? []).filter(
    (field) => !fields.includes(field),
  );
  const { required: _required, ...rest } = input;
  return { ...rest, properties, ...(required.length > 0 ? { required } : {}) };
}

const SSE_DESCRIPTIONS: Record<string, string> = {
  'live-feed':
    "Server-Sent Events: `step` events (each with its sequence number as the event id; send it back as `Last-Event-ID` to resume without gaps), `state` events with the run's state, `text` events with the model's reply as it streams, and `: keep-alive` comments every 15 s. Each event's `data` is JSON.",
  'model-stream':
    'Server-Sent Events: `text` events as the reply arrives, `retry` when an attempt starts over, then `done` with the whole reply; a failure mid-stream is an `error` event with `{ error }`. Refusals before the first event answer as JSON with their status.',
};

const PLAIN_RESPONSES: Record<string, JsonSchema> = {
  health: {
    type: 'object',
    properties: { status: { type: 'string', enum: ['ok', 'unavailable'] } },
    required: ['status'],
  },
  ready: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['ready', 'unavailable'] },
      worker: { type: 'string' },
      reason: { type: 'string' },
    },
    required: ['status'],
  },
  openapi: { type: 'object', description: 'This document' },
};

/** The form of a file upload. */
const UPLOAD_FORM: JsonSchema = {
  type: 'object',
  properties: {
    file: { type: 'string', contentMediaType: 'application/octet-stream' },
    description: { type: 'string' },
  },
  required: ['file'],
};

/** The tag of a path: its first segment after /api (`/api/flows/...` is `flows`). */
function tagOf(path: string): string {
  return path.split('/')[2]!.replace(/\.json$/, '');
}

/** A unique operation id: the procedure's name, or the path's for rows that share one. */
function operationIds(table: readonly RestRow[]): string[] {
  const seen = new Map<string, number>();
  for (const row of table) {
    if (row.procedure) seen.set(row.procedure, (seen.get(row.procedure) ?? 0) + 1);
  }
  return table.map((row) => {
    if (row.procedure && seen.get(row.procedure) === 1) return row.procedure;
    const words = row.path
      .replace(/^\/api\//, '')
      .replace(/\.json$/, '')
      .split(/[/{}.-]+/)
      .filter(Boolean);
    return [row.method.toLowerCase(), ...words]
      .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
      .join('');
  });
}

function operationOf(row: RestRow, operationId: string): Operation {
  const parameters: Record<string, unknown>[] = [];
  const responses: Record<string, unknown> = {};
  const errors = new Set(['401', '500']);
  let requestBody:
    | { required: boolean; schema: JsonSchema; description?: string; mediaType?: string }
    | undefined;
  let requestBodyObject: Record<string, unknown> | undefined;
  let successSchema: JsonSchema = {};

  if (row.procedure === null) {
    successSchema = PLAIN_RESPONSES[row.custom] ?? {};
    if (row.custom === 'health' || row.custom === 'ready') errors.add('503');
    if (row.method !== 'GET') errors.add('400');
  } else {
    const def = procedures[row.procedure]!._def;
    const input = def.inputs[0] ? jsonSchema(def.inputs[0], 'input') : undefined;
    if (def.output) successSchema = jsonSchema(def.output, 'output');
    const mapping = row.input;
    if (input) errors.add('400');
    if (mapping && mapping.body !== 'input') {
      for (const [name, field] of Object.entries(mapping.path ?? {})) {
        parameters.push({ name, in: 'path', required: true, schema: fieldSchema(input, field) });
        errors.add('404');
      }
      for (const [name, { field, type }] of Object.entries(mapping.query ?? {})) {
        const schema = type === 'integer' ? { type: 'integer', minimum: 0 } : { type: 'string' };
        parameters.push({
          name,
          in: 'query',
          required: false,
          schema,
          description: `The input's \`${field}\``,
        });
      }
      for (const [name, field] of Object.entries(mapping.header ?? {})) {
        parameters.push({
          name,
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: `The input's \`${field}\` (wins over the query parameter)`,
        });
      }
      const supplied = [
        ...Object.values(mapping.path ?? {}),
        ...Object.values(mapping.query ?? {}).map((query) => query.field),
        ...Object.values(mapping.header ?? {}),
        ...Object.keys(mapping.fixed ?? {}),
      ];
      if (mapping.body === 'fields' && input) {
        requestBody = { required: true, schema: withoutFields(input, supplied) };
      } else if (typeof mapping.body === 'object') {
        requestBody = {
          required: false,
          schema: fieldSchema(input, mapping.body.field),
          description: `Any JSON: the input's \`${mapping.body.field}\``,
        };
      }
    } else if (mapping?.body === 'input' && input) {
      requestBody = { required: true, schema: input };
    }
  }

  if (row.requestType === 'multipart/form-data') {
    requestBody = {
      required: true,
      schema: row.custom === 'file-upload' ? UPLOAD_FORM : { type: 'object' },
      mediaType: row.requestType,
    };
  }
  if (requestBody) {
    const { schema, description, required, mediaType } = requestBody;
    requestBodyObject = {
      required,
      ...(description ? { description } : {}),
      content: { [(mediaType as string | undefined) ?? 'application/json']: { schema } },
    };
    errors.add('413');
    errors.add('415');
  }
  if (row.method !== 'GET') errors.add('403');
  // A command on a run (stop, continue, approve, ...) answers 409 when the run is past it.
  if (row.procedure?.startsWith('flow.') && row.method === 'POST' && row.path.includes('{')) {
    errors.add('409');
  }
  for (const status of PROCEDURE_ERRORS[row.procedure ?? ''] ?? []) errors.add(status);

  const media = row.contentType ?? 'application/json';
  responses[String(row.status)] = {
    description: (row.custom && SSE_DESCRIPTIONS[row.custom]) || 'Success',
    content: {
      [media]: {
        schema:
          media === 'application/json'
            ? successSchema
            : {
                type: 'string',
                ...(media === 'text/event-stream' ? {} : { contentMediaType: media }),
              },
      },
    },
  };
  for (const status of [...errors].sort()) {
    if (status === '503') {
      responses[status] = {
        description: 'Not available (the answer says why)',
        content: { 'application/json': { schema: successSchema } },
      };
    } else {
      responses[status] = errorResponse(ERRORS[status]!);
    }
  }

  return {
    operationId,
    summary: row.summary.replace(/`/g, ''),
    description: row.procedure
      ? `${row.summary}\n\ntRPC: \`${row.procedure}\` at \`/trpc/${row.procedure}\`.`
      : row.summary,
    tags: [tagOf(row.path)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBodyObject ? { requestBody: requestBodyObject } : {}),
    responses,
    ...(row.procedure && 'signedInOnly' in row && row.signedInOnly
      ? { security: [{ sessionCookie: [] }, { bearerToken: [] }] }
      : {}),
  };
}

/** The OpenAPI document of `table` (the server's REST table by default). */
export function openApiDocument(table: readonly RestRow[] = restTable): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const ids = operationIds(table);
  table.forEach((row, index) => {
    const item = paths[row.path] ?? {};
    item[row.method.toLowerCase()] = operationOf(row, ids[index]!);
    paths[row.path] = item;
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Flows API',
      version: '1.0.0',
      description:
        'Every REST path calls a tRPC procedure, the same one the web app calls at `/trpc`. Sign in with the session cookie (`POST /api/login`) or send a personal API token as `Authorization: Bearer <token>` (create one under Settings → API tokens, or `POST /api/tokens`). State-changing requests that a browser sends from another site answer 403; scripts, which send no `Origin`, and bearer requests are not affected. Request bodies must be `application/json` and at most 1 MB. Errors answer `{ "error": "message", "issues"?: [...] }`.',
    },
    servers: [{ url: '/', description: 'This Flows server' }],
    tags: [...new Set(table.map((row) => tagOf(row.path)))].map((name) => ({ name })),
    security: [{}, { sessionCookie: [] }, { bearerToken: [] }],
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'flows_session',
          description: 'The session cookie `POST /api/login` and `POST /api/register` set',
        },
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API token (`flows_...`), sent as `Authorization: Bearer <token>`; it acts as its user. A revoked or expired token answers 401.',
        },
      },
    },
  };
}

/** The Hono routes (`METHOD /api/path/:param`) a document describes, for the drift test. */
export function documentedRoutes(document: Record<string, unknown>): string[] {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${honoPath(path)}`),
  );
}
