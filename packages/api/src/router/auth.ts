import { users } from '@flows/db';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { eq, or, sql } from 'drizzle-orm';
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

export const authRouter = {
  /** The signed-in user, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  register: publicProcedure.input(ZRegisterInput).mutation(async ({ ctx, input }) => {
    const lowerUsername = input.username.toLowerCase();
    const lowerEmail = input.email.toLowerCase();
    const [taken] = await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(
        or(
          eq(sql`lower(${users.username})`, lowerUsername),
          eq(sql`lower(${users.email})`, lowerEmail),
        ),
      )
      .limit(1);
    if (taken) {
      const message =
        taken.username.toLowerCase() === lowerUsername
          ? 'That username is already taken'
          : 'An account with that email already exists';
      throw new TRPCError({ code: 'CONFLICT', message });
    }
    const passwordHash = await hashPassword(input.password);
    const [row] = await ctx.db
      .insert(users)
      .values({ ...input, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new TRPCError({ code: 'CONFLICT', message: 'That username or email is already taken' });
    }
    await startSession(ctx, row.id);
    return publicUser(row);
  }),

  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    const now = new Date();
    const retryAfter = await reserveLoginAttempt(ctx.db, input.username, ctx.clientIp, now);
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
