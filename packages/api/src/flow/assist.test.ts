import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssistEvent, streamModelCall } from './assist';

const settings = { modelApiKeys: [], flowTimeScale: 0, modelTimeoutMs: 2000 };
const input = (prompt: string) => ({
  provider: 'lmstudio' as const,
  input: { prompt, temperature: 0.7, model: 'local-model' },
});

async function collect(stream: AsyncGenerator<AssistEvent>): Promise<AssistEvent[]> {
  const events: AssistEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('streamModelCall', () => {
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await startScriptedModel({
      rules: [
        { match: /stream me/, reply: 'Here is a long reply that comes in several pieces.' },
        { match: /always fails/, fault: 'http500' },
      ],
    });
  });
  afterAll(() => model.close());

  it('yields the text as it arrives, then the whole reply', async () => {
    const events = await collect(streamModelCall(input('stream me'), model.url, settings));
    const last = events.at(-1);
    expect(last).toEqual({
      type: 'done',
      result: 'Here is a long reply that comes in several pieces.',
    });
    const texts = events.filter((event) => event.type === 'text');
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.map((event) => event.text).join('')).toBe(
      'Here is a long reply that comes in several pieces.',
    );
  });

  it('fails with a 502 naming the provider after its retries', async () => {
    const events: AssistEvent[] = [];
    const failure = await (async () => {
      try {
        for await (const event of streamModelCall(input('always fails'), model.url, settings)) {
          events.push(event);
        }
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(TRPCError);
    expect((failure as TRPCError).code).toBe('BAD_GATEWAY');
    expect((failure as TRPCError).message).toMatch(/^Failed to get response from /);
    expect(events.some((event) => event.type === 'retry')).toBe(true);
  });
});
