import { type Database, users } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import type { TLoginInput, TRegisterInput } from '../contracts/auth';
import { hashPassword, verifyPassword } from './password';
import { clearLoginFailures, type LoginLimits, reserveLoginAttempt } from './throttle';

/** The signed-in person as procedures see them. */
export type SessionUser = {
  id: string;
  username: string;
  email: string;
  displayName: string | null;
};

const publicUser = (row: typeof users.$inferSelect): SessionUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  displayName: row.displayName,
});

const USERNAME_TAKEN = 'That username is already taken';

/** Usernames are unique whatever their letter case. */
const sameUsername = (username: string) =>
  eq(sql`lower(${users.username})`, username.toLowerCase());

/**
 * Creates an account. Only a taken username is refused (409); an email may belong to several
 * accounts, so registering never tells whether one is in use.
 */
export async function registerUser(db: Database, input: TRegisterInput): Promise<SessionUser> {
  const usernameTaken = () => new TRPCError({ code: 'CONFLICT', message: USERNAME_TAKEN });
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sameUsername(input.username))
    .limit(1);
  if (taken) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ ...input, passwordHash })
    .onConflictDoNothing()
    .returning();
  // Someone registered the same username in the meantime.
  if (!row) throw usernameTaken();
  return publicUser(row);
}

/** Too many failed logins from the caller's address: 429 with how long to wait (Retry-After). */
export class LoginThrottledError extends TRPCError {
  constructor(readonly retryAfter: number) {
    super({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many failed logins. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
    });
  }
}

/**
 * The account a username and password belong to; 401 for a wrong pair. Every attempt is counted
 * against the login limits first (LoginThrottledError past them); a success clears the failures.
 */
export async function checkLogin(
  db: Database,
  input: TLoginInput,
  clientIp: string,
  limits: LoginLimits | undefined,
): Promise<SessionUser> {
  const retryAfter = await reserveLoginAttempt(db, input.username, clientIp, new Date(), limits);
  if (retryAfter > 0) throw new LoginThrottledError(retryAfter);
  const [row] = await db.select().from(users).where(sameUsername(input.username));
  if (!(await verifyPassword(row?.passwordHash, input.password)) || !row) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
  }
  await clearLoginFailures(db, input.username, clientIp);
  return publicUser(row);
}
