import { type Context as ApiContext, createCaller, inputIssues } from '@flows/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { AppEnv } from './env';

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
    clientIp: c.get('clientIp'),
    flows: c.get('flows'),
    usageLimits: c.get('usageLimits'),
    setHeader,
  };
}

/**
 * Adapts a REST path to the procedure behind it: the handler calls the procedure through a
 * server-side caller; its answer becomes JSON with `status`, its errors the JSON error body.
 */
export function rest<T>(
  call: (caller: Caller, c: Context<AppEnv>) => Promise<T>,
  status: ContentfulStatusCode = 200,
) {
  return async (c: Context<AppEnv>) => {
    const caller = createCaller(apiContext(c));
    const result = await call(caller, c);
    return c.json(result as object, status);
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
  const text = await c.req.text();
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

/** A path parameter of the matched route ('' when absent, which no procedure accepts). */
export function pathParam(c: Context<AppEnv>, name: string): string {
  return c.req.param(name) ?? '';
}

/** The JSON body merged with values from the path (ids), for procedures that take both. */
export async function jsonBodyWith<T>(c: Context<AppEnv>, fromPath: Record<string, string>) {
  const body = await jsonBody<unknown>(c);
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  return { ...fields, ...fromPath } as T;
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
