import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serveOnNode } from './harness';

// REST bodies under Node's server are read from Node's request stream (middleware/request-body.ts).
let harness: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof serveOnNode>>;
beforeAll(async () => {
  harness = await createTestApp();
  server = await serveOnNode(harness.app);
});
afterAll(async () => {
  await server.close();
  await harness.close();
});

const json = { 'content-type': 'application/json' };

/** A body sent in chunks with no Content-Length (Transfer-Encoding: chunked). */
function chunked(chunks: string[]) {
  return {
    body: new ReadableStream({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    }),
    duplex: 'half',
  } as RequestInit;
}

describe('a REST request body over a Node server', () => {
  it('reaches the handler, whole, however it is sent', async () => {
    const register = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'body_reader',
        email: 'body_reader@example.com',
        password: 'long password 1',
      }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers.getSetCookie()[0]!.split(';')[0]!;

    const goal = `Plan a trip ${'é'.repeat(9_000)}`;
    const body = JSON.stringify({ goal });
    const created = await fetch(`${server.url}/api/tasks`, {
      method: 'POST',
      headers: { ...json, cookie },
      ...chunked([body.slice(0, 10), body.slice(10, 5_001), body.slice(5_001)]),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ goal });
  });

  it.each([
    [
      'by its Content-Length, before it is read',
      { body: JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'long password 1' }) },
    ],
    [
      'once a chunked body passes 1 MB',
      chunked(Array.from({ length: 5 }, () => 'x'.repeat(300 * 1024))),
    ],
  ])('is refused with 413 past 1 MB %s', async (_name, body) => {
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: json,
      ...body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request body is larger than 1 MB' });
  });

  it('is answered with a clear 400 when it is not JSON', async () => {
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: json,
      body: '{"username":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The request body is not valid JSON' });
  });
});
