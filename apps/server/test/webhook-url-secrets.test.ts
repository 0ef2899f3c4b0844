import { sealStoredAddresses } from '@flows/api';
import { apiIntegrations, integrationExecutions, webhooks } from '@flows/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Session, signUp } from './flow-client';
import { createTestApp, json } from './harness';
import { call, startEchoTarget } from './integrations-helpers';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let target: Awaited<ReturnType<typeof startEchoTarget>>;
let user: Session;
beforeAll(async () => {
  harness = await createTestApp({ ALLOW_PRIVATE_TARGETS: 'true' });
  target = await startEchoTarget();
  user = await signUp(harness.app, 'url_secrets');
});
afterAll(async () => {
  await target?.close();
  await harness?.close();
});
beforeEach(() => {
  target.received.length = 0;
});

const api = (method: string, path: string, body?: unknown) =>
  call(harness.app, method, path, user, body);

type Webhook = { id: string; url: string };

const storedRow = async (id: string) => {
  const [row] = await harness.database.db.select().from(webhooks).where(eq(webhooks.id, id));
  return row!;
};

/** Executes the webhook and returns the path and query the target received. */
async function executed(id: string): Promise<string> {
  const response = await api('POST', `/api/webhooks/${id}/execute`, {});
  expect(response.status).toBe(200);
  return target.received.at(-1)!.url;
}

describe('webhook addresses with credentials', () => {
  it('are stored encrypted, answered masked, and called for real', async () => {
    const url = `${target.base}/echo?token=tok-5ecret&page=2&sig=s1g-5ecret`;
    const response = await api('POST', '/api/webhooks', { name: 'Hook', url, method: 'POST' });
    expect(response.status).toBe(201);
    const masked = `${target.base}/echo?token=********&page=2&sig=********`;
    const created = await json<Webhook>(response);
    expect(created.url).toBe(masked);
    expect((await json<Webhook>(await api('GET', `/api/webhooks/${created.id}`))).url).toBe(masked);
    const list = await json<Webhook[]>(await api('GET', '/api/webhooks'));
    expect(list.find((hook) => hook.id === created.id)?.url).toBe(masked);
    const trpc = await harness.app.request(
      `/trpc/webhook.byId?input=${encodeURIComponent(JSON.stringify({ id: created.id }))}`,
      { headers: { cookie: user.cookie } },
    );
    expect(JSON.stringify(await trpc.json())).not.toContain('5ecret');

    const row = await storedRow(created.id);
    expect(JSON.stringify(row)).not.toContain('5ecret');
    expect(row.urlSealed).toMatch(/^enc:v1:/);

    expect(await executed(created.id)).toBe('/echo?token=tok-5ecret&page=2&sig=s1g-5ecret');
    const history = await harness.database.db
      .select({ url: integrationExecutions.url })
      .from(integrationExecutions)
      .where(eq(integrationExecutions.itemId, created.id));
    expect(JSON.stringify(history)).not.toContain('5ecret');
  });

  it('whose path is the credential (Slack, Discord, Telegram...) are stored encrypted and answered masked', async () => {
    const url = 'https://hooks.slack.com/services/T0001/B0002/sl4ck-5ecret';
    const response = await api('POST', '/api/webhooks', { name: 'Slack', url });
    expect(response.status).toBe(201);
    const masked = 'https://hooks.slack.com/services/T0001/B0002/********';
    const created = await json<Webhook>(response);
    expect(created.url).toBe(masked);
    const list = await json<Webhook[]>(await api('GET', '/api/webhooks'));
    expect(list.find((hook) => hook.id === created.id)?.url).toBe(masked);
    const row = await storedRow(created.id);
    expect(JSON.stringify(row)).not.toContain('5ecret');
    expect(row.urlSealed).toMatch(/^enc:v1:/);
    // Sent back as shown, the address keeps its secret.
    await api('PUT', `/api/webhooks/${created.id}`, { name: 'Slack alerts', url: masked });
    expect(JSON.stringify(await storedRow(created.id))).not.toContain('5ecret');
    expect(await json(await api('GET', `/api/webhooks/${created.id}`))).toMatchObject({
      name: 'Slack alerts',
      url: masked,
    });
  });

  it('keep the stored credentials when an edit sends the masked address back', async () => {
    const url = `http://user:pa55-5ecret@${target.base.slice('http://'.length)}/echo?apikey=k3y-5ecret`;
    const { id } = await json<Webhook>(await api('POST', '/api/webhooks', { name: 'Edit', url }));
    const { url: masked } = await json<Webhook>(await api('GET', `/api/webhooks/${id}`));
    expect(masked).toBe(
      `http://user:********@${target.base.slice('http://'.length)}/echo?apikey=********`,
    );

    // Another field changed, the address sent back as shown.
    const renamed = await api('PUT', `/api/webhooks/${id}`, { name: 'Renamed', url: masked });
    expect(renamed.status).toBe(200);
    expect((await json<Webhook>(renamed)).url).toBe(masked);
    expect(await executed(id)).toBe('/echo?apikey=k3y-5ecret');

    // A query parameter added next to the masked one keeps the key too.
    await api('PUT', `/api/webhooks/${id}`, { url: `${masked}&extra=1` });
    expect(await executed(id)).toBe('/echo?apikey=k3y-5ecret&extra=1');
    expect((await storedRow(id)).urlSealed).toMatch(/^enc:v1:/);

    // A new value replaces it.
    await api('PUT', `/api/webhooks/${id}`, { url: `${target.base}/echo?apikey=n3w-5ecret` });
    expect(await executed(id)).toBe('/echo?apikey=n3w-5ecret');

    // A masked value does not follow the address to another host.
    const moved = await api('PUT', `/api/webhooks/${id}`, {
      url: 'https://elsewhere.example/echo?apikey=********',
    });
    expect(moved.status).toBe(400);
    expect(await json(moved)).toEqual({
      error: 'Saved secrets do not move to a new host: enter them again or clear them',
    });
    expect(await executed(id)).toBe('/echo?apikey=n3w-5ecret');
  });

  it('written before sealing are masked in answers and sealed at start-up', async () => {
    const { id } = await json<Webhook>(
      await api('POST', '/api/webhooks', { name: 'Old', url: `${target.base}/echo` }),
    );
    const plain = `${target.base}/echo?secret=01d-5ecret`;
    await harness.database.db.update(webhooks).set({ url: plain }).where(eq(webhooks.id, id));
    const { url, updatedAt } = await json<Webhook & { updatedAt: string }>(
      await api('GET', `/api/webhooks/${id}`),
    );
    expect(url).toBe(`${target.base}/echo?secret=********`);

    expect(await sealStoredAddresses(harness.database.db, Buffer.alloc(32, 7))).toBe(1);
    const row = await storedRow(id);
    expect(row.url).toBe(`${target.base}/echo?secret=********`);
    expect(row.urlSealed).toMatch(/^enc:v1:/);
    expect(row.updatedAt.toISOString()).toBe(updatedAt);
    expect(await executed(id)).toBe('/echo?secret=01d-5ecret');
    expect(await sealStoredAddresses(harness.database.db, Buffer.alloc(32, 7))).toBe(0);
  });
});

describe('API integration base URLs with credentials', () => {
  type Integration = { id: string; baseUrl: string };
  const storedIntegration = async (id: string) => {
    const [row] = await harness.database.db
      .select()
      .from(apiIntegrations)
      .where(eq(apiIntegrations.id, id));
    return row!;
  };
  async function executedApi(id: string): Promise<string> {
    const response = await api('POST', `/api/integrations/${id}/execute`, {
      endpoint: '/items',
      method: 'GET',
    });
    expect(response.status).toBe(200);
    return target.received.at(-1)!.url;
  }

  it('are stored encrypted, answered masked, kept when sent back masked, and called for real', async () => {
    const baseUrl = `${target.base}/api?api_key=k3y-5ecret`;
    const response = await api('POST', '/api/integrations', { name: 'Keyed API', baseUrl });
    expect(response.status).toBe(201);
    const masked = `${target.base}/api?api_key=********`;
    const created = await json<Integration>(response);
    expect(created.baseUrl).toBe(masked);
    const list = await json<Integration[]>(await api('GET', '/api/integrations'));
    expect(list.find((item) => item.id === created.id)?.baseUrl).toBe(masked);
    const row = await storedIntegration(created.id);
    expect(JSON.stringify(row)).not.toContain('5ecret');
    expect(row.baseUrlSealed).toMatch(/^enc:v1:/);
    expect(await executedApi(created.id)).toBe('/api/items?api_key=k3y-5ecret');

    const renamed = await api('PUT', `/api/integrations/${created.id}`, {
      name: 'Renamed API',
      baseUrl: masked,
    });
    expect(renamed.status).toBe(200);
    expect((await json<Integration>(renamed)).baseUrl).toBe(masked);
    expect(await executedApi(created.id)).toBe('/api/items?api_key=k3y-5ecret');

    const history = await harness.database.db
      .select({ url: integrationExecutions.url })
      .from(integrationExecutions)
      .where(eq(integrationExecutions.itemId, created.id));
    expect(history.length).toBeGreaterThan(0);
    expect(JSON.stringify(history)).not.toContain('5ecret');
  });

  it('saved before sealing are masked in answers and sealed at start-up', async () => {
    const { id } = await json<Integration>(
      await api('POST', '/api/integrations', { name: 'Old API', baseUrl: `${target.base}/api` }),
    );
    const plain = `${target.base}/api?token=01d-5ecret`;
    await harness.database.db
      .update(apiIntegrations)
      .set({ baseUrl: plain })
      .where(eq(apiIntegrations.id, id));
    const shown = await json<Integration>(await api('GET', `/api/integrations/${id}`));
    expect(shown.baseUrl).toBe(`${target.base}/api?token=********`);

    expect(await sealStoredAddresses(harness.database.db, Buffer.alloc(32, 7))).toBe(1);
    const row = await storedIntegration(id);
    expect(row.baseUrl).toBe(`${target.base}/api?token=********`);
    expect(row.baseUrlSealed).toMatch(/^enc:v1:/);
    expect(await executedApi(id)).toBe('/api/items?token=01d-5ecret');
  });
});
