import type { ApiConfig, Auth, FlowSystem, SessionUser, UsageLimits } from '@flows/api';
import type { Database, DatabaseKind } from '@flows/db';

/** Per-request values the middleware sets for handlers. */
export type AppEnv = {
  Variables: {
    db: Database;
    databaseKind: DatabaseKind;
    auth: Auth;
    config: ApiConfig;
    flows: FlowSystem | null;
    user: SessionUser | null;
    sessionId: string | null;
    /** The JSON text of the user's history, when the session check read it too (session.ts). */
    historyJson: string | null;
    /** The request carries `Authorization: Bearer ...` (valid or not): no cookie counts. */
    bearer: boolean;
    /** The API token the request acts with (see middleware/api-token.ts). */
    apiTokenId: string | null;
    /** Why the request's bearer token was refused, for /trpc to answer 401 with. */
    apiTokenError: string | null;
    /** A refreshed or cleared session cookie to send with the answer. */
    sessionCookie: string | null;
    /** The client's address as per-address limits count it (see clientAddress). */
    clientIp: string;
    /** This process's limits on runs and model calls. */
    usageLimits: UsageLimits;
    /** A REST request's body, read as its size was checked (middleware/request-body.ts). */
    bodyText: string | null;
    /** The request's id: sent back as X-Request-Id, logged, and in 500 answers. */
    requestId: string;
  };
};
