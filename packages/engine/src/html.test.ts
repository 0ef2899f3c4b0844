import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  extractHtmlDocument,
  isHtmlDocument,
  websiteHtml,
  wrapHtmlDocument,
} from './html';

describe('isHtmlDocument', () => {
  it('needs a doctype or an opening and closing html tag', () => {
    expect(isHtmlDocument('<!doctype html><p>x')).toBe(true);
    expect(isHtmlDocument('<html lang="en"><body></body></html>')).toBe(true);
    expect(isHtmlDocument('<HTML>\n</HTML >')).toBe(true);
    expect(isHtmlDocument('<html>unclosed')).toBe(false);
    expect(isHtmlDocument('<htmlfoo></html>')).toBe(false);
    expect(isHtmlDocument('<div>fragment</div>')).toBe(false);
    expect(isHtmlDocument('')).toBe(false);
  });
});

describe('extractHtmlDocument', () => {
  it('cuts the document out of a reply', () => {
    const reply =
      'Here you go:\n```html\n<!DOCTYPE html>\n<html><body>Hi</body></html>\n```\nEnjoy!';
    expect(extractHtmlDocument(reply)).toBe('<!DOCTYPE html>\n<html><body>Hi</body></html>');
  });

  it('starts at the html tag without a doctype and keeps a doctype-only tail', () => {
    expect(extractHtmlDocument('x <html><body></body></html> y')).toBe(
      '<html><body></body></html>',
    );
    expect(extractHtmlDocument('<!DOCTYPE html><p>no close')).toBe('<!DOCTYPE html><p>no close');
    expect(extractHtmlDocument('</html> <!DOCTYPE html><p>x')).toBe('<!DOCTYPE html><p>x');
    expect(extractHtmlDocument('<!DOCTYPE html></html')).toBe('<!DOCTYPE html></html');
    expect(extractHtmlDocument('plain')).toBeNull();
  });
});

describe('wrapHtmlDocument', () => {
  it('wraps a fragment in a basic shell with an escaped title', () => {
    const page = wrapHtmlDocument('<h1>Hi</h1>', 'Tom & "Jerry" <3');
    expect(page).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(page).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;3</title>');
    expect(page).toContain('<body>\n<h1>Hi</h1>\n</body>');
    expect(isHtmlDocument(page)).toBe(true);
  });

  it('returns a full document unchanged', () => {
    const doc = '<!DOCTYPE html><html></html>';
    expect(wrapHtmlDocument(doc, 't')).toBe(doc);
  });
});

describe('escapeHtml', () => {
  it('escapes & < > " and \'', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

describe('websiteHtml', () => {
  it('prefers a full document, then an html block, then markup, then escaped prose', () => {
    expect(websiteHtml('<!DOCTYPE html><html></html>', 'T')).toBe('<!DOCTYPE html><html></html>');
    expect(websiteHtml('Look:\n```html\n<main>x</main>\n```', 'T')).toContain(
      '<body>\n<main>x</main>\n</body>',
    );
    expect(websiteHtml('<section>y</section>', 'T')).toContain(
      '<body>\n<section>y</section>\n</body>',
    );
    expect(websiteHtml('Para one & two.\n\nPara 3 < 4', 'T')).toContain(
      '<p>Para one &amp; two.</p>\n<p>Para 3 &lt; 4</p>',
    );
  });
});
