import { type Database, loginAttempts } from '@flows/db';
import { eq, sql } from 'drizzle-orm';

/** Failed logins allowed per username and address within the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const attemptKey = (username: string, ip: string) => `${username.toLowerCase()}|${ip}`;

/**
 * Counts a login attempt before its password is checked, in one atomic statement, so parallel
 * attempts cannot slip past the limit. Returns the seconds to wait when the attempt is over the
 * limit, else 0. A window that has passed starts again at one.
 */
export async function reserveLoginAttempt(db: Database, username: string, ip: string, now: Date) {
  // Raw timestamps are passed as ISO text: postgres.js does not serialise a Date inside sql``.
  const windowOpen = sql`${new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()}::timestamptz`;
  const nowValue = sql`${now.toISOString()}::timestamptz`;
  const [attempt] = await db
    .insert(loginAttempts)
    .values({ key: attemptKey(username, ip), failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.windowStart} > ${windowOpen} then ${loginAttempts.failures} + 1 else 1 end`,
        windowStart: sql`case when ${loginAttempts.windowStart} > ${windowOpen} then ${loginAttempts.windowStart} else ${nowValue} end`,
      },
    })
    .returning();
  if (!attempt || attempt.failures <= LOGIN_MAX_FAILURES) return 0;
  const remaining = attempt.windowStart.getTime() + LOGIN_WINDOW_MS - now.getTime();
  return Math.max(1, Math.ceil(remaining / 1000));
}

/** Forgets the attempts after a successful login. */
export async function clearLoginFailures(db: Database, username: string, ip: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, attemptKey(username, ip)));
}
