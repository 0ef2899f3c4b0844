import { describe, expect, it } from 'vitest';
import { linkParts, splitCodeSegments } from './segments';

describe('splitCodeSegments', () => {
  it('keeps prose and fenced code in reading order', () => {
    const text =
      'Here is the page.\n\n```html\n<p>Hi</p>\n```\n\nAnd a script:\n```js\nalert(1)\n```';
    expect(splitCodeSegments(text)).toEqual([
      { kind: 'text', text: 'Here is the page.' },
      { kind: 'code', block: { language: 'html', code: '<p>Hi</p>' } },
      { kind: 'text', text: 'And a script:' },
      { kind: 'code', block: { language: 'js', code: 'alert(1)' } },
    ]);
  });

  it('takes unfenced HTML as one html snippet', () => {
    const html = '<!DOCTYPE html><html><body>Hi</body></html>';
    expect(splitCodeSegments(html)).toEqual([
      { kind: 'code', block: { language: 'html', code: html } },
    ]);
  });

  it('leaves text without code alone', () => {
    expect(splitCodeSegments('Just words.')).toEqual([{ kind: 'text', text: 'Just words.' }]);
  });
});

describe('linkParts', () => {
  it('links web addresses and leaves trailing punctuation as text', () => {
    expect(linkParts('Live at http://localhost:3000/sites/abc/. Enjoy')).toEqual([
      { kind: 'text', text: 'Live at ' },
      { kind: 'link', href: 'http://localhost:3000/sites/abc/' },
      { kind: 'text', text: '. Enjoy' },
    ]);
  });
});
