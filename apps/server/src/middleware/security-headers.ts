import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The web app's Content-Security-Policy: its own scripts only (no inline scripts, no eval).
 * Mantine sets inline styles and injects style elements; images and fonts may be data: or blob:
 * URLs (Mantine's icons, downloads); the editor's workers come from the app or blob: URLs; frames
 * are the app's own preview frame (see preview-frame.ts), never another site.
 */
export const APP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * Security headers for every answer: the app's CSP and hono's usual set, Strict-Transport-Security
 * only when Flows is reached over HTTPS (over plain http it would be ignored at best). A header a
 * handler set itself wins, so hosted sites and the preview frame keep their own sandbox CSP.
 */
export function securityHeaders({ https }: { https: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: APP_CSP,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? 'max-age=15552000; includeSubDomains' : false,
    overwrite: false,
  });
}

/** Answers of the API hold private data: no browser or proxy may store them. */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
});
