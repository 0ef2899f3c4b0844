import { users } from '@flows/db';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/password';
import { clearLoginFailures, reserveLoginAttempt } from '../auth/throttle';
import { ZLoginInput, ZRegisterInput } from '../contracts/auth';
import { type Context, publicProcedure, type SessionUser } from '../trpc';

const publicUser = (row: typeof users.$inferSelect): SessionUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  displayName: row.displayName,
});

/** Replaces any current session with a new one and sends its cookie. */
async function startSession(ctx: Context, userId: string) {
  if (ctx.sessionId) await ctx.auth.invalidateSession(ctx.sessionId);
  const session = await ctx.auth.createSession(userId, {});
  ctx.setHeader('Set-Cookie', ctx.auth.createSessionCookie(session.id).serialize());
}

const USERNAME_TAKEN = 'That username is already taken';

export const authRouter = {
  /** The signed-in user, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /**
   * Creates an account and signs it in. Only a taken username is refused (usernames are public);
   * an email may belong to several accounts, so registering never tells whether one is in use.
   */
  register: publicProcedure.input(ZRegisterInput).mutation(async ({ ctx, input }) => {
    const usernameTaken = () => new TRPCError({ code: 'CONFLICT', message: USERNAME_TAKEN });
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
      .limit(1);
    if (taken) throw usernameTaken();
    const passwordHash = await hashPassword(input.password);
    const [row] = await ctx.db
      .insert(users)
      .values({ ...input, passwordHash })
      .onConflictDoNothing()
      .returning();
    // Someone registered the same username in the meantime.
    if (!row) throw usernameTaken();
    await startSession(ctx, row.id);
    return publicUser(row);
  }),

  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    const now = new Date();
    const retryAfter = await reserveLoginAttempt(
      ctx.db,
      input.username,
      ctx.clientIp,
      now,
      ctx.config.loginLimits,
    );
    if (retryAfter > 0) {
      ctx.setHeader('Retry-After', String(retryAfter));
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many failed logins. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
      });
    }
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
    if (!(await verifyPassword(row?.passwordHash, input.password)) || !row) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
    }
    await clearLoginFailures(ctx.db, input.username, ctx.clientIp);
    await startSession(ctx, row.id);
    return publicUser(row);
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionId) await ctx.auth.invalidateSession(ctx.sessionId);
    ctx.setHeader('Set-Cookie', ctx.auth.createBlankSessionCookie().serialize());
    return { success: true };
  }),
} satisfies TRPCRouterRecord;
