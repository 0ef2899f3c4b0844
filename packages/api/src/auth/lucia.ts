import { type Database, sessions, users } from '@flows/db';
import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { Lucia, TimeSpan } from 'lucia';
import { HashedSessionAdapter, hashSessionId, type SessionRow } from './session-store';

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
  const luciaOptions = {
    sessionExpiresIn: new TimeSpan(SESSION_IDLE_DAYS, 'd'),
    sessionCookie: {
      name: 'flows_session',
      attributes: { secure: options.secureCookies, sameSite: 'lax' as const, path: '/' },
    },
    getUserAttributes: (attributes: DatabaseUserAttributes) => ({
      username: attributes.username,
      email: attributes.email,
      displayName: attributes.displayName,
    }),
  };
  const lucia = new Lucia(adapter, luciaOptions);
  // Lucia throws on a Cookie header it cannot decode (`a=%zz`): that is no session, not a 500.
  const readSessionCookie = lucia.readSessionCookie.bind(lucia);
  lucia.readSessionCookie = (cookieHeader) => {
    try {
      return readSessionCookie(cookieHeader);
    } catch {
      return null;
    }
  };
  /**
   * `validateSession` whose session check also reads what `lookup` adds to it (a prepared
   * `sessionLookup`), in one statement. Lucia's rules decide as ever, on the row read; `row` is
   * that row while the session is valid, else null.
   */
  async function validateSessionReading<Row extends SessionRow>(
    sessionId: string,
    lookup: { execute: (placeholders: { hash: string }) => Promise<Row[]> },
  ) {
    const [row] = await lookup.execute({ hash: hashSessionId(sessionId) });
    const once = new Lucia(adapter.answering(sessionId, row), luciaOptions);
    const { session, user } = await once.validateSession(sessionId);
    return { session, user, row: session ? row! : null };
  }
  return Object.assign(lucia, { validateSessionReading });
}

/** The session manager every request shares. */
export type Auth = ReturnType<typeof createAuth>;

type DatabaseUserAttributes = { username: string; email: string; displayName: string | null };

declare module 'lucia' {
  interface Register {
    Lucia: Lucia<Record<never, never>, DatabaseUserAttributes>;
    DatabaseUserAttributes: DatabaseUserAttributes;
    DatabaseSessionAttributes: { createdAt?: Date };
  }
}
