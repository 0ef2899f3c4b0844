import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
  const index = compressedCopies(readFileSync(indexFile));
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
  web.use('*', serveStatic({ root: webDist, precompressed: true }));
  web.get('*', (c) => {
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(index[encoding ?? 'identity']));
  });
  return web;
}

type Encoding = 'br' | 'gzip';

/** index.html as sent: as it is, and compressed once at start-up. */
function compressedCopies(html: Buffer): Record<Encoding | 'identity', Buffer> {
  return { identity: html, br: brotliCompressSync(html), gzip: gzipSync(html) };
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
