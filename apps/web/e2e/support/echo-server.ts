import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the echo server received. */
export type EchoedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A local HTTP service for integration tests, and what it received. */
export type EchoServer = {
  /** Its address, e.g. http://127.0.0.1:41234 */
  url: string;
  received: EchoedRequest[];
  close: () => Promise<void>;
};

/** A local service that answers every request with what it received, as JSON. */
export async function startEchoServer(): Promise<EchoServer> {
  const received: EchoedRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const echoed: EchoedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: await readBody(request),
    };
    received.push(echoed);
    const { headers: _headers, ...shown } = echoed;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ echo: shown }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
