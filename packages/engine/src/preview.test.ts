import { describe, expect, it } from 'vitest';
import { buildPreviewDocument, classifyPreview } from './preview';

const TEN_MB = 10 * 1024 * 1024;
const DOC = '<!DOCTYPE html>\n<html><head></head><body><h1>Hi</h1></body></html>';

describe('classifyPreview', () => {
  it('shows full documents as they are', () => {
    expect(classifyPreview(DOC)).toEqual({ kind: 'document', content: DOC });
  });

  it('prefers a fenced block, html first, then css, then any', () => {
    expect(classifyPreview(`Intro\n\`\`\`css\na{}\n\`\`\`\n\`\`\`html\n${DOC}\n\`\`\``)).toEqual({
      kind: 'document',
      content: DOC,
    });
    expect(classifyPreview('```css\nbody { color: red; }\n```')).toEqual({
      kind: 'css',
      content: 'body { color: red; }',
    });
    expect(classifyPreview('```css\n/* only a comment */\n```').kind).toBe('css');
    expect(classifyPreview('```js\nconsole.log(1)\n```')).toEqual({
      kind: 'fragment',
      content: 'console.log(1)',
    });
    expect(classifyPreview('```html\n\n```\nplain words')).toEqual({
      kind: 'fragment',
      content: '```html\n\n```\nplain words',
    });
  });

  it('recognises CSS-looking text: braces and no div, p or h1 tags', () => {
    expect(classifyPreview('.btn { color: blue; }').kind).toBe('css');
    expect(classifyPreview('<div style="x">{ }</div>').kind).toBe('fragment');
    expect(classifyPreview('<p>{x}</p>').kind).toBe('fragment');
    expect(classifyPreview('<h1>{x}</h1>').kind).toBe('fragment');
  });

  it('treats other text as a fragment, including empty text', () => {
    expect(classifyPreview('<span>Hello</span>')).toEqual({
      kind: 'fragment',
      content: '<span>Hello</span>',
    });
    expect(classifyPreview('')).toEqual({ kind: 'fragment', content: '' });
  });

  it('handles 10 MB of adversarial input', () => {
    expect(classifyPreview('`'.repeat(TEN_MB)).kind).toBe('fragment');
    expect(classifyPreview('{'.repeat(TEN_MB)).kind).toBe('fragment');
    expect(classifyPreview(`${'<'.repeat(TEN_MB)}{}`).kind).toBe('css');
  });
});

describe('buildPreviewDocument', () => {
  it('returns documents unchanged', () => {
    expect(buildPreviewDocument(DOC)).toBe(DOC);
  });

  it('puts CSS on the demo page after the base styles', () => {
    const page = buildPreviewDocument('h1 { color: red; } </style><script>x</script>');
    expect(page).toContain('<h1>Heading 1</h1>');
    expect(page).toContain('<button');
    expect(page).toContain('<input');
    expect(page.match(/class="column/g)).toHaveLength(3);
    expect(page).toContain('h1 { color: red; } <\\/style><script>');
    expect(page.indexOf('font-family')).toBeLessThan(page.indexOf('color: red'));
  });

  it('wraps fragments in a base-styled page', () => {
    const page = buildPreviewDocument('<span>Hello</span>');
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page).toContain('<body>\n<span>Hello</span>\n</body>');
    expect(page).toContain('font-family');
  });
});
