import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FRAME_HEIGHT,
  frameMessageFrom,
  MAX_FRAME_HEIGHT,
  MAX_MESSAGE_LENGTH,
  nextFrameHeight,
  parseFrameMessage,
} from './frameProtocol';

describe('parseFrameMessage', () => {
  it('takes console output of the four kinds, and resize with a height', () => {
    for (const type of ['log', 'error', 'warn', 'info'] as const) {
      expect(parseFrameMessage({ type, message: 'hello' })).toEqual({ type, message: 'hello' });
    }
    expect(parseFrameMessage({ type: 'resize', height: 120 })).toEqual({
      type: 'resize',
      height: 120,
    });
  });

  it('refuses every other shape', () => {
    const refused: unknown[] = [
      null,
      undefined,
      'log',
      42,
      [],
      { type: 'debug', message: 'x' },
      { type: 'log' },
      { type: 'log', message: 42 },
      { type: 'log', message: 'x', html: '<img src=x>' },
      { type: 'resize' },
      { type: 'resize', height: '100' },
      { type: 'resize', height: -1 },
      { type: 'resize', height: Number.POSITIVE_INFINITY },
      { type: 'resize', height: Number.NaN },
      { type: 'resize', height: 10, message: 'x' },
      { type: 'flows-run', html: '', scripts: [] },
      { type: 'flows-preview', html: '' },
    ];
    for (const data of refused) expect([data, parseFrameMessage(data)]).toEqual([data, null]);
  });

  it('cuts very long messages', () => {
    const parsed = parseFrameMessage({ type: 'log', message: 'x'.repeat(MAX_MESSAGE_LENGTH + 50) });
    expect(parsed?.type).toBe('log');
    expect(parsed && 'message' in parsed && parsed.message.length).toBe(MAX_MESSAGE_LENGTH + 1);
  });
});

describe('frameMessageFrom', () => {
  function frameWithWindow() {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    return frame;
  }

  it("takes messages from the frame's own window only", () => {
    const frame = frameWithWindow();
    const other = frameWithWindow();
    const data = { type: 'log', message: 'from the frame' };
    expect(frameMessageFrom({ source: frame.contentWindow, data }, frame)).toEqual(data);
    expect(frameMessageFrom({ source: other.contentWindow, data }, frame)).toBeNull();
    expect(frameMessageFrom({ source: window, data }, frame)).toBeNull();
    expect(frameMessageFrom({ source: null, data }, frame)).toBeNull();
    expect(frameMessageFrom({ source: frame.contentWindow, data }, null)).toBeNull();
    frame.remove();
    other.remove();
  });

  it("refuses the frame's messages in other shapes", () => {
    const frame = frameWithWindow();
    expect(
      frameMessageFrom({ source: frame.contentWindow, data: { type: 'eval' } }, frame),
    ).toBeNull();
    frame.remove();
  });
});

describe('nextFrameHeight', () => {
  it('is the content height plus 20 px, at most the cap', () => {
    expect(nextFrameHeight(DEFAULT_FRAME_HEIGHT, 100)).toBe(120);
    expect(nextFrameHeight(DEFAULT_FRAME_HEIGHT, 480.4)).toBe(501);
    expect(nextFrameHeight(DEFAULT_FRAME_HEIGHT, 1e9)).toBe(MAX_FRAME_HEIGHT);
  });

  it('keeps the height when the page only fills its viewport', () => {
    expect(nextFrameHeight(320, 320)).toBe(320);
    expect(nextFrameHeight(320, 318)).toBe(320);
    expect(nextFrameHeight(320, 300)).toBe(320);
    expect(nextFrameHeight(320, 200)).toBe(220);
  });
});
