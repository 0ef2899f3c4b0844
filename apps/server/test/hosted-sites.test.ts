import { hostedSites, siteDeploys } from '@flows/db';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowClient, signUp } from './flow-client';
import { createTestApp, json } from './harness';

type Harness = Awaited<ReturnType<typeof createTestApp>>;
type Client = ReturnType<typeof flowClient>;

let model: ScriptedModel;
let harness: Harness;
beforeAll(async () => {
  model = await startScriptedModel();
  harness = await createTestApp(
    {
      MODEL_ENDPOINT: model.url,
      MODEL_TIMEOUT_MS: '500',
      VISITOR_SITE_DEPLOYS_PER_DAY: '3',
      VISITOR_SITE_TTL_HOURS: '2',
    },
    { flows: true },
  );
});
afterAll(async () => {
  await harness?.close();
  await model?.close();
});

/** Saves a website, creates a built-in site and deploys it; returns the answers. */
async function publish(client: Client, html = '<h1>Hello</h1>') {
  const website = await json<{ id: string }>(
    await client.post('/api/websites', { name: 'Page', html }),
  );
  const { siteId } = await json<{ siteId: string }>(
    await client.post('/api/local/sites', { name: 'flows-website-1' }),
  );
  const deploy = await client.post(`/api/websites/${website.id}/deploy`, { siteId });
  return { websiteId: website.id, siteId, deploy };
}

const pathOf = (url: string) => new URL(url).pathname;

/** Makes every visitor deploy so far older than the quota's day, freeing the quota. */
const forgetVisitorDeploys = (target: Harness) =>
  target.database.db.execute(
    sql`update site_deploys set created_at = created_at - interval '25 hours' where client_address is not null`,
  );

describe('visitor deploys', () => {
  it('stop at the daily quota per address with 429 and Retry-After, over REST and tRPC', async () => {
    await forgetVisitorDeploys(harness);
    const visitor = flowClient(harness.app);
    for (let deploy = 0; deploy < 3; deploy++) {
      expect((await publish(visitor)).deploy.status).toBe(200);
    }
    const { websiteId, siteId, deploy } = await publish(visitor);
    expect(deploy.status).toBe(429);
    expect((await json<{ error: string }>(deploy)).error).toMatch(
      /^Visitors can deploy 3 times a day from one address\. Try again in about (an hour|\d+ hours), or sign in\.$/,
    );
    const retryAfter = Number(deploy.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Nothing was recorded for the refused deploy.
    const rows = await harness.database.db
      .select()
      .from(siteDeploys)
      .where(eq(siteDeploys.siteId, siteId));
    expect(rows).toEqual([]);

    const trpc = await harness.app.request('/trpc/website.deploy', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: websiteId, siteId }),
    });
    expect(trpc.status).toBe(429);
    expect(trpc.headers.get('retry-after')).toMatch(/^\d+$/);

    // Signed-in users are not visitors: their deploys do not count.
    const owner = flowClient(harness.app, await signUp(harness.app, 'quota_owner'));
    expect((await publish(owner)).deploy.status).toBe(200);
    // A day later the quota is back.
    await forgetVisitorDeploys(harness);
    expect((await publish(visitor)).deploy.status).toBe(200);
  });

  it('hold the quota when many arrive at once', async () => {
    await forgetVisitorDeploys(harness);
    const visitor = flowClient(harness.app);
    const results = await Promise.all(Array.from({ length: 8 }, () => publish(visitor)));
    const statuses = results.map((result) => result.deploy.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    await forgetVisitorDeploys(harness);
  });

  it('are not limited with VISITOR_SITE_DEPLOYS_PER_DAY=0', async () => {
    const open = await createTestApp(
      { VISITOR_SITE_DEPLOYS_PER_DAY: '0' },
      { database: harness.database },
    );
    try {
      const visitor = flowClient(open.app);
      for (let deploy = 0; deploy < 5; deploy++) {
        expect((await publish(visitor)).deploy.status).toBe(200);
      }
    } finally {
      await open.close();
      await forgetVisitorDeploys(harness);
    }
  });
});

describe('visitor sites', () => {
  it('answer 404 once they outlive VISITOR_SITE_TTL_HOURS and are then deleted', async () => {
    const visitor = flowClient(harness.app);
    const owner = flowClient(harness.app, await signUp(harness.app, 'ttl_owner'));
    const old = await publish(visitor, '<h1>Old visitor page</h1>');
    const kept = await publish(owner, '<h1>Old owner page</h1>');
    const oldUrl = (await json<{ deployUrl: string }>(old.deploy)).deployUrl;
    const keptUrl = (await json<{ deployUrl: string }>(kept.deploy)).deployUrl;
    expect((await harness.app.request(pathOf(oldUrl))).status).toBe(200);

    const threeHoursAgo = sql`now() - interval '3 hours'`;
    for (const siteId of [old.siteId, kept.siteId]) {
      await harness.database.db
        .update(hostedSites)
        .set({ createdAt: threeHoursAgo })
        .where(eq(hostedSites.id, siteId));
    }
    expect((await harness.app.request(pathOf(oldUrl))).status).toBe(404);
    expect((await harness.app.request(pathOf(keptUrl))).status).toBe(200);
    // Nor can it be deployed to any more.
    const again = await visitor.post(`/api/websites/${old.websiteId}/deploy`, {
      siteId: old.siteId,
    });
    expect(again.status).toBe(404);

    // The next visitor site cleans expired ones up, and the website forgets the address.
    await publish(visitor);
    const left = await harness.database.db
      .select({ id: hostedSites.id })
      .from(hostedSites)
      .where(eq(hostedSites.id, old.siteId));
    expect(left).toEqual([]);
    expect(await json(await visitor.request(`/api/websites/${old.websiteId}`))).toMatchObject({
      deploymentUrl: null,
    });
    const ownerSite = await harness.database.db
      .select({ id: hostedSites.id })
      .from(hostedSites)
      .where(eq(hostedSites.id, kept.siteId));
    expect(ownerSite).toHaveLength(1);
    await forgetVisitorDeploys(harness);
  });
});

describe('the built-in host', () => {
  it("sandboxes every site without allow-forms and with form-action 'none'", async () => {
    const { deploy } = await publish(flowClient(harness.app));
    const page = await harness.app.request(
      pathOf((await json<{ deployUrl: string }>(deploy)).deployUrl),
    );
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox allow-scripts /);
    expect(csp).not.toContain('allow-forms');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("form-action 'none'");
    await forgetVisitorDeploys(harness);
  });

  it.each([
    '/sites/%0d%0a',
    '/sites/%0D%0ASet-Cookie:%20a=b',
    '/sites/abc%0d%0aLocation:%20https:%2F%2Fevil.example',
    '/sites/%0d%0a/',
    '/sites/%E0%A4%A',
    '/sites/%0a%0d/x',
  ])('answers 404, never 500, for %s', async (path) => {
    const response = await harness.app.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('announces deploys at SITES_URL and still serves them sandboxed on the app origin', async () => {
    const separate = await createTestApp(
      { SITES_URL: 'https://sites.example.net/' },
      { database: harness.database },
    );
    try {
      const visitor = flowClient(separate.app);
      const { deploy } = await publish(visitor, '<h1>Separate origin</h1>');
      const { deployUrl } = await json<{ deployUrl: string }>(deploy);
      expect(deployUrl).toMatch(/^https:\/\/sites\.example\.net\/sites\/[\w-]+\/$/);
      const page = await separate.app.request(pathOf(deployUrl));
      expect(await page.text()).toContain('Separate origin');
      expect(page.headers.get('content-security-policy')).toMatch(/^sandbox /);
    } finally {
      await separate.close();
      await forgetVisitorDeploys(harness);
    }
  });
});

describe('unpublishing', () => {
  it('lets the owner take a site down over REST (DELETE /api/sites/{id}) and tRPC', async () => {
    const session = await signUp(harness.app, 'unpublisher');
    const owner = flowClient(harness.app, session);
    const other = flowClient(harness.app, await signUp(harness.app, 'not_the_owner'));
    const first = await publish(owner, '<h1>First</h1>');
    const second = await publish(owner, '<h1>Second</h1>');
    const firstUrl = (await json<{ deployUrl: string }>(first.deploy)).deployUrl;
    const secondUrl = (await json<{ deployUrl: string }>(second.deploy)).deployUrl;

    const listed = await json<{ id: string; url: string; provider: string }[]>(
      await owner.request('/api/sites'),
    );
    expect(listed.map((site) => site.id).sort()).toEqual([first.siteId, second.siteId].sort());
    expect(listed.find((site) => site.id === first.siteId)).toMatchObject({
      url: firstUrl,
      provider: 'local',
    });
    expect(await json(await other.request('/api/sites'))).toEqual([]);
    expect((await flowClient(harness.app).request('/api/sites')).status).toBe(401);

    // Another user cannot, and nothing changes.
    const refused = await other.request(`/api/sites/${first.siteId}`, { method: 'DELETE' });
    expect(refused.status).toBe(404);
    expect((await harness.app.request(pathOf(firstUrl))).status).toBe(200);

    const removed = await owner.request(`/api/sites/${first.siteId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ success: true });
    expect((await harness.app.request(pathOf(firstUrl))).status).toBe(404);
    expect(await json(await owner.request(`/api/websites/${first.websiteId}`))).toMatchObject({
      deploymentUrl: null,
    });
    expect((await owner.request(`/api/sites/${first.siteId}`, { method: 'DELETE' })).status).toBe(
      404,
    );

    const trpc = await harness.app.request('/trpc/website.deleteSite', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie },
      body: JSON.stringify({ id: second.siteId }),
    });
    expect(trpc.status).toBe(200);
    expect((await harness.app.request(pathOf(secondUrl))).status).toBe(404);
  });
});

describe('clearing history', () => {
  it("takes down what the history's runs published, and keeps other deploys", async () => {
    const session = await signUp(harness.app, 'history_clearer');
    const owner = flowClient(harness.app, session);
    const taskId = await owner.start({ goal: 'Create a website for a bakery' });
    const state = await owner.waitFor(taskId, ['complete']);
    expect(state.deployUrl).toBeTruthy();
    const runPage = pathOf(state.deployUrl!);
    expect((await harness.app.request(runPage)).status).toBe(200);

    // A site of the user's that served a website from the history and then another one.
    const { siteId, deploy } = await publish(owner, '<h1>Not from history</h1>');
    const mixedUrl = (await json<{ deployUrl: string }>(deploy)).deployUrl;
    const fromRun = await owner.post(`/api/websites/${state.websiteId}/deploy`, { siteId });
    expect(fromRun.status).toBe(200);
    expect(await (await harness.app.request(pathOf(mixedUrl))).text()).toContain('Welcome');

    const cleared = await owner.request('/api/tasks', { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect((await harness.app.request(runPage)).status).toBe(404);
    // The mixed site is back to the deploy that did not come from the history.
    const mixed = await harness.app.request(pathOf(mixedUrl));
    expect(await mixed.text()).toContain('Not from history');
    const deploys = await harness.database.db
      .select({ websiteId: siteDeploys.websiteId })
      .from(siteDeploys)
      .where(eq(siteDeploys.siteId, siteId));
    expect(deploys).toHaveLength(1);
  });
});
