import { apiIntegrations, type Database, webhooks } from '@flows/db';
import { and, eq, isNull } from 'drizzle-orm';
import { hasUrlSecrets, sealUrl } from '../secrets/url-secrets';

/** Seals the rows whose address carries credentials; returns how many. */
async function sealEach<Row extends { url: string }>(
  rows: Row[],
  seal: (row: Row) => Promise<unknown>,
): Promise<number> {
  const plain = rows.filter((row) => hasUrlSecrets(row.url));
  for (const row of plain) await seal(row);
  return plain.length;
}

/**
 * Seals the addresses saved before addresses with credentials were encrypted: webhooks' URLs and
 * integrations' base URLs. Run once at start-up (cheap when there is nothing to do); the rows'
 * `updatedAt` stays, as this is no edit by their users. Returns how many were sealed.
 */
export async function sealStoredAddresses(db: Database, key: Buffer): Promise<number> {
  const hooks = await db
    .select({ id: webhooks.id, url: webhooks.url, updatedAt: webhooks.updatedAt })
    .from(webhooks)
    .where(isNull(webhooks.urlSealed));
  const apis = await db
    .select({
      id: apiIntegrations.id,
      url: apiIntegrations.baseUrl,
      updatedAt: apiIntegrations.updatedAt,
    })
    .from(apiIntegrations)
    .where(isNull(apiIntegrations.baseUrlSealed));
  const sealedHooks = await sealEach(hooks, ({ id, url, updatedAt }) => {
    const { masked, sealed } = sealUrl(url, key);
    return db
      .update(webhooks)
      .set({ url: masked, urlSealed: sealed, updatedAt })
      .where(and(eq(webhooks.id, id), eq(webhooks.url, url), isNull(webhooks.urlSealed)));
  });
  const sealedApis = await sealEach(apis, ({ id, url, updatedAt }) => {
    const { masked, sealed } = sealUrl(url, key);
    return db
      .update(apiIntegrations)
      .set({ baseUrl: masked, baseUrlSealed: sealed, updatedAt })
      .where(
        and(
          eq(apiIntegrations.id, id),
          eq(apiIntegrations.baseUrl, url),
          isNull(apiIntegrations.baseUrlSealed),
        ),
      );
  });
  return sealedHooks + sealedApis;
}
