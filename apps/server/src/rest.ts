import { type Context as ApiContext, createCaller, inputIssues } from '@flows/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { AppEnv } from './env';

type Caller = ReturnType<typeof createCaller>;

/** The tRPC context of a REST request, built the same way as for /trpc. */
export function apiContext(c: Context<AppEnv>): ApiContext {
  return { db: c.get('db'), user: c.get('user') };
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

/** Reads a JSON request body, answering 400 when it is not JSON. */
export async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HTTPException(400, { message: 'The request body is not valid JSON' });
  }
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
    if (status >= 500) return { status, body: { error: 'Internal server error' } };
    return { status, body: { error: error.message } };
  }
  return { status: 500, body: { error: 'Internal server error' } };
}
