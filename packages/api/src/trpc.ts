import type { Database } from '@flows/db';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Auth } from './auth/lucia';
import type { LoginLimits } from './auth/throttle';
import type { ModelEndpointKey } from './flow/model-keys';
import type { FlowSystem } from './flow/system';
import type { UsageLimits } from './flow/usage-limits';
import type { HostingConfig, VisitorSiteLimits } from './hosting/sites';

/** The signed-in person as procedures see them. */
export type SessionUser = {
  id: string;
  username: string;
  email: string;
  displayName: string | null;
};

/** Operator settings the procedures need, derived once from the server's configuration. */
export type ApiConfig = {
  /** 32-byte key for AES-256-GCM encryption of stored secrets. */
  secretKey: Buffer;
  /** Whether outbound calls may reach private, loopback and link-local addresses. */
  allowPrivateTargets: boolean;
  /** The model endpoint runs use unless a request names another allowed one. */
  modelEndpoint: string;
  modelApiKey: string | undefined;
  /** How long one model call attempt may take. */
  modelTimeoutMs: number;
  /** The model is the scripted demo (`pnpm demo`). */
  modelDemo: boolean;
  /** Every model endpoint the server may call (modelEndpoint included). */
  allowedModelEndpoints: string[];
  /** The operator's model keys, each bound to the one endpoint it is sent to. */
  modelApiKeys: readonly ModelEndpointKey[];
  /** Multiplier for the flow's waits; 0 runs without waiting. */
  flowTimeScale: number;
  /** Where deployed sites are announced: SITES_URL, else where users reach Flows. */
  siteBaseUrl: string;
  /** Visitors' sites: deploys per client address per day, and hours a site lives (0 = no limit). */
  visitorSites: VisitorSiteLimits;
  /** Where runs deploy (HOSTING_PROVIDER) and the Netlify account, present when it has a token. */
  hosting: HostingConfig;
  /** Failed logins allowed per username and address, and per address (DEFAULT_LOGIN_LIMITS). */
  loginLimits?: LoginLimits;
};

/** What every procedure receives; tests build it directly with `createContextInner`. */
export type Context = {
  db: Database;
  config: ApiConfig;
  auth: Auth;
  user: SessionUser | null;
  sessionId: string | null;
  /**
   * The caller's address as every per-address limit counts it: the socket's peer, or the
   * forwarded client behind a trusted proxy (TRUST_PROXY); an IPv6 address by its /64.
   */
  clientIp: string;
  /** Durable runs and the live feed; null where runs are not available (unit tests). */
  flows: FlowSystem | null;
  /** This process's limits on runs and model calls; absent where nothing is limited (unit tests). */
  usageLimits?: UsageLimits;
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
// PostgreSQL error codes of values it cannot store: NUL characters and bad encodings, numbers out
// of range, malformed literals, values too long for an index.
const UNSTORABLE_VALUE_CODES = new Set(['22021', '22P05', '22003', '22P02', '22001', '54000']);

/** Whether an error, or one of its first causes, is PostgreSQL refusing a value it cannot store. */
export function isUnstorableValue(error: unknown): boolean {
  // A few causes deep at most: a cause chain can be cyclic.
  let cause = error;
  for (let depth = 0; depth < 8 && cause instanceof Error; depth++, cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_VALUE_CODES.has(code)) return true;
  }
  return false;
}

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

/** The flow system, or a clear error where this process has none. */
export function requireFlows(ctx: Context): FlowSystem {
  if (!ctx.flows) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Flow runs are not available' });
  }
  return ctx.flows;
}
