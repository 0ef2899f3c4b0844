import { TRPCError } from '@trpc/server';
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../env';
import { jsonBody, rest } from '../rest';

/** A request body that must be a JSON object (the fields of a save or an execute). */
async function objectBody<T = Record<string, unknown>>(c: Context<AppEnv>): Promise<T> {
  const body = await jsonBody<unknown>(c);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HTTPException(400, { message: 'The request body must be a JSON object' });
  }
  return body as T;
}

/** The `:id` of the path (the adapter's context is not typed with the route's params). */
const idOf = (c: Context<AppEnv>) => c.req.param('id') ?? '';

const gatewayStatuses: Partial<Record<TRPCError['code'], ContentfulStatusCode>> = {
  BAD_GATEWAY: 502,
  GATEWAY_TIMEOUT: 504,
};

/**
 * Executes answer 502 or 504 with the outbound failure's own message ('Request timed out after
 * 30000 ms', 'Could not resolve host ...'), which the generic 5xx handling would hide.
 */
function execute<T>(call: Parameters<typeof rest<T>>[0]) {
  const handler = rest(call);
  return async (c: Context<AppEnv>) => {
    try {
      return await handler(c);
    } catch (error) {
      const status = error instanceof TRPCError ? gatewayStatuses[error.code] : undefined;
      if (!status) throw error;
      return c.json({ error: (error as TRPCError).message }, status);
    }
  };
}

/** Webhooks and API integrations (spec section 7); the templates paths come before `:id`. */
export const integrationRoutes = new Hono<AppEnv>()
  .get(
    '/webhooks/templates',
    rest((caller) => caller.webhook.templates()),
  )
  .get(
    '/webhooks',
    rest((caller) => caller.webhook.list()),
  )
  .post(
    '/webhooks',
    rest(async (caller, c) => caller.webhook.create(await objectBody(c)), 201),
  )
  .get(
    '/webhooks/:id',
    rest((caller, c) => caller.webhook.byId({ id: idOf(c) })),
  )
  .put(
    '/webhooks/:id',
    rest(async (caller, c) => caller.webhook.update({ ...(await objectBody(c)), id: idOf(c) })),
  )
  .delete(
    '/webhooks/:id',
    rest((caller, c) => caller.webhook.delete({ id: idOf(c) })),
  )
  .post(
    '/webhooks/:id/execute',
    execute(async (caller, c) =>
      caller.webhook.execute({ id: idOf(c), payload: await jsonBody(c) }),
    ),
  )
  .get(
    '/webhooks/:id/executions',
    rest((caller, c) => caller.webhook.executions({ id: idOf(c) })),
  )
  .get(
    '/integrations/templates',
    rest((caller) => caller.integration.templates()),
  )
  .get(
    '/integrations',
    rest((caller) => caller.integration.list()),
  )
  .post(
    '/integrations',
    rest(async (caller, c) => caller.integration.create(await objectBody(c)), 201),
  )
  .get(
    '/integrations/:id',
    rest((caller, c) => caller.integration.byId({ id: idOf(c) })),
  )
  .put(
    '/integrations/:id',
    rest(async (caller, c) => caller.integration.update({ ...(await objectBody(c)), id: idOf(c) })),
  )
  .delete(
    '/integrations/:id',
    rest((caller, c) => caller.integration.delete({ id: idOf(c) })),
  )
  .post(
    '/integrations/:id/execute',
    execute(async (caller, c) =>
      caller.integration.execute({ ...(await objectBody(c)), id: idOf(c) }),
    ),
  )
  .get(
    '/integrations/:id/executions',
    rest((caller, c) => caller.integration.executions({ id: idOf(c) })),
  );
