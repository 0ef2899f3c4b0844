import { type Database, flowRuns, type Transaction, tasks } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { TRunAllowance } from '../contracts/tokens';
import type { Viewer } from '../ownership';
import { preparedFor } from '../prepared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who a free run counts against: an account by its id, a visitor by the client's address. */
export type FreeRunCaller = { userId: Viewer; clientAddress: string };

/** The free plan's daily limit reached: 429 saying when the next run is possible (Retry-After). */
export class FreeRunLimitError extends TRPCError {
  constructor(
    readonly retryAfter: number,
    perDay: number,
    nextRunAt: Date,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    const wait =
      minutes === 1
        ? 'a minute'
        : minutes < 90
          ? `${minutes} minutes`
          : `about ${Math.round(minutes / 60)} hours`;
    super({
      code: 'TOO_MANY_REQUESTS',
      message: `The free plan allows ${perDay} runs per 24 hours, and they are used up. Your next run is possible at ${nextRunAt.toISOString()} (in ${wait}).`,
    });
  }
}

/** Start times of the caller's runs in the 24 hours before `now`, oldest first. */
async function recentRunTimes(db: Database | Transaction, caller: FreeRunCaller, now: Date) {
  const since = new Date(now.getTime() - DAY_MS);
  if (caller.userId) {
    const rows = await db
      .select({ at: flowRuns.createdAt })
      .from(flowRuns)
      .where(and(eq(flowRuns.userId, caller.userId), gt(flowRuns.createdAt, since)))
      .orderBy(asc(flowRuns.createdAt));
    return rows.map((row) => row.at);
  }
  const rows = await db
    .select({ at: tasks.createdAt })
    .from(tasks)
    .where(
      and(
        isNull(tasks.userId),
        eq(tasks.clientAddress, caller.clientAddress),
        gt(tasks.createdAt, since),
      ),
    )
    .orderBy(asc(tasks.createdAt));
  return rows.map((row) => row.at);
}

/** What is left of the daily limit, given the start times of the runs in the last 24 hours. */
function allowanceOf(perDay: number, times: Date[], now: Date): TRunAllowance {
  if (perDay <= 0) return { perDay: 0, used: times.length, remaining: null, nextRunAt: null };
  const remaining = Math.max(0, perDay - times.length);
  // The run whose 24 hours end first among those that must end before another run fits.
  const freeing = remaining > 0 ? undefined : times[times.length - perDay];
  const nextRunAt = freeing ? new Date(Math.max(freeing.getTime() + DAY_MS, now.getTime())) : null;
  return { perDay, used: times.length, remaining, nextRunAt: nextRunAt?.toISOString() ?? null };
}

/** How many runs the caller may still start today (FREE_FLOWS_PER_DAY; 0 = unlimited). */
export async function runAllowance(
  db: Database,
  perDay: number,
  caller: FreeRunCaller,
  now = new Date(),
): Promise<TRunAllowance> {
  return allowanceOf(perDay, await recentRunTimes(db, caller, now), now);
}

const forgetQuery = preparedFor((db) =>
  db
    .update(tasks)
    .set({ clientAddress: null })
    .where(and(isNotNull(tasks.clientAddress), lt(tasks.createdAt, sql.placeholder('before'))))
    .prepare('forget_old_run_addresses'),
);

/** Forgets visitors' addresses of runs started over a day ago: no limit needs them any more. */
export async function forgetOldRunAddresses(db: Database, now = new Date()): Promise<void> {
  await forgetQuery(db).execute({ before: new Date(now.getTime() - DAY_MS).toISOString() });
}

/**
 * Inside the transaction that starts a run: waits for the caller's lock (so parallel starts
 * cannot overrun the limit), then refuses with FreeRunLimitError when the caller has started
 * `perDay` runs in the last 24 hours.
 */
export async function reserveFreeRun(
  tx: Transaction,
  perDay: number,
  caller: FreeRunCaller,
  now = new Date(),
): Promise<void> {
  if (perDay <= 0) return;
  const key = caller.userId
    ? `free-runs:user:${caller.userId}`
    : `free-runs:address:${caller.clientAddress}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}::text, 0))`);
  const allowance = allowanceOf(perDay, await recentRunTimes(tx, caller, now), now);
  if (allowance.remaining === 0 && allowance.nextRunAt) {
    const nextRunAt = new Date(allowance.nextRunAt);
    const retryAfter = Math.max(1, Math.ceil((nextRunAt.getTime() - now.getTime()) / 1000));
    throw new FreeRunLimitError(retryAfter, perDay, nextRunAt);
  }
}
