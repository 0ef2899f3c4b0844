import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type SseLimits, sseData } from './sse';

const limits: SseLimits = {
  maxBytes: 1024,
  maxLineBytes: 64,
  refuse: (what) => new Error(`sent ${what}`),
};

/** A body that arrives in `chunks`, one at a time. */
async function* body(chunks: Uint8Array[]) {
  for (const chunk of chunks) yield chunk;
}

/** The events' data of a body that arrives in `chunks`. */
async function read(chunks: string[]) {
  const encoder = new TextEncoder();
  const events: string[] = [];
  for await (const data of sseData(body(chunks.map((chunk) => encoder.encode(chunk))), limits)) {
    events.push(data);
  }
  return events;
}

describe('sseData', () => {
  it('gives each event its data, whatever the chunks cut through', async () => {
    const body = 'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n';
    const whole = await read([body]);
    expect(whole).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
    for (let cut = 1; cut < body.length; cut++) {
      expect(await read([body.slice(0, cut), body.slice(cut)])).toEqual(whole);
    }
  });

  it('takes CRLF and CR line ends, a "\\r\\n" split over two chunks included', async () => {
    expect(await read(['data: one\r', '\n\r\n', 'data: two\r\rdata: three\n\n'])).toEqual([
      'one',
      'two',
      'three',
    ]);
    expect(await read(['data: a\r', '\ndata: b\r\n\r\n'])).toEqual(['a\nb']);
  });

  it('joins multi-line data, skips comments and other fields, and drops an unfinished event', async () => {
    const body = ': keep-alive\n\nevent: message\nid: 7\ndata:first\ndata: second\n\ndata: cut off';
    expect(await read([body])).toEqual(['first\nsecond']);
  });

  it('decodes characters whose bytes are split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: héllo €\n\n');
    const events: string[] = [];
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    for await (const data of sseData(body(chunks), limits)) events.push(data);
    expect(events).toEqual(['héllo €']);
  });

  it('closes the body when the reader stops early', async () => {
    const endless = new Readable({
      read() {
        this.push(new TextEncoder().encode('data: more\n\n'));
      },
    });
    for await (const data of sseData(endless, limits)) if (data === 'more') break;
    expect(endless.destroyed).toBe(true);
  });

  it('refuses a line longer than its limit, whatever the chunks, and a stream over its bytes', async () => {
    const long = `data: ${'x'.repeat(58)}`;
    expect(await read([long.slice(0, 30), long.slice(30), '\n\n'])).toEqual(['x'.repeat(58)]);
    await expect(read([long.slice(0, 30), `${long.slice(30)}x`, '\n\n'])).rejects.toThrow(
      'sent a line longer than 0.00006103515625 MB',
    );
    const events = Array.from({ length: 70 }, (_, index) => `data: event ${index}\n\n`);
    await expect(read(events)).rejects.toThrow('sent more than 0.0009765625 MB');
    expect(await read(events.slice(0, 60))).toHaveLength(60);
  });
});
