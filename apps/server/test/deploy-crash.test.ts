import { hostedSites, siteDeploys, websites } from '@flows/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowClient, signUp } from './flow-client';
import { type NetlifyServer, startNetlifyServer } from './netlify-server';
import { useWorkerStack } from './worker-process';

// Separate worker processes share a PostgreSQL server, so this test needs DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;
const TOKEN = 'nfp_crash-token-71c2';

const netlifyEnv = (netlify: NetlifyServer) => ({
  HOSTING_PROVIDER: 'netlify',
  NETLIFY_TOKEN: TOKEN,
  NETLIFY_API_URL: netlify.url,
  ALLOW_PRIVATE_TARGETS: 'true',
});

async function until(condition: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!databaseUrl)('a worker killed between deploying and recording it', () => {
  let netlify: NetlifyServer;
  beforeAll(async () => {
    netlify = await startNetlifyServer(TOKEN);
  });
  afterAll(() => netlify?.close());
  const { stack, workers } = useWorkerStack({ env: () => netlifyEnv(netlify) });

  it('resumes with the Netlify site it created, leaving no duplicate or orphan', async () => {
    const client = flowClient(stack.harness.app, await signUp(stack.harness.app, 'crash_owner'));
    // Netlify creates the site but the worker never hears of it: it dies waiting.
    netlify.script({ createSiteUnanswered: true });
    const taskId = await client.start({ goal: 'Create a website for a bakery' });
    workers.start();
    await until(() => netlify.siteNames().length === 1);
    await workers.kill();
    netlify.script({});
    workers.start();

    const state = await client.waitFor(taskId, ['complete'], { timeoutMs: 60_000 });
    const [siteName] = netlify.siteNames();
    expect(netlify.siteNames()).toHaveLength(1);
    expect(state.deployUrl).toBe(`https://${siteName}.netlify.app`);

    const { db } = stack.database;
    const sites = await db.select().from(hostedSites);
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({ provider: 'netlify', remoteId: netlify.siteIds()[0] });
    expect(await db.select().from(siteDeploys)).toHaveLength(1);
    expect(await db.select().from(websites).where(eq(websites.taskId, taskId))).toHaveLength(1);
    const steps = await client.steps(taskId);
    expect(steps.map((step) => step.seq)).toEqual(steps.map((_, index) => index + 1));
  }, 120_000);
});
