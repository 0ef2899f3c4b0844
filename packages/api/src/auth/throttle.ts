import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { type Database, loginAttempts } from '@flows/db';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

/** How many failed logins the throttle lets through; 0 in either field means no limit. */
export type LoginLimits = {
  /** Failures per username and client address before each further attempt must wait. */
  perAccount: number;
  /** Failures per client address, across all usernames, within one window. */
  perAddress: number;
};

/** Generous for one person: five tries at a password, thirty failures per address. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perAddress: 30 };

/** The window of the per-address limit, and the first wait once a username is locked. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Each further failure doubles the wait, up to this. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/** A username's failures are forgotten this long after the first of them. */
const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * The part of a client address that stands for one client: an IPv4 address as it is, an IPv6
 * address by its /64 network (one subscriber usually holds a whole /64).
 */
export function clientAddressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address.slice(0, 64);
  const groups = (part: string) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [head = '', tail] = address.split('::');
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Row keys; usernames are stored hashed (a password typed into the username field stays unread). */
function attemptKeys(username: string, ip: string) {
  const address = clientAddressKey(ip);
  const user = createHash('sha256').update(username.trim().toLowerCase()).digest('hex');
  return { address: `address:${address}`, account: `account:${user.slice(0, 32)}|${address}` };
}

const secondsUntil = (time: number, now: Date) =>
  Math.max(1, Math.ceil((time - now.getTime()) / 1000));

/**
 * Counts a login attempt before its password is checked, so parallel attempts cannot slip past
 * the limits, and returns the seconds to wait when it may not go ahead (else 0).
 *
 * Two limits, neither of which an attempt from one address can bring down on another address:
 * - per address, across usernames: `perAddress` failures per window, then every login from that
 *   address waits for the window to end (spraying one password over many usernames is slowed);
 * - per username and address: after `perAccount` failures each further attempt waits, 15 minutes
 *   at first and twice as long after each further failure (up to an hour).
 * A success is not a failure: `clearLoginFailures` takes it back off the address's count.
 */
export async function reserveLoginAttempt(
  db: Database,
  username: string,
  ip: string,
  now: Date,
  limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
): Promise<number> {
  const keys = attemptKeys(username, ip);
  return db.transaction(async (tx) => {
    // Each row is made to exist, then locked, address first: a parallel attempt waits here. An
    // address over its limit gets no row per username it tries.
    const lockRow = async (key: string) => {
      await tx
        .insert(loginAttempts)
        .values({ key, failures: 0, windowStart: now })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, key))
        .for('update');
      if (!row) throw new Error('login attempt row missing');
      return row;
    };

    const address = await lockRow(keys.address);
    const addressWindowOpen = address.windowStart.getTime() > now.getTime() - LOGIN_WINDOW_MS;
    const addressFailures = addressWindowOpen ? address.failures : 0;
    if (limits.perAddress > 0 && addressFailures >= limits.perAddress) {
      return secondsUntil(address.windowStart.getTime() + LOGIN_WINDOW_MS, now);
    }
    const account = await lockRow(keys.account);
    if (account.lockedUntil && account.lockedUntil > now) {
      return secondsUntil(account.lockedUntil.getTime(), now);
    }

    const remembered = account.windowStart.getTime() > now.getTime() - FAILURE_MEMORY_MS;
    const accountFailures = (remembered ? account.failures : 0) + 1;
    const beyond = accountFailures - limits.perAccount;
    const lockedUntil =
      limits.perAccount > 0 && beyond >= 0
        ? new Date(now.getTime() + Math.min(LOGIN_WINDOW_MS * 2 ** beyond, LONGEST_WAIT_MS))
        : null;
    await tx
      .update(loginAttempts)
      .set({
        failures: addressFailures + 1,
        windowStart: addressWindowOpen ? address.windowStart : now,
      })
      .where(eq(loginAttempts.key, keys.address));
    await tx
      .update(loginAttempts)
      .set({
        failures: accountFailures,
        windowStart: remembered ? account.windowStart : now,
        lockedUntil,
      })
      .where(eq(loginAttempts.key, keys.account));
    return 0;
  });
}

/**
 * After a successful login: forgets the username's failures from this address and takes the
 * attempt back off the address's count. Other failures from the address still count, so signing
 * in to one's own account between guesses at others does not reset the per-address limit.
 */
export async function clearLoginFailures(db: Database, username: string, ip: string) {
  const keys = attemptKeys(username, ip);
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.account));
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(eq(loginAttempts.key, keys.address));
}

/** Deletes attempt rows nothing reads any more: unlocked, and older than any window. */
export async function deleteStaleLoginAttempts(db: Database, now: Date) {
  const forgotten = new Date(now.getTime() - FAILURE_MEMORY_MS);
  await db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.windowStart, forgotten),
        or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, now)),
      ),
    );
}
