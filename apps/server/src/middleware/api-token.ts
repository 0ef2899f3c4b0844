import { ApiTokenError, userForApiToken } from '@flows/api';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

const BEARER = /^Bearer(?:\s+(\S*))?\s*$/i;

/**
 * `Authorization: Bearer <token>`: the request acts as the token's user, and the session cookie,
 * if any, is ignored. A token that is unknown, revoked or expired answers 401 saying so (over
 * /trpc the procedure call answers it, in tRPC's shape). No browser sends this header by itself,
 * and a foreign page cannot add it without a CORS preflight that Flows never allows, so bearer
 * requests skip the Origin check (see origin-check.ts).
 */
export const apiToken = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  const match = header === undefined ? null : BEARER.exec(header.trim());
  if (!match) return next();
  c.set('bearer', true);
  const token = match[1];
  try {
    if (!token) throw new ApiTokenError('The Authorization header holds no token after Bearer');
    const { user, tokenId } = await userForApiToken(c.get('db'), token);
    c.set('user', user);
    c.set('apiTokenId', tokenId);
  } catch (error) {
    if (!(error instanceof ApiTokenError)) throw error;
    if (!c.req.path.startsWith('/trpc/')) return c.json({ error: error.message }, 401);
    c.set('apiTokenError', error.message);
  }
  return next();
});
