import type { ApiConfig, Auth, SessionUser } from '@flows/api';
import type { Database, DatabaseKind } from '@flows/db';

/** Per-request values the middleware sets for handlers. */
export type AppEnv = {
  Variables: {
    db: Database;
    databaseKind: DatabaseKind;
    auth: Auth;
    config: ApiConfig;
    user: SessionUser | null;
    sessionId: string | null;
  };
};
