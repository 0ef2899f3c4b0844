import { type Database, sessions, users } from '@flows/db';
import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { Lucia, TimeSpan } from 'lucia';

/** Builds the session manager: database sessions, HttpOnly SameSite=Lax cookies. */
export function createAuth(db: Database, options: { secureCookies: boolean }) {
  const adapter = new DrizzlePostgreSQLAdapter(db, sessions, users);
  return new Lucia(adapter, {
    sessionExpiresIn: new TimeSpan(30, 'd'),
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
}

/** The session manager every request shares. */
export type Auth = ReturnType<typeof createAuth>;

declare module 'lucia' {
  interface Register {
    Lucia: Auth;
    DatabaseUserAttributes: { username: string; email: string; displayName: string | null };
  }
}
