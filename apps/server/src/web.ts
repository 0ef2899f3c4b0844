import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import type { AppEnv } from './env';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Serves the built web app: its files as they are, a prerendered page's own HTML for its path
 * (without a query), and index.html for every other path so the browser's router decides (it
 * shows the not-found page for unknown routes). Under `pnpm dev` (`devUrl` set) pages are
 * redirected to the Vite dev server instead, which has hot reload.
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
  const index = compressedCopies(readFileSync(indexFile));
  const prerendered = prerenderedPages(webDist);
  // Before the files: `/` would otherwise be dist/index.html, the page without prerendered content.
  web.get('*', (c, next) => {
    const page = prerendered.get(c.req.path);
    // The HTML shows the page as its path alone draws it: `/docs?tab=api` is rendered in the browser.
    if (!page || new URL(c.req.url).search) return next();
    return sendPage(c, page);
  });
  // The build keeps brotli and gzip copies beside each file (`precompressed` picks by
  // Accept-Encoding); hashed assets never change, so browsers keep them for a year.
  web.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root: webDist, precompressed: true }),
  );
  // An asset this build does not have (a page loaded from an older build, say) is missing, not
  // the app's page: a script answered with HTML would leave the browser on a blank screen.
  web.get('/assets/*', (c) => c.text('This file is not part of the running build of Flows', 404));
  web.use('*', serveStatic({ root: webDist, precompressed: true }));
  web.get('*', (c) => sendPage(c, index));
  return web;
}

type Encoding = 'br' | 'gzip';

/** A page's HTML as sent: as it is, and compressed once at start-up. */
type Page = Record<Encoding | 'identity', Buffer>;

function compressedCopies(html: Buffer): Page {
  return { identity: html, br: brotliCompressSync(html), gzip: gzipSync(html) };
}

/**
 * The pages the build prerendered (apps/web/vite-prerender.ts), by path: dist/prerendered/docs.html
 * is `/docs`, and its index.html is `/`.
 */
function prerenderedPages(webDist: string): Map<string, Page> {
  const folder = join(webDist, 'prerendered');
  const pages = new Map<string, Page>();
  if (!existsSync(folder)) return pages;
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length).split(sep).join('/');
    pages.set(
      name === 'index' ? '/' : `/${name}`,
      compressedCopies(readFileSync(join(folder, file))),
    );
  }
  return pages;
}

/** Sends a page in the encoding the browser prefers; the browser asks again before reusing it. */
function sendPage(c: Context<AppEnv>, page: Page) {
  const encoding = preferredEncoding(c.req.header('accept-encoding'));
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Accept-Encoding');
  if (encoding) c.header('Content-Encoding', encoding);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  return c.body(new Uint8Array(page[encoding ?? 'identity']));
}

/** The best encoding the client accepts (brotli first), or none. */
function preferredEncoding(acceptEncoding = ''): Encoding | undefined {
  const accepted = acceptEncoding
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => quality?.trim() !== 'q=0')
    .map(([name]) => name?.trim().toLowerCase());
  return (['br', 'gzip'] as const).find((encoding) => accepted.includes(encoding));
}
