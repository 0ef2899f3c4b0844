import { currentSiteHtml, isSiteSlug } from '@flows/api';
import { Hono } from 'hono';
import type { AppEnv } from '../env';

// Generated pages are untrusted: the sandbox gives them an opaque origin, so their scripts can
// never act as the Flows app (no cookies, no same-origin API calls), and without allow-forms and
// with form-action 'none' they cannot post a look-alike sign-in form anywhere. The same policy
// holds on a separate sites origin (SITES_URL), where it also keeps sites apart from each other.
export const SITE_CSP =
  "sandbox allow-scripts allow-popups allow-modals; default-src * data: blob: 'unsafe-inline'; form-action 'none'";

const missing = 'This site does not exist or has not been deployed yet.';

/** The built-in static host: a site's newest deploy at /sites/{slug}/. */
export const siteRoutes = new Hono<AppEnv>()
  .get('/:slug', (c) => {
    const slug = c.req.param('slug');
    // Only a well-formed slug goes into the Location header (a CR/LF there would be a 500).
    if (!isSiteSlug(slug)) return c.text(missing, 404);
    return c.redirect(`/sites/${slug}/`, 301);
  })
  .get('/:slug/', async (c) => {
    const { ttlHours } = c.get('config').visitorSites;
    const html = await currentSiteHtml(c.get('db'), c.req.param('slug'), { ttlHours });
    if (html === null) return c.text(missing, 404);
    c.header('Content-Security-Policy', SITE_CSP);
    c.header('Cache-Control', 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(html);
  })
  // A site is one page: nothing else under /sites/ exists (and none falls through to the app).
  .all('*', (c) => c.text(missing, 404));
