import { randomBytes } from 'node:crypto';
import { type Database, hostedSites, siteDeploys, type Transaction, websites } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { foundOr404, visibleTo } from '../ownership';
import {
  createNetlifySite,
  deployToNetlify,
  findNetlifySite,
  type NetlifyClientOptions,
  type NetlifyConfig,
} from './netlify';
import {
  removeExpiredVisitorSites,
  siteAlive,
  type VisitorSiteLimits,
  withinVisitorQuota,
} from './visitor-sites';

/** The hosting providers a site can be created on. */
const HOSTING_PROVIDERS = ['local', 'netlify'] as const;
export type HostingProvider = (typeof HOSTING_PROVIDERS)[number];

/** The operator's hosting settings: where runs deploy, and the Netlify account if there is one. */
export type HostingConfig = { provider: HostingProvider; netlify?: NetlifyConfig };

/**
 * What creating, deploying and unpublishing sites needs from the operator's settings. The fields
 * are ApiConfig's, by the same names: procedures pass their config as it is.
 */
export type HostingEnv = {
  hosting: HostingConfig;
  /** Whether outbound calls (Netlify) may reach private and loopback addresses. */
  allowPrivateTargets: boolean;
  /** Multiplier for waits (checking a Netlify deploy); 0 runs without waiting. */
  flowTimeScale: number;
  /** Where the built-in host's sites are announced: SITES_URL, else e.g. http://localhost:3000 */
  siteBaseUrl: string;
  /** Visitors' quota and site lifetime; absent where they are not enforced (runs). */
  visitorSites?: VisitorSiteLimits;
};

/** The Netlify client settings, or a 400 when the operator has not configured Netlify. */
export function netlifyOptions(env: HostingEnv): NetlifyClientOptions {
  const { netlify } = env.hosting;
  if (!netlify) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Netlify hosting is not configured (set NETLIFY_TOKEN)',
    });
  }
  return { ...netlify, allowPrivate: env.allowPrivateTargets, timeScale: env.flowTimeScale };
}

/** A site's id (a secret the owner deploys with) and the public slug of its address. */
export type SiteKeys = { id: string; slug: string };

const randomSiteKeys = (): SiteKeys => ({
  id: randomBytes(24).toString('base64url'),
  slug: randomBytes(9).toString('base64url'),
});

/**
 * Creates a site on a provider and returns its id in Flows: on the built-in host its pages are
 * served at /sites/{slug}/; on Netlify the site is created there too. The row is written first, as
 * the intent: creating a site again under the same keys (a run resuming after a crash) reuses the
 * row and finds the Netlify site by its name instead of creating a second one.
 */
export async function createSite(
  db: Database,
  env: HostingEnv,
  input: { name: string; provider: HostingProvider; userId: string | null },
  keys: SiteKeys = randomSiteKeys(),
): Promise<string> {
  if (input.provider === 'netlify' && !input.userId) {
    // Netlify sites live on the operator's account: never for visitors, whatever the path.
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to create Netlify sites' });
  }
  const options = input.provider === 'netlify' ? netlifyOptions(env) : null;
  if (!input.userId && env.visitorSites) await removeExpiredVisitorSites(db, env.visitorSites);
  const inserted = await db
    .insert(hostedSites)
    .values({ ...keys, ...input, remoteId: null, url: null })
    .onConflictDoNothing({ target: hostedSites.id })
    .returning({ id: hostedSites.id });
  const [site] = await db.select().from(hostedSites).where(eq(hostedSites.id, keys.id));
  if (!site) throw new TRPCError({ code: 'NOT_FOUND', message: 'Site not found' });
  if (!options || site.remoteId) return site.id;

  try {
    const earlier = inserted.length === 0 ? await findNetlifySite(options, site.name) : null;
    const remote = earlier ?? (await createNetlifySite(options, site.name));
    await db
      .update(hostedSites)
      .set({ remoteId: remote.remoteId, url: remote.url })
      .where(eq(hostedSites.id, site.id));
  } catch (error) {
    // Netlify said no: the intent goes, and nothing is left half-made.
    await db.delete(hostedSites).where(eq(hostedSites.id, site.id));
    throw error;
  }
  return site.id;
}

/** Whether a text can be a built-in site's slug (the public part of /sites/{slug}/). */
export const isSiteSlug = (slug: string) => /^[\w-]{1,64}$/.test(slug);

/** The public address of a site on the built-in host. */
function siteUrl(baseUrl: string, slug: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/sites/${slug}/`;
}

/** Puts a page on a site's provider and returns where the site now serves it. */
async function publish(
  env: HostingEnv,
  site: { slug: string; provider: string; remoteId: string | null },
  html: string,
): Promise<string> {
  if (site.provider !== 'netlify') return siteUrl(env.siteBaseUrl, site.slug);
  const options = netlifyOptions(env);
  if (!site.remoteId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'This Netlify site was never created' });
  }
  return deployToNetlify(options, site.remoteId, { '/index.html': html });
}

/** A site the caller may use (their own, or a visitor's by its id) that has not expired; else 404. */
export async function findLiveSite(
  db: Database,
  env: HostingEnv,
  input: { siteId: string; userId: string | null },
) {
  const [site] = await db
    .select()
    .from(hostedSites)
    .where(
      and(
        eq(hostedSites.id, input.siteId),
        visibleTo(hostedSites.userId, input.userId),
        siteAlive(env.visitorSites ?? { ttlHours: 0 }),
      ),
    );
  if (!site) throw new TRPCError({ code: 'NOT_FOUND', message: 'Site not found' });
  return site;
}

/**
 * Deploys a website to a site: a new version is recorded (earlier ones stay for rollback), the
 * site keeps its URL, and the website remembers where it lives.
 */
export async function deployWebsite(
  db: Database,
  env: HostingEnv,
  input: {
    siteId: string;
    websiteId: string;
    userId: string | null;
    /** The visitor's address, counted against their daily quota (absent: not counted). */
    clientAddress?: string;
    /** The deploy's id when it must be recorded once however often it is carried out (runs). */
    deployId?: string;
  },
): Promise<string> {
  const limits = env.visitorSites;
  if (!input.userId && limits) await removeExpiredVisitorSites(db, limits);
  const website = await foundOr404(
    input.websiteId,
    () =>
      db
        .select()
        .from(websites)
        .where(and(eq(websites.id, input.websiteId), visibleTo(websites.userId, input.userId))),
    'Website not found',
  );
  const site = await findLiveSite(db, env, input);
  if (site.provider === 'netlify' && !input.userId) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to deploy to Netlify sites' });
  }

  const url = await publish(env, site, website.html);
  const clientAddress = !input.userId && limits ? input.clientAddress : undefined;
  const record = async (tx: Transaction) => {
    await tx
      .insert(siteDeploys)
      .values({
        id: input.deployId,
        siteId: site.id,
        websiteId: website.id,
        html: website.html,
        url,
        clientAddress: clientAddress ?? null,
      })
      .onConflictDoNothing({ target: siteDeploys.id });
    await tx.update(hostedSites).set({ url }).where(eq(hostedSites.id, site.id));
    await tx.update(websites).set({ deploymentUrl: url }).where(eq(websites.id, website.id));
  };
  if (clientAddress && limits) await withinVisitorQuota(db, limits, clientAddress, record);
  else await db.transaction(record);
  return url;
}

/**
 * The HTML a built-in site serves at /sites/{slug}/: its newest deploy, or null (also once a
 * visitor's site has outlived `ttlHours`).
 */
export async function currentSiteHtml(
  db: Database,
  slug: string,
  limits: Pick<VisitorSiteLimits, 'ttlHours'>,
): Promise<string | null> {
  if (!isSiteSlug(slug)) return null;
  const [deploy] = await db
    .select({ html: siteDeploys.html })
    .from(siteDeploys)
    .innerJoin(hostedSites, eq(hostedSites.id, siteDeploys.siteId))
    .where(and(eq(hostedSites.slug, slug), eq(hostedSites.provider, 'local'), siteAlive(limits)))
    .orderBy(desc(siteDeploys.createdAt))
    .limit(1);
  return deploy?.html ?? null;
}
