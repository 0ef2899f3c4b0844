import { validateSessionWithHistory } from '@flows/api';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/** The reads of the history (REST and tRPC): the hottest signed-in request. */
const HISTORY_PATHS = new Set(['/api/tasks', '/trpc/task.list']);

/** A read of the history, whose session check reads the history too (one statement, not two). */
function readsHistory(c: Context<AppEnv>): boolean {
  return c.req.method === 'GET' && HISTORY_PATHS.has(c.req.path);
}

/** Reads the session cookie, sets `user` and `sessionId`, and refreshes or clears the cookie. */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  // A request with a bearer token acts as the token's user only (see api-token.ts).
  if (c.get('bearer')) return next();
  const auth = c.get('auth');
  const sessionId = auth.readSessionCookie(c.req.header('cookie') ?? '');
  if (sessionId) {
    const { session, user, historyJson } = readsHistory(c)
      ? await validateSessionWithHistory(auth, c.get('db'), sessionId)
      : { ...(await auth.validateSession(sessionId)), historyJson: null };
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
    c.set('historyJson', historyJson);
  }
  await next();
});
