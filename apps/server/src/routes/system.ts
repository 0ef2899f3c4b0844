import { databaseAnswers } from '@flows/db';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { rest } from '../rest';

/** Health, the model in use, and the Quick Templates. */
export const systemRoutes = new Hono<AppEnv>()
  // Status only: which database and which build of it are nobody's business.
  .get('/health', async (c) =>
    (await databaseAnswers(c.get('db')))
      ? c.json({ status: 'ok' })
      : c.json({ status: 'unavailable' }, 503),
  )
  .get(
    '/model',
    rest((caller) => caller.system.model()),
  )
  .get(
    '/templates',
    rest((caller) => caller.template.list()),
  );
