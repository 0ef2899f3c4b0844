import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/** Reads the session cookie, sets `user` and `sessionId`, and refreshes or clears the cookie. */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.get('auth');
  const sessionId = auth.readSessionCookie(c.req.header('cookie') ?? '');
  if (sessionId) {
    const { session, user } = await auth.validateSession(sessionId);
    if (session?.fresh) {
      c.header('Set-Cookie', auth.createSessionCookie(session.id).serialize(), { append: true });
    }
    if (!session) {
      c.header('Set-Cookie', auth.createBlankSessionCookie().serialize(), { append: true });
    }
    c.set('sessionId', session?.id ?? null);
    c.set('user', user);
  }
  await next();
});
