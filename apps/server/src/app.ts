import { randomUUID } from 'node:crypto';
import { appRouter, createAuth, createUsageLimits, type FlowSystem } from '@flows/api';
import type { DatabaseHandle } from '@flows/db';
import { trpcServer } from '@hono/trpc-server';
import { TRPCError } from '@trpc/server';
import { Hono, type MiddlewareHandler } from 'hono';
import { clientAddress } from './client-address';
import { apiConfigOf, type Config } from './config';
import type { AppEnv } from './env';
import { createLogger, type Logger, requestLogger } from './logger';
import { apiToken } from './middleware/api-token';
import { LiveFeedSlots, limitLiveFeeds, subscriptionTaskId } from './middleware/live-feed-limits';
import { originCheck } from './middleware/origin-check';
import { requestBodyLimit } from './middleware/request-body';
import { noStore, securityHeaders, withDefaultHeaders } from './middleware/security-headers';
import { session } from './middleware/session';
import { previewFrameRoutes } from './preview-frame';
import { apiContext, errorResponse } from './rest';
import { apiRoutes } from './routes/api';
import { isFileUpload, uploadBodyLimit } from './routes/files';
import { siteRoutes } from './routes/sites';
import { trpcQueries } from './trpc-queries';
import { webApp } from './web';

export type AppOptions = {
  database: DatabaseHandle;
  config: Config;
  /** The key that encrypts stored secrets (see loadSecretKey). */
  secretKey: Buffer;
  /** Durable runs and the live feed (see createFlowSystem). */
  flows: FlowSystem | null;
  /** Folder of the built web app; defaults to apps/web/dist. */
  webDist?: string;
  /** Where requests and failures are logged; one from the config's LOG_ settings if absent. */
  logger?: Logger;
};

const maxBodyBytes = 1024 * 1024;

/** A caller's own X-Request-Id is kept when it is a plain token; otherwise the server makes one. */
const REQUEST_ID = /^[\w\-=]{1,255}$/;

/** tRPC subscriptions (GET requests) that spend the operator's model calls: origin-checked too. */
const ACTING_SUBSCRIPTIONS = ['flow.assist'];

/** Calls one tRPC batch may hold (the web client's batch link sends at most as many). */
export const TRPC_MAX_BATCH_SIZE = 20;

/** The whole HTTP surface of Flows: /api (REST), /trpc, and the web app. */
export function createApp({ database, config, secretKey, flows, webDist, logger }: AppOptions) {
  const app = new Hono<AppEnv>();
  const log = logger ?? createLogger(config.log);
  const requestLog = requestLogger(log);
  const apiConfig = apiConfigOf(config, secretKey);
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const auth = createAuth(database.db, {
    secureCookies: https,
    sessionMaxAgeMs: config.sessionMaxAgeMs,
  });
  const usageLimits = createUsageLimits(config.usageLimits);
  const liveFeeds = new LiveFeedSlots(config.liveFeedLimits);

  app.use('*', async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', id);
    await withDefaultHeaders(c, [['X-Request-Id', id]], next);
    const { method, path } = c.req;
    const durationMs = Math.round(performance.now() - started);
    requestLog.info(
      { requestId: c.get('requestId'), method, path, status: c.res.status, durationMs },
      'request',
    );
  });
  app.use('*', async (c, next) => {
    c.set('db', database.db);
    c.set('databaseKind', database.kind);
    c.set('auth', auth);
    c.set('config', apiConfig);
    c.set('flows', flows);
    c.set('user', null);
    c.set('sessionId', null);
    c.set('historyJson', null);
    c.set('sessionCookie', null);
    c.set('bearer', false);
    c.set('apiTokenId', null);
    c.set('apiTokenError', null);
    c.set('clientIp', clientAddress(c, config.trustProxy));
    c.set('usageLimits', usageLimits);
    c.set('bodyText', null);
    await next();
  });
  app.use('*', securityHeaders({ https }));
  const limitJsonBody = requestBodyLimit(maxBodyBytes, (c) =>
    c.json({ error: 'The request body is larger than 1 MB' }, 413),
  );
  // Uploads (POST /api/files) may be as large as the file size limit; every other body 1 MB.
  const limitUpload = uploadBodyLimit(apiConfig.files.maxBytes);
  // GET and HEAD carry no body: skipping them spares building a full Request for every read.
  const limitBody: MiddlewareHandler<AppEnv> = (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return isFileUpload(c) ? limitUpload(c, next) : limitJsonBody(c, next);
  };
  for (const path of ['/api/*', '/trpc/*']) {
    app.use(
      path,
      noStore,
      limitBody,
      apiToken,
      originCheck(config.publicUrl, ACTING_SUBSCRIPTIONS),
      session,
    );
  }
  app.get(
    '/api/tasks/:id/events',
    limitLiveFeeds(liveFeeds, (c) => c.req.param('id')),
  );
  app.get('/trpc/flow.events', limitLiveFeeds(liveFeeds, subscriptionTaskId));

  const api = new Hono<AppEnv>().route('/', apiRoutes);
  api.all('*', (c) => c.json({ error: `No API path ${c.req.method} ${c.req.path}` }, 404));
  app.route('/api', api);

  // GET queries first (the fast path), then tRPC's adapter for everything else.
  const trpc = { router: appRouter, endpoint: '/trpc', maxBatchSize: TRPC_MAX_BATCH_SIZE };
  app.use(
    '/trpc/*',
    trpcQueries({
      ...trpc,
      // A refused API token is answered by the adapter below, in tRPC's error shape.
      createContext: (c) => (c.get('apiTokenError') ? null : apiContext(c)),
    }),
    trpcServer({
      ...trpc,
      createContext: (options, honoContext) => {
        const c = honoContext as Parameters<typeof apiContext>[0];
        const tokenRefused = c.get('apiTokenError');
        if (tokenRefused) throw new TRPCError({ code: 'UNAUTHORIZED', message: tokenRefused });
        const sessionCookie = c.get('sessionCookie');
        if (sessionCookie) options.resHeaders.append('Set-Cookie', sessionCookie);
        return apiContext(c, (name, value) => options.resHeaders.append(name, value));
      },
    }),
  );

  app.route('/sites', siteRoutes);
  app.route('/preview-frame', previewFrameRoutes);
  app.route('/', webApp(webDist, config.webDevUrl));

  app.onError((error, c) => {
    const { status, body } = errorResponse(error);
    if (status !== 500) return c.json(body, status);
    const id = c.get('requestId');
    log.error({ err: error, requestId: id }, 'request failed');
    return c.json({ ...body, requestId: id }, status);
  });

  return app;
}
