import { type Context as ApiContext, createCaller, inputIssues } from '@flows/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { answerJson, JSON_TYPE } from './answer-json';
import type { AppEnv } from './env';
import {
  type AnyInputMapping,
  type CustomHandler,
  honoPath,
  type ProcedureName,
  type ProcedureRow,
  type RestRow,
} from './rest-table';

type Caller = ReturnType<typeof createCaller>;

/** The tRPC context of a request; `setHeader` writes to whichever response carries the call. */
export function apiContext(
  c: Context<AppEnv>,
  setHeader: ApiContext['setHeader'] = (name, value) => c.header(name, value, { append: true }),
): ApiContext {
  return {
    db: c.get('db'),
    config: c.get('config'),
    auth: c.get('auth'),
    user: c.get('user'),
    sessionId: c.get('sessionId'),
    historyJson: c.get('historyJson'),
    apiTokenId: c.get('apiTokenId'),
    clientIp: c.get('clientIp'),
    flows: c.get('flows'),
    usageLimits: c.get('usageLimits'),
    setHeader,
  };
}

/** `application/json`, with or without parameters such as `charset`. */
function isJsonContentType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Reads a JSON request body: 415 when a body comes as anything but `application/json` (the types
 * a foreign page's form can send included), 400 when it is not JSON. Its shape is not checked
 * here: the procedure it is handed to validates it with its zod schema.
 */
export async function jsonBody<T>(c: Context<AppEnv>): Promise<T> {
  const text = c.get('bodyText') ?? (await c.req.text());
  if (!text.trim()) return {} as T;
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw new HTTPException(415, { message: 'The request body must be JSON (application/json)' });
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new HTTPException(400, { message: 'The request body is not valid JSON' });
  }
}

/** A request body that must be a JSON object (the fields of an input). */
async function objectBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body = await jsonBody<unknown>(c);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HTTPException(400, { message: 'The request body must be a JSON object' });
  }
  return body as Record<string, unknown>;
}

/** The procedure input a request makes under a row's mapping (see `InputMapping`). */
export async function restInput(c: Context<AppEnv>, mapping: AnyInputMapping | undefined) {
  if (!mapping) return undefined;
  const { body, query = {}, header = {}, path = {}, fixed = {} } = mapping;
  if (body === 'input') return jsonBody<unknown>(c);
  const input: Record<string, unknown> = body === 'fields' ? { ...(await objectBody(c)) } : {};
  if (typeof body === 'object') input[body.field] = await jsonBody<unknown>(c);
  for (const [name, { field, type }] of Object.entries(query)) {
    const value = c.req.query(name);
    if (type === 'integer') input[field] = Number.parseInt(value ?? '0', 10) || 0;
    else if (value !== undefined) input[field] = value;
  }
  for (const [name, field] of Object.entries(header)) {
    const value = c.req.header(name);
    if (value !== undefined) input[field] = value;
  }
  // A parameter of the matched route is never absent; '' would be refused by every procedure.
  for (const [name, field] of Object.entries(path)) input[field] = c.req.param(name) ?? '';
  return Object.assign(input, fixed);
}

type Procedure = (input: unknown) => Promise<unknown>;

/** A procedure of a server-side caller by its dotted name. */
function procedureOf(caller: Caller, name: ProcedureName): Procedure {
  const [router, procedure] = name.split('.') as [string, string];
  return (caller as unknown as Record<string, Record<string, Procedure>>)[router]![procedure]!;
}

/**
 * The generic handler of a row: builds the input, calls the procedure through a server-side
 * caller and answers its result as JSON with the row's status. Errors go to `app.onError`.
 */
export function restHandler(row: ProcedureRow) {
  return async (c: Context<AppEnv>) => {
    if (row.signedInOnly && !c.get('user')) return c.json({ error: 'Not signed in' }, 401);
    const input = await restInput(c, row.input);
    const result = await procedureOf(createCaller(apiContext(c)), row.procedure)(input);
    return c.body(answerJson(result) ?? '', row.status, JSON_TYPE);
  };
}

/** Handlers of the rows that answer in a way of their own, given the input the row maps. */
export type CustomHandlers = Record<
  CustomHandler,
  (c: Context<AppEnv>, input: unknown) => Response | Promise<Response>
>;

/** The table's paths as routes of an app mounted at /api, in the table's order. */
export function restRoutes(table: readonly RestRow[], custom: CustomHandlers): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  for (const row of table) {
    const path = honoPath(row.path.slice('/api'.length));
    if (row.custom) {
      const handler = custom[row.custom];
      const input = row.procedure === null ? undefined : row.input;
      routes.on(row.method, path, async (c) => handler(c, await restInput(c, input)));
    } else {
      routes.on(row.method, path, restHandler(row));
    }
  }
  return routes;
}

/** The JSON error body every /api path answers with. */
export type ErrorBody = { error: string; issues?: { path: string; message: string }[] };

/** Turns any error into the status and `{ error }` body a REST client sees. */
export function errorResponse(error: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  if (error instanceof HTTPException) {
    return { status: error.status as ContentfulStatusCode, body: { error: error.message } };
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
    if (error.cause instanceof ZodError) {
      const issues = inputIssues(error.cause);
      return { status, body: { error: issues[0]?.message ?? 'Invalid input', issues } };
    }
    if (status === 500) return { status, body: { error: 'Internal server error' } };
    return { status, body: { error: error.message } };
  }
  return { status: 500, body: { error: 'Internal server error' } };
}
