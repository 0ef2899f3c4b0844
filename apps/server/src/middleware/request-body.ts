import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import getRawBody from 'raw-body';
import type { AppEnv } from '../env';

/**
 * Holds a request's body to `maxBytes`, answered by `tooLarge` (a 413) past it, before anything
 * else looks at the request. A REST body (`/api`) under Node's server is read here, straight from
 * Node's request stream, and kept for `jsonBody`: no web Request is built for it. Elsewhere
 * (tRPC's adapter reads the web Request; `app.request` has no Node stream) Hono's bodyLimit counts
 * the body as the web Request gives it.
 */
export function requestBodyLimit(
  maxBytes: number,
  tooLarge: (c: Context<AppEnv>) => Response,
): MiddlewareHandler<AppEnv> {
  const limitWebBody = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (!incoming || !c.req.path.startsWith('/api/')) return limitWebBody(c, next);
    const length = incoming.headers['transfer-encoding']
      ? null
      : incoming.headers['content-length'];
    try {
      c.set('bodyText', await getRawBody(incoming, { length, limit: maxBytes, encoding: 'utf8' }));
    } catch (error) {
      const { type, status } = error as getRawBody.RawBodyError;
      if (type === 'entity.too.large') {
        incoming.resume(); // the rest is read and dropped, so the answer reaches the client
        return tooLarge(c);
      }
      // An aborted upload, or a body shorter or longer than its Content-Length.
      if (status === 400)
        throw new HTTPException(400, { message: 'The request body is incomplete' });
      throw error;
    }
    return next();
  };
}
