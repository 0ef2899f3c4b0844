import { currentSiteHtml } from '@flows/api';
import { Hono } from 'hono';
import type { AppEnv } from '../env';

// Generated pages are untrusted: the sandbox gives them an opaque origin, so their scripts can
// never act as the Flows app (no cookies, no same-origin API calls).
const SITE_CSP =
  "sandbox allow-scripts allow-forms allow-popups allow-modals; default-src * data: blob: 'unsafe-inline'";

/** The built-in static host: a site's newest deploy at /sites/{siteId}/. */
export const siteRoutes = new Hono<AppEnv>()
  .get('/:siteId', (c) => c.redirect(`/sites/${c.req.param('siteId')}/`, 301))
  .get('/:siteId/', async (c) => {
    const html = await currentSiteHtml(c.get('db'), c.req.param('siteId'));
    if (html === null) return c.text('This site does not exist or has not been deployed yet.', 404);
    c.header('Content-Security-Policy', SITE_CSP);
    c.header('Cache-Control', 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(html);
  });
