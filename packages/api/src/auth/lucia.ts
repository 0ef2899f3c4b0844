import { type Database, sessions, users } from '@flows/db';
import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { Lucia, TimeSpan } from 'lucia';
import { HashedSessionAdapter } from './session-store';

/** How long an unused session lasts; every use in its second half extends it again. */
const SESSION_IDLE_DAYS = 14;
/** The default absolute lifetime of a session, however often it is used (SESSION_MAX_AGE_DAYS). */
export const DEFAULT_SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type AuthOptions = {
  secureCookies: boolean;
  /** A session ends this long after sign-in even when in use; 0 means no absolute limit. */
  sessionMaxAgeMs?: number;
};

/**
 * Builds the session manager: database sessions, HttpOnly SameSite=Lax cookies. The cookie holds
 * the random session id; the sessions table holds only its SHA-256 hash (see session-store.ts).
 */
export function createAuth(db: Database, options: AuthOptions) {
  const adapter = new HashedSessionAdapter(
    db,
    new DrizzlePostgreSQLAdapter(db, sessions, users),
    options.sessionMaxAgeMs ?? DEFAULT_SESSION_MAX_AGE_MS,
  );
  const lucia = new Lucia(adapter, {
    sessionExpiresIn: new TimeSpan(SESSION_IDLE_DAYS, 'd'),
    sessionCookie: {
      name: 'flows_session',
      attributes: { secure: options.secureCookies, sameSite: 'lax', path: '/' },
    },
    getUserAttributes: (attributes) => ({
      username: attributes.username,
      email: attributes.email,
      displayName: attributes.displayName,
    }),
  });
  // Lucia throws on a Cookie header it cannot decode (`a=%zz`): that is no session, not a 500.
  const readSessionCookie = lucia.readSessionCookie.bind(lucia);
  lucia.readSessionCookie = (cookieHeader) => {
    try {
      return readSessionCookie(cookieHeader);
    } catch {
      return null;
    }
  };
  return lucia;
}

/** The session manager every request shares. */
export type Auth = ReturnType<typeof createAuth>;

declare module 'lucia' {
  interface Register {
    Lucia: Auth;
    DatabaseUserAttributes: { username: string; email: string; displayName: string | null };
    DatabaseSessionAttributes: { createdAt?: Date };
  }
}
