import type { Database } from '@flows/db';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Auth } from './auth/lucia';

/** The signed-in person as procedures see them. */
export type SessionUser = {
  id: string;
  username: string;
  email: string;
  displayName: string | null;
};

/** What every procedure receives; tests build it directly with `createContextInner`. */
export type Context = {
  db: Database;
  auth: Auth;
  user: SessionUser | null;
  sessionId: string | null;
  /** The caller's network address, for throttling. */
  clientIp: string;
  /** Adds a response header (Set-Cookie, Retry-After) on whichever transport carries the call. */
  setHeader: (name: string, value: string) => void;
};

export function createContextInner(context: Context): Context {
  return context;
}

/** One field problem of a rejected input. */
export type InputIssue = { path: string; message: string };

/** The field problems of a zod failure, in a shape both transports send. */
export function inputIssues(error: ZodError): InputIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const t = initTRPC.context<Context>().create({
  errorFormatter: ({ shape, error }) => {
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
export const publicProcedure = t.procedure;

/** A procedure only a signed-in user may call; `ctx.user` is non-null inside. */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'You need to sign in' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
