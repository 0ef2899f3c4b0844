import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './harness';

let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

describe('HTTP surface', () => {
  it('reports health as a status only, naming no database or version', async () => {
    const response = await harness.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves the templates over REST and tRPC alike', async () => {
    const rest = await harness.app.request('/api/templates');
    expect(rest.status).toBe(200);
    const list = await json<{ name: string }[]>(rest);
    expect(list.map((template) => template.name)).toContain('Project Planner');

    const trpc = await harness.app.request('/trpc/template.list');
    expect(trpc.status).toBe(200);
    expect(await trpc.json()).toEqual({ result: { data: list } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await harness.app.request('/api/unknown', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(await response.json()).toEqual({ error: 'No API path POST /api/unknown' });
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const response = await harness.app.request('/api/unknown', {
      method: 'POST',
      body: 'x'.repeat(1024 * 1024 + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/1 MB/) });
  });

  it('hands every other path to the web app so its router can answer', async () => {
    for (const path of ['/', '/dashboard', '/no/such/page']) {
      const response = await harness.app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });
});

describe('under pnpm dev (WEB_DEV_URL set)', () => {
  it('sends pages to the Vite dev server and keeps answering the API itself', async () => {
    const dev = await createTestApp({ WEB_DEV_URL: 'http://localhost:5173/' });
    try {
      const page = await dev.app.request('/dashboard?tab=history');
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe('http://localhost:5173/dashboard?tab=history');
      expect((await dev.app.request('/api/health')).status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
