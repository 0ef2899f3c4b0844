import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site: a foreign `Origin`
 * (`null` from sandboxed frames included) or `Sec-Fetch-Site: cross-site`, whether or not they
 * carry the session cookie, so a foreign page can neither act as a signed-in user nor sign the
 * visitor into another account. Scripts send neither header and pass, and so do requests with
 * `Authorization: Bearer` (no cookie counts for them). `actingGets` are GET paths
 * that act all the same (tRPC subscriptions that spend model calls).
 */
export function originCheck(publicUrl: string | undefined, actingGets: readonly string[] = []) {
  const configuredOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (safeMethods.has(c.req.method) && !actingGets.includes(c.req.path)) return next();
    // A bearer token is proof of its own: only scripts send one (see api-token.ts).
    if (c.get('bearer')) return next();
    const origin = c.req.header('origin');
    const ownOrigin = configuredOrigin ?? new URL(c.req.url).origin;
    const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
    if (crossSite || (origin !== undefined && origin !== ownOrigin)) {
      return c.json({ error: 'Cross-site request refused' }, 403);
    }
    return next();
  });
}
