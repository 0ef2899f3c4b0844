import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/**
 * The procedures a request to /trpc names, read as tRPC's fetch adapter reads them (slashes
 * around the name trimmed, then decoded, a batch split at commas), so no spelling of a path
 * reaches a procedure unseen.
 */
export function trpcPathsAsParsed(url: string): string[] {
  const path = trimSlashes(new URL(url).pathname);
  if (!path.startsWith('trpc/')) return [];
  try {
    return decodeURIComponent(trimSlashes(path.slice('trpc'.length))).split(',');
  } catch {
    return []; // tRPC refuses a name it cannot decode
  }
}

/**
 * A /trpc address that URL parsing keeps as written: a plain host, then names of letters, digits
 * and `_-.,~/` only (nothing escaped, nothing to decode, no backslash), not starting with a dot.
 */
const PLAIN_TRPC_ADDRESS = /^https?:\/\/[\w.:[\]-]+\/+trpc\/+([\w\-,~][\w\-.,~/]*)(?:[?#]|$)/;

/**
 * `trpcPathsAsParsed`, without parsing the address when it is plain (all the web app and scripts
 * send): a URL, a regular expression and a decoding per request cost as much as the rest of
 * the check. A dot segment (`/./`, `/../`) is left to the parser, which resolves it.
 */
export function trpcPaths(url: string): string[] {
  const names = PLAIN_TRPC_ADDRESS.exec(url)?.[1];
  if (names === undefined || names.includes('/.')) return trpcPathsAsParsed(url);
  return (names.endsWith('/') ? trimSlashes(names) : names).split(',');
}

/**
 * Refuses state-changing requests that a browser sent from another site: a foreign `Origin`
 * (`null` from sandboxed frames included) or `Sec-Fetch-Site: cross-site`, whether or not they
 * carry the session cookie, so a foreign page can neither act as a signed-in user nor sign the
 * visitor into another account. Scripts send neither header and pass, and so do requests with
 * `Authorization: Bearer` (no cookie counts for them). `actingProcedures` are tRPC procedures
 * that act over GET all the same (subscriptions that spend model calls).
 */
export function originCheck(
  publicUrl: string | undefined,
  actingProcedures: readonly string[] = [],
) {
  const configuredOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  // Only /trpc GETs can name one: the /api reads pass without their address being parsed.
  const acts = (path: string, url: string) =>
    path.startsWith('/trpc/') && trpcPaths(url).some((name) => actingProcedures.includes(name));
  return createMiddleware<AppEnv>(async (c, next) => {
    if (safeMethods.has(c.req.method) && !acts(c.req.path, c.req.url)) return next();
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
