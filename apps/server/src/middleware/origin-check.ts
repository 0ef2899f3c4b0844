import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that carry the session cookie but come from another site
 * (a foreign Origin, or Sec-Fetch-Site cross-site). Cookie-less callers such as scripts pass.
 */
export function originCheck(publicUrl: string | undefined) {
  const configuredOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    const auth = c.get('auth');
    if (!auth.readSessionCookie(c.req.header('cookie') ?? '')) return next();

    const origin = c.req.header('origin');
    const ownOrigin = configuredOrigin ?? new URL(c.req.url).origin;
    const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
    if (crossSite || (origin !== undefined && origin !== ownOrigin)) {
      return c.json({ error: 'Cross-site request refused' }, 403);
    }
    return next();
  });
}
