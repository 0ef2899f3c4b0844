import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { feedStep, flowTask, runView } from '../../testing/flowFixtures';
import { renderFlowPanel } from '../../testing/flowPanel';

/** The background of the bubble that holds `text`. */
function bubbleOf(text: HTMLElement): string {
  return (text.closest('.mantine-Paper-root') as HTMLElement).style.background;
}

const steps = [
  feedStep(1, 'thinking', 'I need to understand the goal: Write a short poem about the sea'),
  feedStep(2, 'action', 'Analyzing the task using Local AI Engine'),
  feedStep(3, 'subtask', 'Executing task 1 of 3: Research'),
  feedStep(4, 'result', 'Waves roll in.'),
];

describe('FlowExecutionPanel', () => {
  it('shows Flow Ready before any run', () => {
    renderFlowPanel({ demo: true });
    expect(screen.getByRole('heading', { name: 'Flow Ready' })).toBeTruthy();
    expect(
      screen.getByText('Set a goal in the input panel to start your automated flow.'),
    ).toBeTruthy();
    expect(screen.getByText('Execution steps will appear here as the flow runs.')).toBeTruthy();
    expect(screen.getByText('Demo model')).toBeTruthy();
  });

  it('shows each step with its label, h:mm a time and bubble, and the Processing and AUTO badges', () => {
    const run = runView({ status: 'executing', auto: true });
    renderFlowPanel({ steps, run, active: true, busy: true, following: true, connection: 'live' });

    const panel = screen.getByRole('region', { name: 'Flow Execution' });
    expect(within(panel).getByText('Processing')).toBeTruthy();
    expect(within(panel).getAllByText('AUTO').length).toBeGreaterThan(0);
    const feed = within(screen.getByRole('region', { name: 'Execution steps' }));
    for (const label of ['Thinking', 'Action', 'Subtask', 'Result']) {
      expect(feed.getByText(label)).toBeTruthy();
    }
    expect(feed.getAllByText(/^\d{1,2}:\d{2} (AM|PM)$/)).toHaveLength(4);
    expect(feed.getByText('Waves roll in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause AUTO' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to Next Task' })).toBeNull();
  });

  it('pauses AUTO, and the panel AUTO toggle turns it off', () => {
    const run = runView({ status: 'executing', auto: true });
    const handlers = renderFlowPanel({ steps, run, active: true, busy: true, following: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pause AUTO' }));
    expect(handlers.onSetAuto).toHaveBeenLastCalledWith(false);
    fireEvent.click(screen.getByRole('switch', { name: /AUTO/ }));
    expect(handlers.onSetAuto).toHaveBeenLastCalledWith(false);
  });

  it('waits for confirmation in manual mode with the Feedback Required box and Continue', () => {
    const waitingSteps = [
      ...steps,
      feedStep(
        5,
        'thinking',
        'The task list is ready. Review it, then click Continue to run the tasks.',
      ),
    ];
    const run = runView({ status: 'waiting', auto: false });
    const handlers = renderFlowPanel({
      steps: waitingSteps,
      run,
      auto: false,
      active: true,
      following: true,
    });

    expect(screen.getByText('Waiting for your confirmation')).toBeTruthy();
    expect(screen.getByText('Feedback Required')).toBeTruthy();
    expect(screen.getByText('Action Required')).toBeTruthy();
    expect(screen.queryByText('Processing')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Next Task' }));
    expect(handlers.onContinue).toHaveBeenCalled();
    // Off, the panel's AUTO toggle turns AUTO on (which continues the run).
    fireEvent.click(screen.getByRole('switch', { name: /AUTO/ }));
    expect(handlers.onSetAuto).toHaveBeenLastCalledWith(true);
  });

  it('splits a result that opens with planning into Thinking: and Result: bubbles', () => {
    renderFlowPanel({
      steps: [feedStep(1, 'result', 'I will write four lines.\n\nThe sea is wide and grey.')],
      run: runView({ status: 'complete' }),
      following: true,
    });
    expect(screen.getByText('Thinking:')).toBeTruthy();
    expect(screen.getByText('I will write four lines.')).toBeTruthy();
    expect(screen.getByText('Result:')).toBeTruthy();
    expect(screen.getByText('The sea is wide and grey.')).toBeTruthy();
    expect(screen.getByText('Complete')).toBeTruthy();
  });

  it('shows code as a code block with a copy button, and HTML documents in a sandboxed frame', async () => {
    const html = '<!DOCTYPE html>\n<html><body><h1>Welcome</h1></body></html>';
    renderFlowPanel({
      steps: [feedStep(1, 'result', `Here is the page.\n\n\`\`\`html\n${html}\n\`\`\``)],
      following: true,
    });
    // The Markdown renderer loads on first use.
    expect(await screen.findByText('Here is the page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy html code' })).toBeTruthy();
    const frame = screen.getByTitle('Website preview') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    // The server's preview page brings its own sandbox CSP; the document is posted to it once.
    expect(frame.getAttribute('src')).toBe('/preview-frame');
    const post = vi.spyOn(frame.contentWindow!, 'postMessage');
    fireEvent.load(frame);
    fireEvent.load(frame);
    expect(post.mock.calls).toEqual([[{ type: 'flows-preview', html }, '*']]);
  });

  it('streams model text in its own bubble', () => {
    renderFlowPanel({
      steps,
      streamingText: 'The sea is',
      run: runView({ status: 'executing' }),
      active: true,
      busy: true,
      following: true,
    });
    expect(screen.getByText('Streaming')).toBeTruthy();
    expect(screen.getByText('The sea is')).toBeTruthy();
  });

  it("streams a reasoning model's thinking in a thinking bubble ahead of the answer", () => {
    renderFlowPanel({
      steps,
      streamingReasoning: 'The user wants four lines',
      streamingText: 'The sea is',
      run: runView({ status: 'executing' }),
      active: true,
      busy: true,
      following: true,
    });
    const items = within(screen.getByRole('region', { name: 'Execution steps' })).getAllByRole(
      'listitem',
    );
    const [reasoning, answer] = items.slice(-2);
    expect(within(reasoning!).getByText('Thinking')).toBeTruthy();
    expect(within(reasoning!).getByText('Streaming')).toBeTruthy();
    expect(bubbleOf(within(reasoning!).getByText('The user wants four lines'))).toContain('violet');
    expect(within(answer!).getByText('Result')).toBeTruthy();
    expect(bubbleOf(within(answer!).getByText('The sea is'))).toContain('teal');
  });

  it('shows error steps as errors: the error icon and colour, never the result style', () => {
    renderFlowPanel({
      steps: [
        feedStep(1, 'result', 'Waves roll in.'),
        feedStep(2, 'result', 'Error executing subtask: Draft the poem', { error: true }),
      ],
      run: runView({ status: 'complete' }),
      following: true,
    });
    const [answer, failure] = within(
      screen.getByRole('region', { name: 'Execution steps' }),
    ).getAllByRole('listitem');
    expect(within(failure!).getByRole('img', { name: 'Error' })).toBeTruthy();
    const errorBubble = bubbleOf(within(failure!).getByText(/^Error executing subtask/));
    expect(errorBubble).toContain('red');
    expect(errorBubble).not.toContain('teal');
    expect(within(answer!).queryByRole('img', { name: 'Error' })).toBeNull();
    expect(bubbleOf(within(answer!).getByText('Waves roll in.'))).toContain('teal');
  });

  it('after Stop with work left offers Continue, Execute (in the task list) and Retry of the cut task', () => {
    const run = runView({
      status: 'stopped',
      auto: true,
      currentTaskIndex: 1,
      tasks: [
        flowTask('Research the sea', { completed: true, result: 'Salty.' }),
        flowTask('Draft the poem'),
        flowTask('Polish it'),
      ],
    });
    const handlers = renderFlowPanel({ steps, run, following: true });
    expect(
      screen.getByText(
        "Stopped at task 2 of 3. Click 'Continue to Next Task' to run on from there, or Execute in the task list to run only task 2.",
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Next Task' }));
    expect(handlers.onContinue).toHaveBeenCalled();
    const retry = screen.getByRole('button', { name: 'Retry task 2: Draft the poem' });
    expect(retry.textContent).toBe('Retry task 2');
    fireEvent.click(retry);
    expect(handlers.onRetry).toHaveBeenCalled();
  });

  it('calls a run with a failed task Failed, and offers Retry of that task without Continue', () => {
    const run = runView({
      status: 'complete',
      currentTaskIndex: 2,
      tasks: [
        flowTask('Research the sea', { completed: true, failed: true, result: 'Error: x' }),
        flowTask('Draft the poem', { completed: true, result: 'A poem.' }),
      ],
    });
    renderFlowPanel({ steps, run, following: true });
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.queryByText('Complete')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry task 1: Research the sea' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to Next Task' })).toBeNull();
  });

  it('offers to make the task list again when planning failed', () => {
    const run = runView({
      status: 'stopped',
      goal: 'Write a poem',
      error: 'Failed to connect to the AI service. The connection may be temporarily unavailable.',
    });
    renderFlowPanel({ steps, run, following: true });
    expect(screen.getByRole('button', { name: 'Retry the task list' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to Next Task' })).toBeNull();
  });

  it('offers no Retry or Continue while a run is busy', () => {
    const run = runView({
      status: 'executing',
      tasks: [flowTask('Research the sea', { completed: true, failed: true, result: 'Error' })],
    });
    renderFlowPanel({ steps, run, active: true, busy: true, following: true });
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue to Next Task' })).toBeNull();
  });

  it('links the deployed website and offers Reset and Export', () => {
    const handlers = renderFlowPanel({
      steps,
      run: runView({ status: 'complete', deployUrl: 'http://localhost:3000/sites/abc/' }),
      following: true,
    });
    const link = screen.getByRole('link', { name: 'Open website' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/sites/abc/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(handlers.onExport).toHaveBeenCalled();
    expect(handlers.onReset).toHaveBeenCalled();
  });

  it('says when it is connecting', () => {
    renderFlowPanel({ following: true, connection: 'connecting' });
    expect(screen.getByText('Connecting to the live feed...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(true);
  });

  it('says when the connection dropped and is being restored', () => {
    renderFlowPanel({ steps, following: true, connection: 'reconnecting' });
    expect(screen.getByRole('status').textContent).toBe(
      'Connection lost. Reconnecting to the live feed...',
    );
  });
});
