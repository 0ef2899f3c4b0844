import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { PreviewPanelProvider } from './PreviewPanel';
import { ResultContent } from './ResultContent';

const MARKDOWN = `## Plan

Some **bold** words and a [safe link](https://example.com/docs).
A [bad link](javascript:alert(1)) and raw <img src=x onerror="alert(1)"> HTML.

| Tool | Use |
|------|-----|
| Hammer | Nails |

1. First
2. Second

- [x] Done

\`\`\`js
console.log('hi');
\`\`\``;

describe('ResultContent', () => {
  it('renders Markdown: headings, tables, lists, safe links and runnable code', async () => {
    const { container } = renderWithProviders(<ResultContent text={MARKDOWN} />);
    // The renderer loads on first use.
    expect(await screen.findByRole('heading', { level: 2, name: 'Plan' })).toBeTruthy();
    expect(screen.getByText('bold').tagName).toBe('STRONG');

    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Tool' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Nails' })).toBeTruthy();
    const ordered = container.querySelector('ol')!;
    expect([...ordered.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'First',
      'Second',
    ]);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    const link = screen.getByRole('link', { name: 'safe link' });
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // A javascript: link is text; raw HTML shows as text, never as an element.
    expect(screen.queryByRole('link', { name: 'bad link' })).toBeNull();
    expect(screen.getByText('bad link')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');

    expect(screen.getByRole('button', { name: 'Run js code' })).toBeTruthy();
    expect(screen.queryByText('Website Preview')).toBeNull();
  });

  it('previews a website on a card, editable, and opens it in the standalone panel', () => {
    const post = vi.fn();
    const text = 'A button:\n\n```html\n<button>Go</button>\n```';
    renderWithProviders(
      <PreviewPanelProvider>
        <ResultContent text={text} />
      </PreviewPanelProvider>,
    );
    expect(screen.getByText('Website Preview')).toBeTruthy();
    const frame = screen.getByTitle('Website preview') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.style.height).toBe('400px');
    vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(post);
    fireEvent.load(frame);
    expect(post.mock.calls[0]![0].html).toContain('<button>Go</button>');
    expect(
      (screen.getByRole('textbox', { name: 'Edit the HTML code' }) as HTMLTextAreaElement).value,
    ).toBe('<button>Go</button>');

    fireEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(screen.getByRole('button', { name: 'Expand' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Open in preview panel' }));
    const panel = screen.getByRole('region', { name: 'Website Preview' });
    expect(within(panel).getByText('Live Preview')).toBeTruthy();
    expect(within(panel).getByTitle('Website Preview (live preview)').getAttribute('sandbox')).toBe(
      'allow-scripts',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Collapse preview' }));
    expect(within(panel).getByRole('button', { name: 'Expand preview' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByRole('region', { name: 'Website Preview' })).toBeNull();
  });

  it('takes a reply that is only raw HTML as one HTML block', () => {
    renderWithProviders(<ResultContent text={'<html><body><h1>Raw</h1></body></html>'} />);
    expect(screen.getByRole('button', { name: 'Run html code' })).toBeTruthy();
    expect(screen.getByTitle('Website preview')).toBeTruthy();
  });
});
