import { describe, expect, it } from 'vitest';
import { previewFrameRoutes } from './preview-frame';

type Listener = (event: Record<string, unknown>) => void;

/** The page GET /preview-frame serves, with its headers. */
async function framePage() {
  const response = await previewFrameRoutes.request('/');
  const html = await response.text();
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('The frame page has no script');
  return { response, script };
}

/**
 * Runs the frame page's script against a stand-in window: what it writes, the scripts it
 * appends, and a way to post it messages.
 */
async function loadFrame() {
  const { script } = await framePage();
  const listeners: Record<string, Listener> = {};
  const parent = {};
  const written: string[] = [];
  const appended: string[] = [];
  const document = {
    open: () => {},
    close: () => {},
    write: (html: string) => written.push(html),
    createElement: () => ({ textContent: '' }),
    body: { appendChild: (element: { textContent: string }) => appended.push(element.textContent) },
    documentElement: {},
  };
  const addEventListener = (type: string, listener: Listener) => {
    listeners[type] = listener;
  };
  new Function('addEventListener', 'parent', 'document', script)(
    addEventListener,
    parent,
    document,
  );
  const post = (data: unknown, source: unknown = parent) => listeners.message?.({ data, source });
  return { post, parent, written, appended };
}

/** The run prelude from a document the frame wrote, run against a stand-in window. */
function runPrelude(document: string) {
  const prelude = /<script>([\s\S]*?)<\/script>/.exec(document)?.[1];
  if (!prelude) throw new Error('No prelude in the written document');
  const posted: unknown[] = [];
  const listeners: Record<string, Listener> = {};
  const printed: unknown[][] = [];
  const print = (...values: unknown[]) => printed.push(values);
  const console = { log: print, error: print, warn: print, info: print };
  const timers: (() => void)[] = [];
  const window = {
    parent: { postMessage: (message: unknown) => posted.push(message) },
    console,
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = listener;
    },
    setInterval: (callback: () => void) => timers.push(callback),
    document: {
      documentElement: { getBoundingClientRect: () => ({ height: 180.4 }) },
      body: { scrollHeight: 150 },
    },
  };
  new Function(...Object.keys(window), prelude)(...Object.values(window));
  return { posted, listeners, console, printed, timers };
}

describe('GET /preview-frame', () => {
  it('is sandboxed to scripts by its own policy, and framed by the app only', async () => {
    const { response } = await framePage();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox allow-scripts;/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('shows one preview document, sent by its parent only', async () => {
    const frame = await loadFrame();
    frame.post({ type: 'flows-preview', html: '<p>not from the parent</p>' }, {});
    expect(frame.written).toEqual([]);
    frame.post({ type: 'flows-preview', html: '<p>Hi</p>' });
    frame.post({ type: 'flows-preview', html: '<p>Again</p>' });
    expect(frame.written).toEqual(['<p>Hi</p>']);
  });

  it('runs code: the prelude goes first in the head, then the scripts in order, once', async () => {
    const frame = await loadFrame();
    const html = '<!DOCTYPE html><html lang="en"><head><title>T</title></head><body></body></html>';
    frame.post({ type: 'flows-run', html, scripts: ['first()', 'second()'] });
    frame.post({ type: 'flows-run', html, scripts: ['third()'] });
    expect(frame.written).toHaveLength(1);
    const [document] = frame.written;
    expect(document).toMatch(/^<!DOCTYPE html><html lang="en"><head><script>\(\(\) => \{/);
    expect(document).toContain('</script><title>T</title>');
    expect(frame.appended).toEqual(['first()', 'second()']);
  });

  it('puts the prelude after the html tag or the doctype when there is no head', async () => {
    for (const [html, start] of [
      ['<html><body>x</body></html>', '<html><script>'],
      ['<!doctype html><p>x</p>', '<!doctype html><script>'],
      ['<p>x</p>', '<script>'],
    ] as const) {
      const frame = await loadFrame();
      frame.post({ type: 'flows-run', html, scripts: [] });
      expect(frame.written[0]?.startsWith(start)).toBe(true);
    }
  });

  it("reports console output, errors, rejections and height in the protocol's shapes", async () => {
    const frame = await loadFrame();
    frame.post({ type: 'flows-run', html: '<head></head>', scripts: [] });
    const { posted, listeners, console, printed, timers } = runPrelude(frame.written[0]!);

    console.log('Total:', 3, { a: [1] }, undefined, new Error('boom'));
    console.warn('careful');
    console.info('note');
    console.error('failed');
    listeners.error?.({
      message: 'Uncaught ReferenceError: x is not defined',
      lineno: 3,
      colno: 7,
    });
    listeners.error?.({
      message:
        "Uncaught SyntaxError: Failed to execute 'appendChild' on 'Node': Unexpected token ';'",
      lineno: 1,
      colno: 9,
    });
    listeners.unhandledrejection?.({ reason: new Error('nobody caught it') });
    listeners.unhandledrejection?.({ reason: 'plain reason' });
    timers[0]?.();
    timers[0]?.();

    expect(posted).toEqual([
      { type: 'log', message: 'Total: 3 {"a":[1]} undefined Error: boom' },
      { type: 'warn', message: 'careful' },
      { type: 'info', message: 'note' },
      { type: 'error', message: 'failed' },
      { type: 'error', message: 'Uncaught ReferenceError: x is not defined (line 3, column 7)' },
      { type: 'error', message: "Uncaught SyntaxError: Unexpected token ';' (line 1, column 9)" },
      { type: 'error', message: 'Unhandled Promise Rejection: nobody caught it' },
      { type: 'error', message: 'Unhandled Promise Rejection: plain reason' },
      // Measured every 500 ms, reported when it changes.
      { type: 'resize', height: 181 },
    ]);
    // The frame's own console still prints.
    expect(printed).toHaveLength(4);
  });
});
