import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Session } from './flow-client';
import type { createTestApp } from './harness';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/** Calls an /api path as `session` (or as a visitor), with a JSON body when given. */
export function call(
  app: App,
  method: string,
  path: string,
  session?: Session,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = session ? { cookie: session.cookie } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  return Promise.resolve(
    app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** A request the echo target received. */
export type Received = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
};

/**
 * A local HTTP service to execute against: /echo answers with what it got, /slow waits,
 * /big sends 11 MB, /limited answers 429 with Retry-After, /text answers plain text.
 */
export async function startEchoTarget() {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const path = new URL(req.url ?? '/', 'http://target').pathname;
    res.on('error', () => {});
    if (path.endsWith('/slow')) {
      setTimeout(() => res.end('late'), 3000);
    } else if (path.endsWith('/big')) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(1024 * 1024, 120);
      let sent = 0;
      const pump = () => {
        while (sent < 11) {
          sent++;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      pump();
    } else if (path.endsWith('/limited')) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '42' });
      res.end('{"message":"slow down"}');
    } else if (path.endsWith('/text')) {
      res.writeHead(200, { 'content-type': 'text/plain', 'x-target': 'yes' });
      res.end('plain text answer');
    } else {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    last: () => {
      const request = received.at(-1);
      if (!request) throw new Error('the target received nothing');
      return request;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
