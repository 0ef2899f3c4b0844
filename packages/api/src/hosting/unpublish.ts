import { type Database, hostedSites, siteDeploys, tasks, websites } from '@flows/db';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { deleteNetlifySite } from './netlify';
import { findLiveSite, type HostingEnv, netlifyOptions } from './sites';

/** A site as its owner sees it: `id` is what deploys and unpublishing take. */
export type TSiteView = {
  id: string;
  name: string;
  provider: string;
  /** Where it serves its newest deploy; null before the first one. */
  url: string | null;
  createdAt: string;
};

type SiteRow = { id: string; provider: string; remoteId: string | null; url: string | null };

/** The signed-in user's sites, newest first. */
export async function listSites(db: Database, userId: string): Promise<TSiteView[]> {
  const rows = await db
    .select()
    .from(hostedSites)
    .where(eq(hostedSites.userId, userId))
    .orderBy(desc(hostedSites.createdAt), desc(hostedSites.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    provider: row.provider,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Deletes sites with every deploy: Netlify sites on Netlify first (a failure there keeps them
 * all, so nothing is left half removed), then the rows; websites deployed there forget the address.
 */
async function removeSites(db: Database, env: HostingEnv, sites: readonly SiteRow[]) {
  if (sites.length === 0) return;
  const remote = sites.filter((site) => site.provider === 'netlify' && site.remoteId);
  // Without NETLIFY_TOKEN the operator's Netlify account cannot be reached: only Flows forgets them.
  if (remote.length > 0 && env.hosting.netlify) {
    const options = netlifyOptions(env);
    for (const site of remote) await deleteNetlifySite(options, site.remoteId!);
  }
  const ids = sites.map((site) => site.id);
  const urls = sites.flatMap((site) => (site.url ? [site.url] : []));
  await db.transaction(async (tx) => {
    if (urls.length > 0) {
      const deployed = tx
        .select({ websiteId: siteDeploys.websiteId })
        .from(siteDeploys)
        .where(inArray(siteDeploys.siteId, ids));
      await tx
        .update(websites)
        .set({ deploymentUrl: null })
        .where(and(inArray(websites.id, deployed), inArray(websites.deploymentUrl, urls)));
    }
    await tx.delete(hostedSites).where(inArray(hostedSites.id, ids));
  });
}

/**
 * Unpublishes a site: it stops serving (404) and is deleted with its deploys, on Netlify too.
 * Like deploying, it takes the site's id: a user's own site, or a visitor's site by its id.
 */
export async function unpublishSite(
  db: Database,
  env: HostingEnv,
  input: { siteId: string; userId: string | null },
): Promise<void> {
  const site = await findLiveSite(db, env, input);
  await removeSites(db, env, [site]);
}

/**
 * Takes down what a user's history published, before the history is deleted: the deploys of
 * websites built in their tasks. A site that only ever served such deploys is deleted (on
 * Netlify too); a site that also served other websites keeps those deploys.
 */
export async function removeHistoryDeploys(
  db: Database,
  env: HostingEnv,
  userId: string,
): Promise<void> {
  const fromHistory = await db
    .select({ id: siteDeploys.id, siteId: siteDeploys.siteId })
    .from(siteDeploys)
    .innerJoin(websites, eq(websites.id, siteDeploys.websiteId))
    .innerJoin(tasks, eq(tasks.id, websites.taskId))
    .where(eq(tasks.userId, userId));
  if (fromHistory.length === 0) return;
  const siteIds = [...new Set(fromHistory.map((deploy) => deploy.siteId))];
  const totals = await db
    .select({ siteId: siteDeploys.siteId, deploys: count() })
    .from(siteDeploys)
    .where(inArray(siteDeploys.siteId, siteIds))
    .groupBy(siteDeploys.siteId);
  const ofHistory = (siteId: string) =>
    fromHistory.filter((deploy) => deploy.siteId === siteId).length;
  const whole = totals
    .filter((total) => total.deploys === ofHistory(total.siteId))
    .map((total) => total.siteId);
  const sites =
    whole.length > 0
      ? await db.select().from(hostedSites).where(inArray(hostedSites.id, whole))
      : [];
  await removeSites(db, env, sites);
  const rest = fromHistory.filter((deploy) => !whole.includes(deploy.siteId));
  if (rest.length > 0) {
    await db.delete(siteDeploys).where(
      inArray(
        siteDeploys.id,
        rest.map((deploy) => deploy.id),
      ),
    );
  }
}
