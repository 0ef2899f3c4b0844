import { TOOL_TEXT } from '@flows/engine';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { feedStep, runView } from '../../testing/flowFixtures';
import { renderFlowPanel } from '../../testing/flowPanel';
import { renderWithProviders } from '../../testing/render';
import { type ToolCallAnswer, ToolStepBubble, toolCallAnswerOf } from './ToolStep';

const tool = 'webhook_team_channel';
const target = 'POST https://hooks.example.com/team';
const args = '{"text":"We launch today"}';
const approvalText = TOOL_TEXT.approval(tool, target, args, 7);
const unknownText = TOOL_TEXT.outcomeUnknown(tool, target, args, 7);
const approval = {
  callId: 7,
  tool,
  arguments: JSON.parse(args),
  target,
  outcomeUnknown: false,
};

/** The feed of a run whose task asked to call the webhook, then `answer` followed. */
const feedOf = (asking: string, ...after: string[]) => [
  feedStep(1, 'subtask', 'Executing task 1 of 1: Send the update with the webhook'),
  feedStep(2, 'action', asking),
  ...after.map((content, index) => feedStep(3 + index, 'result', content)),
];

/** The run's feed panel, with Approve wired as on the dashboard. */
function renderFeed(steps: ReturnType<typeof feedOf>, run: ReturnType<typeof runView>) {
  renderFlowPanel({
    steps,
    run,
    active: run.status === 'waiting',
    following: true,
    connection: 'live',
    demo: true,
    onApprove: vi.fn(),
  });
}

/** The box of the tool step of `kind`. */
const toolStep = (kind: string) =>
  document.querySelector<HTMLElement>(`[data-tool-step="${kind}"]`) as HTMLElement;

describe('ToolStepBubble', () => {
  it('asks for an answer while the run waits for the call', () => {
    renderFeed(
      feedOf(approvalText),
      runView({ status: 'waiting', pendingApproval: approval, sequence: 7 }),
    );
    const step = toolStep('approval');
    expect(step.style.borderColor).toBe('var(--mantine-color-yellow-outline)');
    expect(screen.getByText('Waiting for you')).toBeTruthy();
    expect(screen.getByText(/Approve to send it, or Reject\.$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('no longer claims to wait once the call was answered, and says how', () => {
    const answered = TOOL_TEXT.answer(tool, 200, 'OK', '{"ok":true}');
    renderFeed(
      feedOf(approvalText, TOOL_TEXT.call(tool, target, args), answered),
      runView({ status: 'complete', pendingApproval: null, sequence: 12 }),
    );
    const step = toolStep('approval');
    expect(step.style.borderColor).not.toContain('yellow');
    expect(screen.queryByText('Waiting for you')).toBeNull();
    expect(within(step).getByText('Approved')).toBeTruthy();
    expect(screen.queryByText(/Approve to send it, or Reject/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    // What was asked stays readable.
    expect(within(step).getByText(/wants to call/).textContent).toBe(
      `Approval required: ${tool} wants to call ${target} (call 7).`,
    );
  });

  it('says how the call was answered when that is known', () => {
    const labels: [string, ToolCallAnswer, string][] = [
      [approvalText, 'approved', 'Approved'],
      [approvalText, 'rejected', 'Rejected'],
      [unknownText, 'retried', 'Retried'],
      [unknownText, 'skipped', 'Skipped'],
    ];
    for (const [content, answer, label] of labels) {
      const { unmount } = renderWithProviders(<ToolStepBubble content={content} answer={answer} />);
      expect(screen.getByText(label)).toBeTruthy();
      expect(screen.queryByText('Waiting for you')).toBeNull();
      expect(screen.queryByText('Retry or skip')).toBeNull();
      unmount();
    }
  });

  it('says only that it no longer waits when the answer is not known', () => {
    renderWithProviders(<ToolStepBubble content={unknownText} />);
    expect(screen.getByText('No longer waiting')).toBeTruthy();
    expect(screen.queryByText('Retry or skip')).toBeNull();
    expect(screen.queryByText(/Retry sends it again/)).toBeNull();
    expect(toolStep('outcomeUnknown').style.borderColor).not.toContain('orange');
  });

  it('draws the other tool steps as before', () => {
    renderWithProviders(<ToolStepBubble content={TOOL_TEXT.call(tool, target, args)} />);
    expect(screen.getByText('Tool call')).toBeTruthy();
    expect(toolStep('call').style.borderColor).toBe('var(--mantine-color-indigo-outline)');
  });
});

describe('toolCallAnswerOf', () => {
  const answerOf = (...contents: string[]) =>
    toolCallAnswerOf(
      contents.map((content) => ({ content })),
      0,
    );

  it('reads the answer from the step that follows the question', () => {
    expect(answerOf(approvalText, TOOL_TEXT.call(tool, target, args))).toBe('approved');
    expect(answerOf(approvalText, TOOL_TEXT.rejected(tool))).toBe('rejected');
    expect(answerOf(unknownText, TOOL_TEXT.call(tool, target, args))).toBe('retried');
    expect(answerOf(unknownText, TOOL_TEXT.skipped(tool))).toBe('skipped');
  });

  it('knows no answer while none follows, after Stop, or for another step', () => {
    expect(answerOf(approvalText)).toBeNull();
    expect(answerOf(approvalText, 'Executing task 1 of 1: Send the update')).toBeNull();
    expect(answerOf(approvalText, TOOL_TEXT.rejected('other_tool'))).toBeNull();
    expect(answerOf(approvalText, TOOL_TEXT.skipped(tool))).toBeNull();
    expect(answerOf(TOOL_TEXT.call(tool, target, args), TOOL_TEXT.rejected(tool))).toBeNull();
  });
});
