import { type Database, rateLimitHits, rowsOf } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { rateLimitWindows, type TJsonObject, type TRateLimitKey } from '../contracts/integrations';

/** One limit of an API integration: at most `max` calls in any `windowSeconds`. */
export type RateLimit = { key: TRateLimitKey; max: number; windowSeconds: number };

/** The limits a rateLimitConfig sets; keys Flows does not know are ignored. */
export function rateLimitsOf(config: TJsonObject): RateLimit[] {
  return (Object.keys(rateLimitWindows) as TRateLimitKey[]).flatMap((key) => {
    const max = config[key];
    return typeof max === 'number' && Number.isInteger(max) && max > 0
      ? [{ key, max, windowSeconds: rateLimitWindows[key] }]
      : [];
  });
}

/** The answer of `reserveCall`: go ahead, or wait `retryAfter` seconds. */
export type Reservation =
  | { allowed: true }
  | { allowed: false; retryAfter: number; limit: RateLimit };

const longestWindowSeconds = Math.max(...Object.values(rateLimitWindows));

/**
 * Counts one call against an integration's limits, or refuses it. The count lives in
 * PostgreSQL and is taken under a transaction-scoped advisory lock per integration, so the
 * limit holds exactly across any number of server processes sharing the database.
 */
export async function reserveCall(
  db: Database,
  integrationId: string,
  limits: readonly RateLimit[],
): Promise<Reservation> {
  if (limits.length === 0) return { allowed: true };
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`rate-limit:${integrationId}`}::text, 0))`,
    );
    await tx.execute(sql`
      delete from ${rateLimitHits}
      where ${rateLimitHits.integrationId} = ${integrationId}
        and ${rateLimitHits.createdAt} < clock_timestamp() - make_interval(secs => ${longestWindowSeconds}::double precision)`);

    let refusal: { retryAfter: number; limit: RateLimit } | undefined;
    for (const limit of limits) {
      // The hit whose expiry brings the count back under the limit decides the wait.
      const [row] = rowsOf<{ count: number; waitSeconds: number | null }>(
        await tx.execute(sql`
          with recent as (
            select ${rateLimitHits.createdAt} as created_at
            from ${rateLimitHits}
            where ${rateLimitHits.integrationId} = ${integrationId}
              and ${rateLimitHits.createdAt} > clock_timestamp() - make_interval(secs => ${limit.windowSeconds}::double precision)
          )
          select
            (select count(*)::int from recent) as "count",
            (select ceil(extract(epoch from created_at + make_interval(secs => ${limit.windowSeconds}::double precision) - clock_timestamp()))::int
               from recent order by created_at asc
               offset greatest((select count(*) from recent) - ${limit.max}::int, 0) limit 1) as "waitSeconds"`),
      );
      if (row && row.count >= limit.max) {
        const retryAfter = Math.max(1, row.waitSeconds ?? limit.windowSeconds);
        if (!refusal || retryAfter > refusal.retryAfter) refusal = { retryAfter, limit };
      }
    }
    if (refusal) return { allowed: false, ...refusal };
    await tx.insert(rateLimitHits).values({ integrationId, createdAt: sql`clock_timestamp()` });
    return { allowed: true };
  });
}

const windowNames: Record<TRateLimitKey, string> = {
  maxRequestsPerMinute: 'per minute',
  maxRequestsPer15Min: 'per 15 minutes',
  maxRequestsPerHour: 'per hour',
  maxRequestsPerDay: 'per day',
  maxRequestsPer24Hours: 'per 24 hours',
};

/** The message a refused call answers with. */
export function rateLimitMessage(limit: RateLimit, retryAfter: number): string {
  return `Rate limit reached (${limit.max} requests ${windowNames[limit.key]}). Try again in ${retryAfter} s.`;
}

/** A call an integration's rate limit refused: 429 with how long to wait (Retry-After). */
export class CallRateLimitedError extends TRPCError {
  constructor(
    readonly retryAfter: number,
    message: string,
  ) {
    super({ code: 'TOO_MANY_REQUESTS', message });
  }
}
