import { randomBytes } from 'node:crypto';
import { type Database, hostedSites, siteDeploys, websites } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from '../contracts/flow';

/** The hosting providers a site can be created on. */
export const HOSTING_PROVIDERS = ['local'] as const;
export type HostingProvider = (typeof HOSTING_PROVIDERS)[number];

/** Rows a user may use: their own and those without an owner (reachable only by their id). */
export function visibleTo(ownerColumn: AnyPgColumn, userId: string | null) {
  return userId ? or(eq(ownerColumn, userId), isNull(ownerColumn)) : isNull(ownerColumn);
}

/** Creates a site on the built-in host; its pages are served at /sites/{siteId}/. */
export async function createSite(
  db: Database,
  input: { name: string; provider: HostingProvider; userId: string | null },
): Promise<string> {
  const id = randomBytes(12).toString('base64url');
  await db.insert(hostedSites).values({ id, ...input });
  return id;
}

/** The public address of a site on the built-in host. */
export function siteUrl(baseUrl: string, siteId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/sites/${siteId}/`;
}

/**
 * Deploys a website to a site: a new version is recorded (earlier ones stay for rollback), the
 * site keeps its URL, and the website remembers where it lives.
 */
export async function deployWebsite(
  db: Database,
  input: { siteId: string; websiteId: string; userId: string | null; baseUrl: string },
): Promise<string> {
  const [website] = isUuid(input.websiteId)
    ? await db
        .select()
        .from(websites)
        .where(and(eq(websites.id, input.websiteId), visibleTo(websites.userId, input.userId)))
    : [];
  if (!website) throw new TRPCError({ code: 'NOT_FOUND', message: 'Website not found' });
  const [site] = await db
    .select()
    .from(hostedSites)
    .where(and(eq(hostedSites.id, input.siteId), visibleTo(hostedSites.userId, input.userId)));
  if (!site) throw new TRPCError({ code: 'NOT_FOUND', message: 'Site not found' });

  const url = siteUrl(input.baseUrl, site.id);
  await db.transaction(async (tx) => {
    await tx
      .insert(siteDeploys)
      .values({ siteId: site.id, websiteId: website.id, html: website.html, url });
    await tx.update(hostedSites).set({ url }).where(eq(hostedSites.id, site.id));
    await tx.update(websites).set({ deploymentUrl: url }).where(eq(websites.id, website.id));
  });
  return url;
}

/** The HTML a site serves: its newest deploy, or null when it has none. */
export async function currentSiteHtml(db: Database, siteId: string): Promise<string | null> {
  const [deploy] = await db
    .select({ html: siteDeploys.html })
    .from(siteDeploys)
    .where(eq(siteDeploys.siteId, siteId))
    .orderBy(desc(siteDeploys.createdAt))
    .limit(1);
  return deploy?.html ?? null;
}
