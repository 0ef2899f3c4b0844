import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/** Reads the session cookie, sets `user` and `sessionId`, and refreshes or clears the cookie. */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  // A request with a bearer token acts as the token's user only (see api-token.ts).
  if (c.get('bearer')) return next();
  const auth = c.get('auth');
  const sessionId = auth.readSessionCookie(c.req.header('cookie') ?? '');
  if (sessionId) {
    const { session, user } = await auth.validateSession(sessionId);
    const cookie = session?.fresh
      ? auth.createSessionCookie(session.id)
      : session
        ? null
        : auth.createBlankSessionCookie();
    if (cookie) {
      // REST answers carry it from here; tRPC builds its own response and adds it there.
      c.set('sessionCookie', cookie.serialize());
      c.header('Set-Cookie', cookie.serialize(), { append: true });
    }
    c.set('sessionId', session?.id ?? null);
    c.set('user', user);
  }
  await next();
});
