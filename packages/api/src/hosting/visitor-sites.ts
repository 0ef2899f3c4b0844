import { type Database, hostedSites, siteDeploys, type Transaction, websites } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';

/** How far visitors (people without an account) may go with the built-in host. */
export type VisitorSiteLimits = {
  /** Deploys one client address may make per 24 hours; 0 = no limit. */
  deploysPerDay: number;
  /** Hours a visitor's site lives after it was created; 0 = for ever. */
  ttlHours: number;
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A visitor over the daily deploy quota: 429 with how long to wait (Retry-After). */
export class VisitorQuotaError extends TRPCError {
  constructor(
    readonly retryAfter: number,
    perDay: number,
  ) {
    const hours = Math.max(1, Math.round(retryAfter / 3600));
    const times = perDay === 1 ? 'once' : `${perDay} times`;
    const wait = hours === 1 ? 'an hour' : `${hours} hours`;
    super({
      code: 'TOO_MANY_REQUESTS',
      message: `Visitors can deploy ${times} a day from one address. Try again in about ${wait}, or sign in.`,
    });
  }
}

/**
 * Rows of hosted_sites that are alive: signed-in users' sites always, visitors' sites until
 * their lifetime is over.
 */
export function siteAlive(limits: Pick<VisitorSiteLimits, 'ttlHours'>, now = new Date()): SQL {
  if (limits.ttlHours <= 0) return sql`true`;
  const bornAfter = new Date(now.getTime() - limits.ttlHours * HOUR_MS);
  return or(isNotNull(hostedSites.userId), gt(hostedSites.createdAt, bornAfter))!;
}

/**
 * Takes one deploy from a visitor's daily quota, under a lock per address so parallel deploys
 * cannot overrun it, then records the deploy with `record` in the same transaction; throws
 * VisitorQuotaError (nothing recorded) when the address has used its quota.
 */
export async function withinVisitorQuota<T>(
  db: Database,
  limits: VisitorSiteLimits,
  clientAddress: string,
  record: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const perDay = limits.deploysPerDay;
    if (perDay > 0) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`site-deploys:${clientAddress}`}::text, 0))`,
      );
      const now = Date.now();
      const recent = await tx
        .select({ createdAt: siteDeploys.createdAt })
        .from(siteDeploys)
        .where(
          and(
            eq(siteDeploys.clientAddress, clientAddress),
            gt(siteDeploys.createdAt, new Date(now - DAY_MS)),
          ),
        )
        .orderBy(asc(siteDeploys.createdAt))
        .limit(perDay);
      const oldest = recent[0];
      if (recent.length >= perDay && oldest) {
        const retryAfter = Math.max(
          1,
          Math.ceil((oldest.createdAt.getTime() + DAY_MS - now) / 1000),
        );
        throw new VisitorQuotaError(retryAfter, perDay);
      }
    }
    return record(tx);
  });
}

/**
 * Deletes visitors' built-in sites whose lifetime is over (their deploys go with them, and the
 * websites deployed there forget the address), and forgets the client addresses of deploys
 * older than a day, which the quota no longer needs.
 */
export async function removeExpiredVisitorSites(
  db: Database,
  limits: VisitorSiteLimits,
  now = new Date(),
): Promise<number> {
  await db
    .update(siteDeploys)
    .set({ clientAddress: null })
    .where(
      and(
        isNotNull(siteDeploys.clientAddress),
        lt(siteDeploys.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  if (limits.ttlHours <= 0) return 0;
  const expired = and(
    isNull(hostedSites.userId),
    eq(hostedSites.provider, 'local'),
    lt(hostedSites.createdAt, new Date(now.getTime() - limits.ttlHours * HOUR_MS)),
  );
  return db.transaction(async (tx) => {
    const sites = await tx
      .select({ id: hostedSites.id, url: hostedSites.url })
      .from(hostedSites)
      .where(expired)
      .limit(500);
    if (sites.length === 0) return 0;
    const urls = sites.flatMap((site) => (site.url ? [site.url] : []));
    if (urls.length > 0) {
      await tx
        .update(websites)
        .set({ deploymentUrl: null })
        .where(and(isNull(websites.userId), inArray(websites.deploymentUrl, urls)));
    }
    await tx.delete(hostedSites).where(
      inArray(
        hostedSites.id,
        sites.map((site) => site.id),
      ),
    );
    return sites.length;
  });
}
