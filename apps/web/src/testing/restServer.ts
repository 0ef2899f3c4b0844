import { vi } from 'vitest';

/** A canned answer: status (200 when omitted) and a JSON body, or raw text. */
export type MockReply = { status?: number; json?: unknown; text?: string; headers?: HeadersInit };

/** A route's answer, or a function of the request's parsed JSON body that returns one. */
export type MockHandler = MockReply | ((body: unknown) => MockReply | Promise<MockReply>);

/** One request the mock received. */
export type MockCall = {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
};

/**
 * Replaces `window.fetch` with a fake server. Routes are keyed 'METHOD /path' (query ignored);
 * anything else answers 404. Returns the calls made, for assertions. The fake is removed after
 * each test (setup.ts).
 */
export function mockServer(routes: Record<string, MockHandler>) {
  const calls: MockCall[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      body,
      headers: new Headers(init.headers),
      credentials: init.credentials,
    });
    const handler = routes[`${method} ${url.pathname}`];
    const reply: MockReply =
      typeof handler === 'function'
        ? await handler(body)
        : (handler ?? { status: 404, json: { error: `Not mocked: ${method} ${url.pathname}` } });
    const text = reply.json === undefined ? (reply.text ?? '') : JSON.stringify(reply.json);
    return new Response(text || null, {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fake);
  return calls;
}

/** A fetch that never answers, to hold the app in its loading state. */
export function mockPendingServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
}
