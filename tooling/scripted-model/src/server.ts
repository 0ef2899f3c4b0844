import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  demoRules,
  type Fault,
  pickRule,
  type Rule,
  replyOf,
  type ScriptedRequest,
  type ScriptedTool,
  toolCallsOf,
} from './script';

/** A request the server received, for assertions. */
export type ReceivedRequest = {
  model: string;
  /** The last user message's text (the text parts of a multi-part message, joined). */
  prompt: string;
  /** The `image_url` URLs of the last user message's image parts (data: URLs, say). */
  images: string[];
  stream: boolean;
  temperature: number | undefined;
  authorization: string | undefined;
  /** The tools the request offered. */
  tools: ScriptedTool[];
  /** The conversation's `tool` messages (the answers to earlier tool calls), in order. */
  toolResults: ScriptedRequest['toolResults'];
};

export type ScriptedModelOptions = {
  port?: number;
  host?: string;
  rules?: Rule[];
  /** Pause between streamed chunks, in ms. */
  chunkDelayMs?: number;
  /** Answer 400 to messages with image parts, as servers of text-only models do. */
  rejectImages?: boolean;
};

/** A running scripted model server. */
export type ScriptedModel = {
  /** The OpenAI-compatible base URL, e.g. http://127.0.0.1:40123/v1 */
  url: string;
  requests: ReceivedRequest[];
  /** Puts rules in front of the current ones (faults for the next calls, say). */
  prepend: (...rules: Rule[]) => void;
  close: () => Promise<void>;
};

type ChatBody = {
  model?: string;
  stream?: boolean;
  temperature?: number;
  messages?: { role: string; content: unknown; tool_call_id?: string }[];
  tools?: { type?: string; function?: ScriptedTool }[];
};

/** The tools a request offers and the tool answers its conversation holds. */
function toolsOf(body: ChatBody): Pick<ScriptedRequest, 'tools' | 'toolResults'> {
  const tools = (body.tools ?? []).flatMap((tool) =>
    tool.function && typeof tool.function.name === 'string' ? [tool.function] : [],
  );
  const toolResults = (body.messages ?? []).flatMap((message) =>
    message.role === 'tool'
      ? [
          {
            toolCallId: message.tool_call_id ?? '',
            content:
              typeof message.content === 'string'
                ? message.content
                : JSON.stringify(message.content),
          },
        ]
      : [],
  );
  return { tools, toolResults };
}

/**
 * Answers with tool calls as OpenAI-compatible servers stream them: the first delta of each call
 * carries its index, id and name, the arguments follow in pieces, and `finish_reason` is
 * 'tool_calls'. Without `stream`, one message with `tool_calls`.
 */
async function answerToolCalls(
  response: ServerResponse,
  model: string,
  calls: { name: string; arguments: unknown }[],
  stream: boolean,
  delayMs: number,
) {
  const made = calls.map((call, index) => ({
    id: `call_${Date.now().toString(36)}_${index}`,
    name: call.name,
    arguments: JSON.stringify(call.arguments ?? {}),
  }));
  if (!stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    const tool_calls = made.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
    response.end(
      JSON.stringify({
        id: `chatcmpl-${Date.now()}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: null, tool_calls },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    );
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (delta: unknown, finish: string | null = null) =>
    response.write(
      `data: ${JSON.stringify({
        id: 'chatcmpl-stream',
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`,
    );
  send({ role: 'assistant', content: null });
  for (const [index, call] of made.entries()) {
    send({
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
      ],
    });
    for (let at = 0; at < call.arguments.length; at += 16) {
      send({ tool_calls: [{ index, function: { arguments: call.arguments.slice(at, at + 16) } }] });
      if (delayMs > 0) await sleep(delayMs);
    }
  }
  send({}, 'tool_calls');
  response.end('data: [DONE]\n\n');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type ContentPart = { type?: string; text?: string; image_url?: { url?: string } };

function lastUserContent(body: ChatBody): unknown {
  const user = [...(body.messages ?? [])].reverse().find((message) => message.role === 'user');
  return user?.content ?? '';
}

/** A message's text: the content itself, or the text parts of a multi-part content. */
function lastUserPrompt(body: ChatBody): string {
  const content = lastUserContent(body);
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content);
  return (content as ContentPart[])
    .flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : []))
    .join('\n');
}

/** The URLs of a multi-part message's image parts. */
function lastUserImages(body: ChatBody): string[] {
  const content = lastUserContent(body);
  if (!Array.isArray(content)) return [];
  return (content as ContentPart[]).flatMap((part) =>
    part.type === 'image_url' && typeof part.image_url?.url === 'string'
      ? [part.image_url.url]
      : [],
  );
}

function completion(model: string, content: string, reasoning?: string) {
  const message = {
    role: 'assistant',
    content,
    ...(reasoning && { reasoning_content: reasoning }),
  };
  return {
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: 'stop' }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

function chunk(model: string, delta: Record<string, string>, finish: string | null = null) {
  return {
    id: 'chatcmpl-stream',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

/** Answers with a fault instead of a reply (dropMidStream answers 'drop'). */
function answerFault(
  fault: Exclude<Fault, 'drop'>,
  response: ServerResponse,
  open: Set<ServerResponse>,
): void {
  switch (fault) {
    case 'http500':
      response.writeHead(500, 'Internal Server Error', { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'scripted failure' } }));
      return;
    case 'http429':
      response.writeHead(429, 'Too Many Requests', {
        'content-type': 'application/json',
        'retry-after': '1',
      });
      response.end(JSON.stringify({ error: { message: 'rate limited' } }));
      return;
    case 'reset':
      response.socket?.destroy();
      return;
    case 'timeout':
      open.add(response); // never answered; closed when the server closes
      return;
    case 'stall':
      // Starts streaming, then goes silent.
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        `data: ${JSON.stringify(chunk('local-model', { role: 'assistant', content: 'Thinking' }))}\n\n`,
      );
      open.add(response);
      return;
    case 'malformed':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"choices": [ this is not json');
      return;
    case 'empty':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('');
      return;
    case 'rejectTools':
      response.writeHead(400, 'Bad Request', { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'tools are not supported by this model' } }));
      return;
  }
}

const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

async function streamReply(
  response: ServerResponse,
  model: string,
  content: string,
  delayMs: number,
  reasoning = '',
) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  send(chunk(model, { role: 'assistant', content: '' }));
  for (const piece of words(reasoning)) {
    send(chunk(model, { reasoning_content: piece }));
    if (delayMs > 0) await sleep(delayMs);
  }
  for (const piece of words(content)) {
    send(chunk(model, { content: piece }));
    if (delayMs > 0) await sleep(delayMs);
  }
  send(chunk(model, {}, 'stop'));
  response.end('data: [DONE]\n\n');
}

/**
 * Starts streaming `content` as streamReply does, then destroys the socket after a few words:
 * no `finish_reason`, no `[DONE]`, as when a model server dies or a proxy drops the connection.
 */
async function dropMidStream(
  response: ServerResponse,
  model: string,
  content: string,
  delayMs: number,
) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  // Waits until each piece is handed to the socket, so the client sees it before the drop.
  const send = (data: unknown) =>
    new Promise<void>((resolve) =>
      response.write(`data: ${JSON.stringify(data)}\n\n`, () => resolve()),
    );
  await send(chunk(model, { role: 'assistant', content: '' }));
  for (const piece of words(content).slice(0, 3)) {
    await send(chunk(model, { content: piece }));
    if (delayMs > 0) await sleep(delayMs);
  }
  response.socket?.destroy();
}

/** Starts the scripted OpenAI-compatible server on 127.0.0.1 (a free port unless given). */
export async function startScriptedModel(
  options: ScriptedModelOptions = {},
): Promise<ScriptedModel> {
  const rules: Rule[] = [...(options.rules ?? demoRules)];
  const requests: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const delayMs = options.chunkDelayMs ?? 0;

  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? '').replace(/\?.*$/, '');
    if (request.method === 'GET' && path.endsWith('/models')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ object: 'list', data: [{ id: 'local-model', object: 'model' }] }),
      );
      return;
    }
    if (request.method === 'POST' && path === '/demo-webhook') {
      // The demo's webhook target (`pnpm demo` points its demo webhook here): echoes the payload.
      const text = await readBody(request);
      let payload: unknown = text;
      try {
        payload = JSON.parse(text);
      } catch {}
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ ok: true, received: payload, note: 'Demo webhook of the scripted model' }),
      );
      return;
    }
    if (request.method !== 'POST' || !path.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `no route ${request.method} ${path}` } }));
      return;
    }
    let body: ChatBody;
    try {
      body = JSON.parse(await readBody(request)) as ChatBody;
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'body is not JSON' } }));
      return;
    }
    const prompt = lastUserPrompt(body);
    const images = lastUserImages(body);
    const model = body.model ?? 'local-model';
    requests.push({
      model,
      prompt,
      images,
      stream: body.stream === true,
      temperature: body.temperature,
      authorization: request.headers.authorization,
      ...toolsOf(body),
    });
    const scripted: ScriptedRequest = { prompt, ...toolsOf(body) };
    if (options.rejectImages && images.length > 0) {
      response.writeHead(400, 'Bad Request', { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: 'This model does not support image inputs' } }),
      );
      return;
    }
    const rule = pickRule(rules, prompt, scripted);
    if (rule?.fault === 'drop') {
      // The start of the reply the prompt gets once the fault is used up (the rule's own, if set).
      const next = rules.find(
        (other) => !other.fault && other.match.test(prompt) && other.times !== 0,
      );
      await dropMidStream(response, model, replyOf(rule.reply ? rule : next, prompt), delayMs);
      return;
    }
    if (rule?.fault) {
      answerFault(rule.fault, response, hanging);
      return;
    }
    const calls = toolCallsOf(rule, scripted);
    if (calls.length > 0) {
      await answerToolCalls(response, model, calls, body.stream === true, delayMs);
      return;
    }
    const reply = replyOf(rule, prompt, scripted);
    if (body.stream) {
      await streamReply(response, model, reply, delayMs, rule?.reasoning);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(completion(model, reply, rule?.reasoning)));
  });

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    requests,
    prepend: (...extra) => rules.unshift(...extra),
    close: async () => {
      for (const response of hanging) response.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
