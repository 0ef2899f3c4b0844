import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { jsonBody, rest } from '../rest';

/** Accounts: current user, register, login, logout. */
export const authRoutes = new Hono<AppEnv>()
  .get('/user', async (c) => {
    if (!c.get('user')) return c.json({ error: 'Not signed in' }, 401);
    return rest((caller) => caller.auth.me())(c);
  })
  .post(
    '/register',
    rest(async (caller, c) => caller.auth.register(await jsonBody(c)), 201),
  )
  .post(
    '/login',
    rest(async (caller, c) => caller.auth.login(await jsonBody(c))),
  )
  .post(
    '/logout',
    rest((caller) => caller.auth.logout()),
  );
