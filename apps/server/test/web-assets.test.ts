import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { webApp } from '../src/web';

// A built web app as Vite leaves it: hashed assets with brotli and gzip copies beside them.
const dist = mkdtempSync(join(tmpdir(), 'flows-web-assets-'));
const script = `console.log(${JSON.stringify('Flows '.repeat(200))});`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Flows</title><div id="root"></div>');
writeFileSync(join(dist, 'assets/index-abc123.js'), script);
writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));
// Pages the build prerendered (apps/web/vite-prerender.ts), each with its content in #root.
const landing = '<!doctype html><title>Flows</title><div id="root" data-prerendered="/">Hero</div>';
const docs = '<!doctype html><title>Docs</title><div id="root" data-prerendered="/docs">Docs</div>';
mkdirSync(join(dist, 'prerendered'));
writeFileSync(join(dist, 'prerendered/index.html'), landing);
writeFileSync(join(dist, 'prerendered/docs.html'), docs);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const web = webApp(dist);
const get = (path: string, acceptEncoding?: string) =>
  web.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('sends the brotli or gzip copy the browser accepts, else the file itself', async () => {
    const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(script);

    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers 404 for an asset the build does not have, not the page', async () => {
    const missing = await get('/assets/index-old999.js', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toMatch(/html/);
    expect(missing.headers.get('cache-control')).toBeNull();
  });

  it('lets browsers keep hashed assets for a year, and revalidate the page', async () => {
    const asset = await get('/assets/index-abc123.js', 'br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await get('/dashboard', 'br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses the page for every route of the app', async () => {
    const page = await get('/dashboard', 'gzip;q=1, br;q=0');
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('id="root"');
    expect(await (await get('/no/such/page')).text()).toContain('id="root"');
  });

  it("sends a prerendered page's own HTML for its path, compressed and revalidated", async () => {
    const page = await get('/docs', 'gzip, deflate, br');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(docs);

    const root = await get('/', 'gzip');
    expect(root.headers.get('cache-control')).toBe('no-cache');
    expect(gunzipSync(Buffer.from(await root.arrayBuffer())).toString()).toBe(landing);
    expect(await (await get('/')).text()).toBe(landing);
  });

  it('sends index.html where the prerendered HTML would not match what the browser renders', async () => {
    // The open tab is in the query: the browser renders the page itself.
    expect(await (await get('/docs?tab=api')).text()).toContain('<div id="root"></div>');
    expect(await (await get('/docs/')).text()).toContain('<div id="root"></div>');
    expect(await (await get('/dashboard')).text()).toContain('<div id="root"></div>');
  });
});
