import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ExecutableCodeBlock } from './ExecutableCodeBlock';
import { HTML_CONSOLE_NOTE } from './runPlan';

/** Clicks Run and waits for the run's frame; returns it with a spy on what it is posted. */
async function run(language: string) {
  fireEvent.click(screen.getByRole('button', { name: `Run ${language} code` }));
  const frame = (await screen.findByTitle(`${language} code output`)) as HTMLIFrameElement;
  const post = vi.spyOn(frame.contentWindow!, 'postMessage');
  fireEvent.load(frame);
  return { frame, post };
}

/** A message event as a window posts it. */
function postFrom(source: Window | null, data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  });
}

describe('ExecutableCodeBlock', () => {
  it('runs JavaScript in a sandboxed frame and lists what the frame reports', async () => {
    const code = "console.log('hello')";
    renderWithProviders(<ExecutableCodeBlock language="javascript" code={code} />);
    const { frame, post } = await run('javascript');

    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe('/preview-frame');
    // The run is posted once, even when the frame loads again (navigating itself).
    fireEvent.load(frame);
    expect(post).toHaveBeenCalledTimes(1);
    const [request, target] = post.mock.calls[0]!;
    expect(target).toBe('*');
    expect(request).toMatchObject({ type: 'flows-run' });
    expect((request as { scripts: string[] }).scripts.at(-1)).toBe(code);

    postFrom(frame.contentWindow, { type: 'log', message: 'hello' });
    postFrom(frame.contentWindow, { type: 'warn', message: 'careful' });
    // Not from the frame, or not in the spec's shapes: ignored.
    postFrom(window, { type: 'log', message: 'forged by the page' });
    postFrom(null, { type: 'error', message: 'from nowhere' });
    postFrom(frame.contentWindow, { type: 'html', message: '<img src=x>' });
    postFrom(frame.contentWindow, { type: 'log', message: 42 });

    const output = screen.getByRole('list', { name: 'javascript console output' });
    expect([...output.querySelectorAll('li')].map((line) => line.textContent)).toEqual([
      'hello',
      'careful',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getByText('Code executed (click to view)')).toBeTruthy();
    postFrom(frame.contentWindow, {
      type: 'error',
      message: 'Uncaught ReferenceError: x is not defined (line 2, column 1)',
    });
    fireEvent.click(screen.getByText('Error occurred (click to view)'));
    expect(
      screen.getByText('Uncaught ReferenceError: x is not defined (line 2, column 1)'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTitle('javascript code output')).toBeNull();
    expect(screen.queryByText('hello')).toBeNull();
  });

  it('says which languages it cannot run', async () => {
    renderWithProviders(<ExecutableCodeBlock language="python" code="print(1)" />);
    fireEvent.click(screen.getByRole('button', { name: 'Run python code' }));
    expect(await screen.findByText('Execution not supported for language: python')).toBeTruthy();
    expect(screen.queryByTitle('python code output')).toBeNull();
  });

  it('reports code that does not transpile as an execution error', async () => {
    renderWithProviders(<ExecutableCodeBlock language="ts" code="const x: = 1;" />);
    fireEvent.click(screen.getByRole('button', { name: 'Run ts code' }));
    expect(await screen.findByText(/^Execution Error: Unexpected token \(1:\d+\)$/)).toBeTruthy();
  });

  it('switches HTML to visual mode, and the console explains where it went', async () => {
    renderWithProviders(<ExecutableCodeBlock language="html" code="<h1>Hi</h1>" />);
    const visual = () => screen.getByRole('radio', { name: 'Visual' }) as HTMLInputElement;
    expect(visual().checked).toBe(false);
    const { frame, post } = await run('html');
    expect(visual().checked).toBe(true);
    expect((post.mock.calls[0]![0] as { html: string }).html).toContain('<h1>Hi</h1>');
    expect(frame.style.height).toBe('300px');
    postFrom(frame.contentWindow, { type: 'resize', height: 180 });
    expect(frame.style.height).toBe('200px');
    expect(screen.queryByText(HTML_CONSOLE_NOTE)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Console' }));
    expect(screen.getByText(HTML_CONSOLE_NOTE)).toBeTruthy();
  });

  it("has no visual mode for plain scripts, and Copy says 'Copied!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ExecutableCodeBlock language="js" code="1 + 1" />);
    expect(screen.queryByRole('radio', { name: 'Visual' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy js code' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('1 + 1');
  });
});
