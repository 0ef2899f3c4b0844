import { createHash } from 'node:crypto';
import { hostedSites, siteDeploys } from '@flows/db';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { flowClient, signUp } from './flow-client';
import { createTestApp, json } from './harness';
import { type NetlifyServer, startNetlifyServer } from './netlify-server';

const TOKEN = 'nfp_test-token-5f3a9c';
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

let netlify: NetlifyServer;
let model: ScriptedModel;
let harness: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof flowClient>;
let session: { cookie: string };
beforeAll(async () => {
  netlify = await startNetlifyServer(TOKEN);
  model = await startScriptedModel();
  harness = await createTestApp(
    {
      MODEL_ENDPOINT: model.url,
      MODEL_TIMEOUT_MS: '500',
      ALLOW_PRIVATE_TARGETS: 'true',
      HOSTING_PROVIDER: 'netlify',
      NETLIFY_TOKEN: TOKEN,
      NETLIFY_API_URL: netlify.url,
    },
    { flows: true },
  );
  session = await signUp(harness.app, 'netlify_owner');
  client = flowClient(harness.app, session);
});
afterAll(async () => {
  await harness?.close();
  await model?.close();
  await netlify?.close();
});
beforeEach(() => {
  netlify.script({});
  netlify.clear();
});

/** Saves a website and returns its id. */
async function saveWebsite(html: string, name = 'Bakery'): Promise<string> {
  const response = await client.post('/api/websites', { name, description: 'A page', html });
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

/** Creates a Netlify site through Flows and returns the Flows site id. */
async function netlifySite(name: string): Promise<string> {
  const response = await client.post('/api/netlify/sites', { name });
  expect(response.status).toBe(200);
  const body = await json<{ success: boolean; siteId: string }>(response);
  expect(body.success).toBe(true);
  return body.siteId;
}

const calls = (method: string, path: RegExp) =>
  netlify.requests.filter((request) => request.method === method && path.test(request.path));

describe('Netlify hosting', () => {
  it('creates a site and deploys with a file digest, uploading the page, to its ssl_url', async () => {
    const html = '<!DOCTYPE html><html><body><h1>Fresh bread daily</h1></body></html>';
    const websiteId = await saveWebsite(html);
    const siteId = await netlifySite('flows-website-1700000000001');

    const [create] = calls('POST', /^\/api\/v1\/sites$/);
    expect(create?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(create!.body.toString())).toEqual({ name: 'flows-website-1700000000001' });
    const [site] = (await harness.database.db.select().from(hostedSites)).filter(
      (row) => row.id === siteId,
    );
    expect(site).toMatchObject({
      provider: 'netlify',
      remoteId: expect.any(String),
      url: 'https://flows-website-1700000000001.netlify.app',
    });

    netlify.script({ checksBeforeReady: 2 });
    const deploy = await client.post(`/api/websites/${websiteId}/deploy`, { siteId });
    expect(deploy.status).toBe(200);
    expect(await deploy.json()).toEqual({
      success: true,
      deployUrl: 'https://flows-website-1700000000001.netlify.app',
    });

    const [digest] = calls('POST', /\/deploys$/);
    expect(digest?.path).toBe(`/api/v1/sites/${site!.remoteId}/deploys`);
    expect(digest?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(digest!.body.toString())).toEqual({ files: { '/index.html': sha1(html) } });
    const uploads = calls('PUT', /\/files\//);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.path).toMatch(/^\/api\/v1\/deploys\/[\w-]+\/files\/index\.html$/);
    expect(uploads[0]!.headers['content-type']).toBe('application/octet-stream');
    expect(uploads[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(uploads[0]!.body.toString()).toBe(html);
    expect(sha1(uploads[0]!.body.toString())).toBe(sha1(html));
    // Checked until ready: twice 'processing', then 'ready'.
    expect(calls('GET', /^\/api\/v1\/deploys\/[\w-]+$/)).toHaveLength(3);

    expect(await json(await client.request(`/api/websites/${websiteId}`))).toMatchObject({
      deploymentUrl: 'https://flows-website-1700000000001.netlify.app',
    });
    const deploys = (await harness.database.db.select().from(siteDeploys)).filter(
      (row) => row.siteId === siteId,
    );
    expect(deploys).toEqual([
      expect.objectContaining({
        websiteId,
        html,
        url: 'https://flows-website-1700000000001.netlify.app',
      }),
    ]);
    // A Netlify site is not also served by the built-in host.
    expect((await harness.app.request(`/sites/${siteId}/`)).status).toBe(404);
  });

  it('uploads nothing when Netlify already has every file', async () => {
    const websiteId = await saveWebsite('<html><body>Known page</body></html>');
    const siteId = await netlifySite('flows-website-1700000000002');
    netlify.script({ nothingRequired: true });
    const deploy = await client.post(`/api/websites/${websiteId}/deploy`, { siteId });
    expect(await deploy.json()).toEqual({
      success: true,
      deployUrl: 'https://flows-website-1700000000002.netlify.app',
    });
    expect(calls('POST', /\/deploys$/)).toHaveLength(1);
    expect(calls('PUT', /.*/)).toEqual([]);
  });

  it('answers 502 with Netlify status and body when site creation fails, token removed', async () => {
    netlify.script({
      createSiteFails: {
        status: 422,
        body: `{"code":422,"message":"subdomain must be unique","seen":"Bearer ${TOKEN}"}`,
      },
    });
    const sitesBefore = (await harness.database.db.select().from(hostedSites)).length;
    const response = await client.post('/api/netlify/sites', { name: 'taken-name' });
    expect(response.status).toBe(502);
    const { error } = await json<{ error: string }>(response);
    expect(error).toContain('422');
    expect(error).toContain('subdomain must be unique');
    expect(error).toContain('[redacted]');
    expect(error).not.toContain(TOKEN);
    expect((await harness.database.db.select().from(hostedSites)).length).toBe(sitesBefore);
  });

  it("answers 502 with Netlify's error_message when the deploy ends in error", async () => {
    const websiteId = await saveWebsite('<html><body>Broken build</body></html>');
    const siteId = await netlifySite('flows-website-1700000000003');
    netlify.script({ deployError: 'Build script returned non-zero exit code: 2' });
    const response = await client.post(`/api/websites/${websiteId}/deploy`, { siteId });
    expect(response.status).toBe(502);
    expect(await json<{ error: string }>(response)).toEqual({
      error: 'Netlify deploy failed: Build script returned non-zero exit code: 2',
    });
    const website = await json<{ deploymentUrl: string | null }>(
      await client.request(`/api/websites/${websiteId}`),
    );
    expect(website.deploymentUrl).toBeNull();
  });

  it('gives up on a deploy that never becomes ready after a bounded number of checks', async () => {
    const websiteId = await saveWebsite('<html><body>Slow</body></html>');
    const siteId = await netlifySite('flows-website-1700000000004');
    netlify.script({ checksBeforeReady: 1000 });
    const response = await client.post(`/api/websites/${websiteId}/deploy`, { siteId });
    expect(response.status).toBe(502);
    expect((await json<{ error: string }>(response)).error).toContain('not ready after 30 checks');
    expect(calls('GET', /^\/api\/v1\/deploys\/[\w-]+$/)).toHaveLength(30);
  });

  it('runs a bakery website flow to the end with the Netlify URL as deployUrl', async () => {
    const taskId = await client.start({ goal: 'Create a website for a bakery' });
    const state = await client.waitFor(taskId, ['complete']);
    expect(state.websiteId).toBeTruthy();
    expect(state.deployUrl).toMatch(/^https:\/\/flows-website-\d+\.netlify\.app$/);
    const siteName = new URL(state.deployUrl!).hostname.replace('.netlify.app', '');
    const [create] = calls('POST', /^\/api\/v1\/sites$/);
    expect(JSON.parse(create!.body.toString())).toEqual({ name: siteName });
    const [upload] = calls('PUT', /\/files\/index\.html$/);
    expect(upload?.body.toString()).toContain('<h1>Welcome</h1>');
    const website = await client.request(`/api/websites/${state.websiteId}`);
    expect(await website.json()).toMatchObject({ deploymentUrl: state.deployUrl, taskId });
    const feed = await client.steps(taskId);
    expect(feed.at(-1)?.content).toContain(state.deployUrl!);
  });
});

describe('Netlify sites for visitors', () => {
  it('answers 401: sites on the operator account are for signed-in users', async () => {
    const response = await flowClient(harness.app).post('/api/netlify/sites', { name: 'x' });
    expect(response.status).toBe(401);
    expect(netlify.requests).toEqual([]);
  });

  it("deploys a visitor's run on the built-in host, never with the operator's token", async () => {
    const visitor = flowClient(harness.app);
    const taskId = await visitor.start({ goal: 'Create a website for a bakery' });
    const state = await visitor.waitFor(taskId, ['complete']);
    expect(state.error).toBeNull();
    expect(state.deployUrl).toMatch(/^http:\/\/localhost:3000\/sites\/[\w-]+\/$/);
    expect(netlify.requests).toEqual([]);
    const page = await harness.app.request(new URL(state.deployUrl!).pathname);
    expect(await page.text()).toContain('<h1>Welcome</h1>');
  });
});

describe('Netlify deploy addresses', () => {
  it('are accepted only as http(s) URLs', async () => {
    const websiteId = await saveWebsite('<html><body>Odd answer</body></html>');
    const siteId = await netlifySite('flows-website-1700000000005');
    netlify.script({ deployUrl: 'javascript:alert(document.cookie)' });
    const response = await client.post(`/api/websites/${websiteId}/deploy`, { siteId });
    expect(response.status).toBe(502);
    expect((await json<{ error: string }>(response)).error).toBe(
      'Netlify deploy failed: Netlify gave no http(s) site address',
    );
    expect(await json(await client.request(`/api/websites/${websiteId}`))).toMatchObject({
      deploymentUrl: null,
    });
  });
});

describe('unpublishing Netlify sites', () => {
  it('deletes the site on Netlify too, and keeps it when Netlify refuses', async () => {
    const websiteId = await saveWebsite('<html><body>Going away</body></html>');
    const siteId = await netlifySite('flows-website-1700000000006');
    await client.post(`/api/websites/${websiteId}/deploy`, { siteId });
    const [row] = await harness.database.db
      .select()
      .from(hostedSites)
      .where(eq(hostedSites.id, siteId));

    netlify.script({ deleteSiteFails: { status: 500, body: `{"seen":"Bearer ${TOKEN}"}` } });
    const failed = await client.request(`/api/sites/${siteId}`, { method: 'DELETE' });
    expect(failed.status).toBe(502);
    expect((await json<{ error: string }>(failed)).error).not.toContain(TOKEN);
    expect(netlify.siteIds()).toContain(row!.remoteId);

    netlify.script({});
    netlify.clear();
    const removed = await client.request(`/api/sites/${siteId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    const [deletion] = calls('DELETE', /^\/api\/v1\/sites\/[^/]+$/);
    expect(deletion?.path).toBe(`/api/v1/sites/${row!.remoteId}`);
    expect(deletion?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(netlify.siteIds()).not.toContain(row!.remoteId);
    expect(
      await harness.database.db.select().from(hostedSites).where(eq(hostedSites.id, siteId)),
    ).toEqual([]);
  });

  it("deletes the Netlify sites of the history's runs when the history is cleared", async () => {
    const owner = flowClient(harness.app, await signUp(harness.app, 'netlify_history'));
    const taskId = await owner.start({ goal: 'Create a website for a bakery' });
    const state = await owner.waitFor(taskId, ['complete']);
    expect(state.deployUrl).toMatch(/\.netlify\.app$/);
    const before = netlify.siteIds().length;
    netlify.clear();
    expect((await owner.request('/api/tasks', { method: 'DELETE' })).status).toBe(200);
    expect(calls('DELETE', /^\/api\/v1\/sites\/[^/]+$/)).toHaveLength(1);
    expect(netlify.siteIds()).toHaveLength(before - 1);
  });
});

describe('Netlify hosting without a token', () => {
  it('answers 400 naming NETLIFY_TOKEN and calls nothing', async () => {
    const bare = await createTestApp(
      { ALLOW_PRIVATE_TARGETS: 'true', NETLIFY_API_URL: netlify.url },
      { database: harness.database },
    );
    try {
      const response = await flowClient(bare.app, session).post('/api/netlify/sites', {
        name: 'x',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Netlify hosting is not configured (set NETLIFY_TOKEN)',
      });
      expect(netlify.requests).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe('Netlify calls go through the guarded client', () => {
  it('refuses a private Netlify address unless ALLOW_PRIVATE_TARGETS is on', async () => {
    const guarded = await createTestApp(
      { NETLIFY_TOKEN: TOKEN, NETLIFY_API_URL: netlify.url },
      { database: harness.database },
    );
    try {
      const response = await flowClient(guarded.app, session).post('/api/netlify/sites', {
        name: 'x',
      });
      expect(response.status).toBe(502);
      expect((await json<{ error: string }>(response)).error).toContain(
        'Refused to call a private or internal address',
      );
      expect(netlify.requests).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});

describe('hosting configuration', () => {
  it('defaults to the built-in host and the public Netlify API', () => {
    expect(loadConfig({}).hosting).toEqual({ provider: 'local' });
    expect(loadConfig({ NETLIFY_TOKEN: 'abc' }).hosting).toEqual({
      provider: 'local',
      netlify: { token: 'abc', apiUrl: 'https://api.netlify.com' },
    });
  });

  it('stops start-up when HOSTING_PROVIDER=netlify has no NETLIFY_TOKEN', () => {
    expect(() => loadConfig({ HOSTING_PROVIDER: 'netlify' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOSTING_PROVIDER: 'netlify' })).toThrow('NETLIFY_TOKEN');
  });

  it.each([
    ['HOSTING_PROVIDER', 'ftp'],
    ['NETLIFY_API_URL', 'not a url'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ NETLIFY_TOKEN: 'abc', [name]: value })).toThrow(name);
  });
});
