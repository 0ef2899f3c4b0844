import type { TRPCRouterRecord } from '@trpc/server';
import { checkLogin, LoginThrottledError, registerUser } from '../auth/accounts';
import type { Context } from '../context';
import { ZLoginInput, ZRegisterInput } from '../contracts/auth';
import { publicProcedure } from '../trpc';

/** Replaces any current session with a new one and sends its cookie. */
async function startSession(ctx: Context, userId: string) {
  if (ctx.sessionId) await ctx.auth.invalidateSession(ctx.sessionId);
  const session = await ctx.auth.createSession(userId, {});
  ctx.setHeader('Set-Cookie', ctx.auth.createSessionCookie(session.id).serialize());
}

export const authRouter = {
  /** The signed-in user, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /**
   * Creates an account and signs it in. Only a taken username is refused (usernames are public);
   * an email may belong to several accounts, so registering never tells whether one is in use.
   */
  register: publicProcedure.input(ZRegisterInput).mutation(async ({ ctx, input }) => {
    const user = await registerUser(ctx.db, input);
    await startSession(ctx, user.id);
    return user;
  }),

  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    try {
      const user = await checkLogin(ctx.db, input, ctx.clientIp, ctx.config.loginLimits);
      await startSession(ctx, user.id);
      return user;
    } catch (error) {
      if (error instanceof LoginThrottledError) {
        ctx.setHeader('Retry-After', String(error.retryAfter));
      }
      throw error;
    }
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionId) await ctx.auth.invalidateSession(ctx.sessionId);
    ctx.setHeader('Set-Cookie', ctx.auth.createBlankSessionCookie().serialize());
    return { success: true };
  }),
} satisfies TRPCRouterRecord;
