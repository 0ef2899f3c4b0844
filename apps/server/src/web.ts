import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './env';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Serves the built web app: its files as they are, and index.html for every other path so the
 * browser's router decides (it shows the not-found page for unknown routes). Under `pnpm dev`
 * (`devUrl` set) pages are redirected to the Vite dev server instead, which has hot reload.
 */
export function webApp(webDist = defaultWebDist, devUrl?: string) {
  const web = new Hono<AppEnv>();
  if (devUrl) {
    web.get('*', (c) => {
      const { pathname, search } = new URL(c.req.url);
      return c.redirect(`${devUrl}${pathname}${search}`, 302);
    });
    return web;
  }
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    web.get('*', (c) =>
      c.text(
        'The web app is not built yet: run `pnpm build` (or `pnpm start`, which builds it).',
        503,
      ),
    );
    return web;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  web.use(
    '/assets/*',
    serveStatic({
      root: webDist,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  web.use('*', serveStatic({ root: webDist }));
  web.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return web;
}
