import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the test target received. */
type ReceivedRequest = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
};

/** A local HTTP server for outbound tests: records every request and answers per path. */
export async function startTestTarget() {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const url = new URL(req.url ?? '/', 'http://target');
    const path = url.pathname;

    if (path === '/echo') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ method: req.method, headers: req.headers, body, query: url.search }),
      );
    } else if (path === '/slow') {
      setTimeout(() => res.end('late'), Number(url.searchParams.get('ms') ?? 2000));
    } else if (path === '/slow-body') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('start');
      setTimeout(() => res.end('end'), 2000);
    } else if (path === '/bytes') {
      const size = Number(url.searchParams.get('size'));
      const declared = url.searchParams.get('declared') === '1';
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        ...(declared ? { 'content-length': String(size) } : {}),
      });
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += part.length;
          if (!res.write(part)) return res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => {});
      pump();
    } else if (path.startsWith('/hops/')) {
      const left = Number(path.slice('/hops/'.length));
      res.writeHead(302, { location: left > 0 ? `/hops/${left - 1}` : '/echo' });
      res.end();
    } else if (path === '/to') {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), {
        location: url.searchParams.get('url') ?? '/',
      });
      res.end();
    } else if (path === '/limited') {
      res.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'slow down' }));
    } else if (path === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('plain text answer');
    } else {
      res.writeHead(404);
      res.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
