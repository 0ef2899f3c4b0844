import { describe, expect, it } from 'vitest';
import { plainTextGlimpse, safeUrl, splitMarkdownBlocks } from './markdownText';

describe('safeUrl', () => {
  it('keeps absolute http, https and mailto addresses', () => {
    expect(safeUrl('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(safeUrl('http://example.com')).toBe('http://example.com/');
    expect(safeUrl('mailto:ada@example.com')).toBe('mailto:ada@example.com');
  });

  it('drops every other address', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      '/api/user',
      '#top',
      'relative/path',
      '',
    ]) {
      expect([url, safeUrl(url)]).toEqual([url, '']);
    }
  });
});

describe('splitMarkdownBlocks', () => {
  it('cuts at blank lines', () => {
    expect(splitMarkdownBlocks('# Title\n\nFirst paragraph\nstill first\n\n\n- a\n- b')).toEqual([
      '# Title',
      'First paragraph\nstill first',
      '- a\n- b',
    ]);
  });

  it('never cuts inside a fenced block, closed or still open', () => {
    const fenced = '```js\nconst a = 1;\n\nconst b = 2;\n```';
    expect(splitMarkdownBlocks(`Intro\n\n${fenced}\n\nAfter`)).toEqual(['Intro', fenced, 'After']);
    expect(splitMarkdownBlocks('Intro\n\n~~~\nopen\n\nstill open')).toEqual([
      'Intro',
      '~~~\nopen\n\nstill open',
    ]);
  });

  it('keeps indented continuations with their block', () => {
    expect(splitMarkdownBlocks('- item\n\n  more of the item\n\nNext')).toEqual([
      '- item\n\n  more of the item',
      'Next',
    ]);
  });

  it('reads as the whole text did', () => {
    const text = 'A\n\n```\nx\n\ny\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |';
    expect(splitMarkdownBlocks(text).join('\n\n')).toBe(text);
  });
});

describe('plainTextGlimpse', () => {
  it('drops Markdown marks and folds white space', () => {
    expect(
      plainTextGlimpse(
        '## Summary\n\nThe **sea** is _wide_ and `deep`.\n\n- one\n- two\n\n[Read more](https://example.com)',
      ),
    ).toBe('Summary The sea is wide and deep. one two Read more');
  });

  it('names code blocks instead of showing them', () => {
    expect(plainTextGlimpse('Here:\n\n```html\n<h1>Hi</h1>\n```\n\nDone.')).toBe(
      'Here: [html code] Done.',
    );
    expect(plainTextGlimpse('```\nplain\n```')).toBe('[code]');
  });

  it('flattens tables', () => {
    expect(plainTextGlimpse('| a | b |\n|---|:-:|\n| 1 | 2 |')).toBe('a b 1 2');
  });
});
