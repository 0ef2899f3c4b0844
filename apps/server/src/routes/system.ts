import { databaseVersion } from '@flows/db';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { rest } from '../rest';

/** Health, the model in use, and the Quick Templates. */
export const systemRoutes = new Hono<AppEnv>()
  .get('/health', async (c) =>
    c.json({
      status: 'ok',
      database: { kind: c.get('databaseKind'), version: await databaseVersion(c.get('db')) },
    }),
  )
  .get(
    '/model',
    rest((caller) => caller.system.model()),
  )
  .get(
    '/templates',
    rest((caller) => caller.template.list()),
  );
