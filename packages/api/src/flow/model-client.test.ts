import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { FLOW_CALL_ATTEMPTS } from '@flows/engine';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callModel, type ModelCallError, type ModelSettings } from './model-client';

const settings = (endpoint: string): ModelSettings => ({
  provider: 'lmstudio',
  endpoint,
  model: 'local-model',
  temperature: 0.7,
});

/** Calls the model with no backoff, noting the retries and the text streamed. */
async function call(endpoint: string, prompt: string) {
  const retries: ModelCallError[] = [];
  let streamed = '';
  const answer = callModel(settings(endpoint), prompt, {
    timeScale: 0,
    timeoutMs: 2000,
    onText: (delta) => {
      streamed += delta;
    },
    onRetry: ({ error }) => {
      retries.push(error);
    },
  });
  return { answer, retries, streamed: () => streamed };
}

describe('callModel when the model server drops the connection mid-stream', () => {
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await startScriptedModel();
  });
  afterAll(() => model.close());

  const asked = (prompt: string) => model.requests.filter((seen) => seen.prompt === prompt).length;

  it('tries again, and takes only the whole reply of the attempt that finished', async () => {
    const prompt = 'Your current task: Drop twice';
    model.prepend({ match: /Drop twice/, fault: 'drop', times: 2 });
    const { answer, retries, streamed } = await call(model.url, prompt);
    const { reply } = await answer;
    expect(reply).toBe(
      'Demo model answer for "Drop twice": this is a scripted reply that stands in for a real model.',
    );
    expect(asked(prompt)).toBe(3);
    expect(retries.map(({ message, kind }) => ({ message, kind }))).toEqual([
      { message: "The model's answer broke off mid-stream", kind: 'connection' },
      { message: "The model's answer broke off mid-stream", kind: 'connection' },
    ]);
    // onText got the two broken starts too, before the whole reply: a live preview of the call
    // shows them unless it starts over on a retry.
    expect(streamed()).toBe(`Demo model answer Demo model answer ${reply}`);
  });

  it('fails as a connection failure once every attempt broke off', async () => {
    const prompt = 'Your current task: Drop always';
    model.prepend({ match: /Drop always/, fault: 'drop', times: FLOW_CALL_ATTEMPTS + 2 });
    const { answer, retries } = await call(model.url, prompt);
    await expect(answer).rejects.toMatchObject({
      name: 'ModelCallError',
      kind: 'connection',
      message: "The model's answer broke off mid-stream",
    });
    expect(retries).toHaveLength(FLOW_CALL_ATTEMPTS - 1);
    expect(asked(prompt)).toBe(FLOW_CALL_ATTEMPTS);
  });
});

describe('callModel when the model server fails before it answers', () => {
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await startScriptedModel();
  });
  afterAll(() => model.close());

  it.each([
    [
      'http500',
      {
        kind: 'http',
        status: 500,
        message: 'Server returned 500: Internal Server Error (scripted failure)',
      },
    ],
    ['reset', { kind: 'connection', message: 'other side closed' }],
  ] as const)('names a %s by what the server did, after every attempt', async (fault, failure) => {
    const prompt = `Your current task: Fail with ${fault}`;
    model.prepend({ match: new RegExp(`Fail with ${fault}`), fault, times: FLOW_CALL_ATTEMPTS });
    const { answer, retries } = await call(model.url, prompt);
    await expect(answer).rejects.toMatchObject(failure);
    expect(retries.map(({ message }) => message)).toEqual([failure.message, failure.message]);
  });

  it('keeps an error object a server streams in place of a chunk', async () => {
    const server = await closeDelimitedServer([
      JSON.stringify({ error: { message: 'model crashed', code: 'internal' } }),
    ]);
    try {
      const { answer } = await call(server.url, 'Say hello');
      await expect(answer).rejects.toMatchObject({ kind: 'other', message: 'model crashed' });
    } finally {
      await server.close();
    }
  });
});

/**
 * A model server that streams `events` as SSE data lines in a body that ends with the connection
 * (no length, not chunked), so a dropped connection looks to fetch like a finished body.
 */
async function closeDelimitedServer(events: string[]) {
  let requests = 0;
  const server = createServer((socket) => {
    socket.once('data', () => {
      requests += 1;
      const data = events.map((event) => `data: ${event}\n\n`).join('');
      socket.end(`HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n${data}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const piece = (content: string, finish: string | null = null) =>
  JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'local-model',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  });

describe('callModel when a stream ends quietly', () => {
  it('counts an end without finish_reason or [DONE] as broken off', async () => {
    const server = await closeDelimitedServer([piece('Hello '), piece('wor')]);
    try {
      const { answer } = await call(server.url, 'Say hello');
      await expect(answer).rejects.toMatchObject({
        kind: 'connection',
        message: "The model's answer broke off mid-stream",
      });
      expect(server.requests()).toBe(FLOW_CALL_ATTEMPTS);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['[DONE] without a finish_reason', [piece('Hello '), piece('world'), '[DONE]']],
    ['a finish_reason without [DONE]', [piece('Hello '), piece('world', 'stop')]],
  ])('takes a stream that ends with %s', async (_, events) => {
    const server = await closeDelimitedServer(events);
    try {
      const { answer } = await call(server.url, 'Say hello');
      expect((await answer).reply).toBe('Hello world');
      expect(server.requests()).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('callModel reusing its clients', () => {
  let first: ScriptedModel;
  let second: ScriptedModel;
  beforeAll(async () => {
    first = await startScriptedModel();
    second = await startScriptedModel();
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  it("sends each call's own key, and each call to its own endpoint", async () => {
    const ask = (endpoint: string, prompt: string, apiKey?: string) =>
      callModel({ ...settings(endpoint), apiKey }, prompt, { timeScale: 0, timeoutMs: 2000 });
    // At once and one after the other, on one endpoint's client and on another's.
    await Promise.all([
      ask(first.url, 'Key A', 'key-a'),
      ask(first.url, 'Key B', 'key-b'),
      ask(`${second.url}/`, 'Key C', 'key-c'),
    ]);
    await ask(first.url, 'No key');
    await ask(second.url, 'Key D', 'key-d');
    const seen = (model: ScriptedModel) =>
      model.requests.map(({ prompt, authorization }) => ({ prompt, authorization }));
    expect(seen(first)).toEqual(
      expect.arrayContaining([
        { prompt: 'Key A', authorization: 'Bearer key-a' },
        { prompt: 'Key B', authorization: 'Bearer key-b' },
        { prompt: 'No key', authorization: 'Bearer not-needed' },
      ]),
    );
    expect(first.requests).toHaveLength(3);
    expect(seen(second)).toEqual([
      { prompt: 'Key C', authorization: 'Bearer key-c' },
      { prompt: 'Key D', authorization: 'Bearer key-d' },
    ]);
  });
});

describe('callModel when the endpoint redirects', () => {
  let model: ScriptedModel;
  let redirecting: ReturnType<typeof createHttpServer>;
  let endpoint: string;
  beforeAll(async () => {
    model = await startScriptedModel();
    // Sends every request on to the scripted model, as an endpoint pointing elsewhere would.
    redirecting = createHttpServer((request, response) => {
      const target = new URL(model.url);
      response.writeHead(307, { location: `${target.origin}${request.url}` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(redirecting.address() as { port: number }).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => redirecting.close(resolve));
    await model.close();
  });

  it('fails with the redirect status and never follows it', async () => {
    const prompt = 'Your current task: Follow me';
    const { answer } = await call(endpoint, prompt);
    await expect(answer).rejects.toMatchObject({ kind: 'http', status: 307 });
    expect(model.requests.filter((seen) => seen.prompt === prompt)).toHaveLength(0);
  });
});

describe('callModel when the server asks to wait', () => {
  let retryAfter = '';
  const limiting = createHttpServer((_request, response) => {
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
    response.end(JSON.stringify({ error: { message: 'slow down' } }));
  });
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => limiting.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(limiting.address() as { port: number }).port}/v1`;
  });
  afterAll(() => new Promise((resolve) => limiting.close(resolve)));

  it.each([
    ['5', 5000],
    ['600', 60_000],
  ])('waits Retry-After: %s (up to a minute), not the shorter backoff', async (header, waitMs) => {
    retryAfter = header;
    const delays: number[] = [];
    const answer = callModel(settings(endpoint), 'Your current task: Wait', {
      timeScale: 0.0001,
      random: () => 0,
      onRetry: ({ delayMs }) => {
        delays.push(delayMs);
      },
    });
    await expect(answer).rejects.toMatchObject({ status: 429, retryAfterMs: waitMs });
    expect(delays).toEqual([waitMs * 0.0001, waitMs * 0.0001]);
  });
});

describe('callModel when the endpoint sends without end', () => {
  /** A model server that sends `piece` over and over in one event stream, never ending it. */
  async function endlessServer(piece: string) {
    const server = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const more = () => {
        while (!response.destroyed && response.write(piece));
      };
      response.on('drain', more);
      more();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
      close: () => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      },
    };
  }
  const callOnce = (endpoint: string) =>
    callModel(settings(endpoint), 'Your current task: Endless', {
      timeScale: 0,
      timeoutMs: 20_000,
    });

  it('fails a line longer than 1 MB', async () => {
    const server = await endlessServer(`: ${'x'.repeat(64 * 1024)}`);
    try {
      await expect(callOnce(server.url)).rejects.toMatchObject({
        message: 'The model server sent a line longer than 1 MB',
      });
    } finally {
      await server.close();
    }
  });

  it('stops reading at 64 MB', async () => {
    const server = await endlessServer(`: ${'x'.repeat(64 * 1024)}\n`);
    try {
      await expect(callOnce(server.url)).rejects.toMatchObject({
        message: 'The model server sent more than 64 MB',
      });
    } finally {
      await server.close();
    }
  });
});
