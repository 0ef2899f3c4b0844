import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { mockTrpc } from '../../testing/trpcServer';
import { AssistantPanel } from './AssistantPanel';
import { streamAssistant } from './assistStream';

vi.mock('./assistStream', () => ({ streamAssistant: vi.fn() }));

const REPLY =
  'Here is **your page**:\n\n```html\n<h1>Made by the assistant</h1>\n```\n\nIt shows a heading.';

describe('AssistantPanel', () => {
  it('shows a reply as Markdown, its code as a code block, and hands the reply on', async () => {
    mockTrpc({});
    vi.mocked(streamAssistant).mockImplementation(async (_request, onText) => {
      onText(REPLY.slice(0, 20));
      return REPLY;
    });
    const onReply = vi.fn();
    renderWithProviders(
      <AssistantPanel
        open
        setOpen={() => {}}
        tab="ai"
        setTab={() => {}}
        currentFiles={() => []}
        onReply={onReply}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Ask the AI assistant' }), {
      target: { value: 'Make a page with a heading' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    // The renderer loads on first use.
    const block = await screen.findByRole('group', { name: 'html code block' });
    const reply = block.closest<HTMLElement>('[data-role="agent"]')!;
    expect(reply.textContent).not.toContain('```');
    expect(within(reply).getByText('your page').tagName).toBe('STRONG');
    expect(block.textContent).toContain('<h1>Made by the assistant</h1>');
    expect(within(reply).getByText('It shows a heading.')).toBeTruthy();
    expect(onReply).toHaveBeenCalledWith(REPLY);
    // What the person asked stays plain text.
    const asked = document.querySelector('[data-role="user"]')!;
    expect(asked.textContent).toBe('Make a page with a heading');
  });
});
