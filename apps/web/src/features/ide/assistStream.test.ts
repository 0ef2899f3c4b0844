import { describe, expect, it } from 'vitest';
import { parseSse } from './assistStream';

describe('parseSse', () => {
  it('splits whole events and keeps the unfinished rest', () => {
    const { events, rest } = parseSse(
      'event: text\ndata: {"type":"text","text":"Hel"}\n\n: keep-alive\n\nevent: text\ndata: {"ty',
    );
    expect(events).toEqual([{ event: 'text', data: '{"type":"text","text":"Hel"}' }]);
    expect(rest).toBe('event: text\ndata: {"ty');
  });

  it('reads CRLF line ends and multi-line data', () => {
    const { events } = parseSse('event: done\r\ndata: a\r\ndata: b\r\n\r\n');
    expect(events).toEqual([{ event: 'done', data: 'a\nb' }]);
  });
});
