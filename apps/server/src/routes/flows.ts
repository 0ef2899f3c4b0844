import { openFlowEvents } from '@flows/api';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../env';
import { apiContext, jsonBody, jsonBodyWith, pathParam, rest } from '../rest';

const HEARTBEAT_MS = 15_000;

/** Tasks, steps, the live feed, single model calls and server-side runs. */
export const flowRoutes = new Hono<AppEnv>()
  .post(
    '/tasks',
    rest(async (caller, c) => caller.task.create(await jsonBody(c)), 201),
  )
  .get(
    '/tasks',
    rest((caller) => caller.task.list()),
  )
  .delete(
    '/tasks',
    rest((caller) => caller.task.clear()),
  )
  .post(
    '/tasks/:id/steps',
    rest(
      async (caller, c) =>
        caller.task.addStep(await jsonBodyWith(c, { taskId: pathParam(c, 'id') })),
      201,
    ),
  )
  .get(
    '/tasks/:id/steps',
    rest((caller, c) =>
      caller.task.steps({
        taskId: pathParam(c, 'id'),
        afterSeq: Number.parseInt(c.req.query('after') ?? '0', 10) || 0,
      }),
    ),
  )
  .get('/tasks/:id/events', async (c) => {
    const abort = new AbortController();
    // Opened before the stream starts, so a bad id or a foreign task answers 404 as JSON.
    const events = await openFlowEvents(
      apiContext(c),
      {
        taskId: pathParam(c, 'id'),
        lastEventId: c.req.header('last-event-id') ?? c.req.query('lastEventId'),
      },
      abort.signal,
    );
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => abort.abort());
      const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
      try {
        for await (const event of events) {
          await stream.writeSSE({
            event: event.type,
            data: JSON.stringify(event),
            ...(event.type === 'step' ? { id: String(event.step.seq) } : {}),
          });
        }
      } finally {
        clearInterval(heartbeat);
      }
    });
  })
  .post(
    '/flow/run',
    rest(async (caller, c) => caller.flow.run(await jsonBody(c))),
  )
  .post(
    '/flows',
    rest(async (caller, c) => caller.flow.start(await jsonBody(c)), 201),
  )
  .get(
    '/flows/:taskId',
    rest((caller, c) => caller.flow.state({ taskId: pathParam(c, 'taskId') })),
  )
  .post(
    '/flows/:taskId/:command{stop|continue|execute|reset|retry}',
    rest((caller, c) => {
      const taskId = pathParam(c, 'taskId');
      const name = pathParam(c, 'command') as 'stop' | 'continue' | 'execute' | 'reset' | 'retry';
      return caller.flow[name]({ taskId });
    }),
  )
  .post(
    '/flows/:taskId/auto',
    rest(async (caller, c) =>
      caller.flow.setAuto(await jsonBodyWith(c, { taskId: pathParam(c, 'taskId') })),
    ),
  )
  .post(
    '/websites',
    rest(async (caller, c) => caller.website.create(await jsonBody(c)), 201),
  )
  .get(
    '/websites/:id',
    rest((caller, c) => caller.website.byId({ id: pathParam(c, 'id') })),
  )
  .post(
    '/websites/:id/deploy',
    rest(async (caller, c) =>
      caller.website.deploy(await jsonBodyWith(c, { id: pathParam(c, 'id') })),
    ),
  )
  .post(
    '/:hosting{local|netlify}/sites',
    rest(async (caller, c) =>
      caller.website.createSite(await jsonBodyWith(c, { hosting: pathParam(c, 'hosting') })),
    ),
  );
