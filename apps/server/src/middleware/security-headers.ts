import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';

type Header = readonly [name: string, value: string];

/**
 * The web app's Content-Security-Policy: its own scripts only (no inline scripts, no eval).
 * Mantine sets inline styles and injects style elements; images and fonts may be data: or blob:
 * URLs (Mantine's icons, downloads); the editor's workers come from the app or blob: URLs; frames
 * are the app's own preview frame (see preview-frame.ts), never another site.
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The usual set of protective headers (helmet's and hono's defaults, without COEP). */
const PROTECTIVE_HEADERS: Header[] = [
  ['Content-Security-Policy', APP_CSP],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * Gives an answer `headers` unless it sets them itself. On Node they go onto the outgoing
 * response before the handler runs: Node lays whatever headers the answer brings over them,
 * however the answer was built (tRPC's own Response included), and no Headers object is built
 * or changed for them (on a small answer that is most of Hono's cost). Without Node's response
 * (`app.request` in tests) they are added to the answer afterwards where it lacks them.
 */
export async function withDefaultHeaders(
  c: Context,
  headers: readonly Header[],
  next: () => Promise<void>,
): Promise<void> {
  const outgoing = nodeResponse(c);
  if (outgoing) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  }
  await next();
  for (const [name, value] of headers) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
}

/** Node's response to the request, where the app runs on Node (not in `app.request`). */
function nodeResponse(c: Context) {
  return (c.env as Partial<HttpBindings> | undefined)?.outgoing;
}

/**
 * Adds a header to the answer the handler is about to build, the cheap way: onto Node's response
 * ahead of it (see withDefaultHeaders), else onto the answer's own headers. An answer built with
 * two or more headers of its own makes Hono build a web Headers object, and Node's server then
 * read it back, which costs a small answer more than the rest of its handling.
 */
export function addAnswerHeader(c: Context, name: string, value: string) {
  const outgoing = nodeResponse(c);
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}

/** Middleware giving every answer `headers` unless it sets them itself (see withDefaultHeaders). */
function defaultHeaders(headers: readonly Header[]): MiddlewareHandler {
  return createMiddleware((c, next) => withDefaultHeaders(c, headers, next));
}

/**
 * Security headers for every answer: the app's CSP and the usual protective set,
 * Strict-Transport-Security only when Flows is reached over HTTPS (over plain http it would be
 * ignored at best). A header a handler sets itself wins, so hosted sites and the preview frame
 * keep their own sandbox CSP.
 */
export function securityHeaders({ https }: { https: boolean }): MiddlewareHandler {
  const hsts: Header[] = https
    ? [['Strict-Transport-Security', 'max-age=15552000; includeSubDomains']]
    : [];
  return defaultHeaders([...PROTECTIVE_HEADERS, ...hsts]);
}

/** Answers of the API hold private data: no browser or proxy may store them. */
export const noStore = defaultHeaders([['Cache-Control', 'no-store']]);
