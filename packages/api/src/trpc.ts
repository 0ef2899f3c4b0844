import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from './context';
import { isUnstorableValue } from './db-errors';

/** One field problem of a rejected input. */
export type InputIssue = { path: string; message: string };

/** The field problems of a zod failure, in a shape both transports send. */
export function inputIssues(error: ZodError): InputIssue[] {
  const issues = error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  // zod runs a length check on a value of the wrong type too, often with the same message.
  return issues.filter(
    (issue, index) =>
      issues.findIndex((other) => other.path === issue.path && other.message === issue.message) ===
      index,
  );
}

const t = initTRPC.context<Context>().create({
  // Never send stack traces or internal messages (SQL, parameters) to clients.
  isDev: false,
  errorFormatter: ({ shape, error }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: 'Internal server error', data };
    }
    const issues = error.cause instanceof ZodError ? inputIssues(error.cause) : undefined;
    return {
      ...shape,
      message: issues?.[0]?.message ?? shape.message,
      data: { ...shape.data, issues },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Input the database refuses is the caller's mistake: 400, never a 500. */
const rejectUnstorableValues = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isUnstorableValue(result.error)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'The request holds a value that cannot be stored (such as a NUL character)',
      cause: result.error,
    });
  }
  return result;
});

export const publicProcedure = t.procedure.use(rejectUnstorableValues);

/** A procedure only a signed-in user may call; `ctx.user` is non-null inside. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'You need to sign in' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
