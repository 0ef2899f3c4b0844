import { request } from 'node:http';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from './server';

let model: ScriptedModel;
let client: OpenAI;
beforeAll(async () => {
  model = await startScriptedModel();
  client = new OpenAI({ baseURL: model.url, apiKey: 'test-key', maxRetries: 0, timeout: 2000 });
});
afterAll(() => model.close());

const ask = (content: string) =>
  client.chat.completions.create({ model: 'local-model', messages: [{ role: 'user', content }] });

/** Posts a streamed chat request with node:http, and reads what arrives until the socket closes. */
function rawStream(content: string) {
  const body = JSON.stringify({
    model: 'local-model',
    stream: true,
    messages: [{ role: 'user', content }],
  });
  return new Promise<{ status?: number; text: string; complete: boolean }>((resolve, reject) => {
    const outgoing = request(`${model.url}/chat/completions`, { method: 'POST' }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => {
        text += piece;
      });
      response.on('error', () => {}); // "aborted" when the connection drops; `complete` tells
      response.on('close', () =>
        resolve({ status: response.statusCode, text, complete: response.complete }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('scripted model server', () => {
  it('answers a planning prompt with a JSON task list', async () => {
    const answer = await ask(
      'Break the following goal into a short list of concrete tasks (at most 5)\n\nGoal: Write a poem',
    );
    const tasks = JSON.parse(answer.choices[0]!.message.content!) as string[];
    expect(tasks).toHaveLength(3);
    expect(tasks[0]).toContain('Write a poem');
    expect(model.requests.at(-1)).toMatchObject({ authorization: 'Bearer test-key' });
  });

  it('streams the same text in chunks', async () => {
    const stream = await client.chat.completions.create({
      model: 'local-model',
      stream: true,
      messages: [{ role: 'user', content: 'Overall goal: x\n\nYour current task: Say hello' }],
    });
    const pieces: string[] = [];
    for await (const part of stream) pieces.push(part.choices[0]?.delta.content ?? '');
    expect(pieces.filter(Boolean).length).toBeGreaterThan(3);
    expect(pieces.join('')).toContain('Demo model answer for "Say hello"');
  });

  it('injects faults for matching prompts, the given number of times', async () => {
    model.prepend(
      { match: /fault-500/, fault: 'http500', times: 1 },
      { match: /fault-429/, fault: 'http429' },
      { match: /fault-malformed/, fault: 'malformed' },
      { match: /fault-reset/, fault: 'reset' },
      { match: /fault-timeout/, fault: 'timeout' },
    );
    await expect(ask('fault-500')).rejects.toMatchObject({ status: 500 });
    await expect(ask('fault-500')).resolves.toBeTruthy();
    await expect(ask('fault-429')).rejects.toMatchObject({ status: 429 });
    await expect(ask('fault-malformed')).rejects.toThrow();
    await expect(ask('fault-reset')).rejects.toThrow(/Connection error/);
    await expect(ask('fault-timeout')).rejects.toThrow(/timed out/i);
  });

  it("'drop' streams the first words of the reply, then closes the connection unfinished", async () => {
    model.prepend({ match: /Your current task: Drop me/, fault: 'drop', times: 1 });
    const prompt = 'Overall goal: x\n\nYour current task: Drop me';
    const dropped = await rawStream(prompt);
    expect(dropped).toMatchObject({ status: 200, complete: false });
    expect(dropped.text).not.toContain('[DONE]');
    const chunks = dropped.text
      .split('\n\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.replace(/^data: /, '')));
    expect(chunks.every((data) => data.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.every((data) => data.choices[0].finish_reason === null)).toBe(true);
    // The start of the reply the next rule gives, which the next request then gets whole.
    const partial = chunks.map((data) => data.choices[0].delta.content).join('');
    expect(partial).toBe('Demo model answer ');
    const whole = await rawStream(prompt);
    expect(whole.complete).toBe(true);
    expect(whole.text).toContain('data: [DONE]');
    expect(whole.text).toContain('"finish_reason":"stop"');
  });
});
