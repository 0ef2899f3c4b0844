import { extractCodeBlocks } from './code-blocks';
import { htmlDocument, isHtmlDocument } from './html';

/** How a preview shows content: as a full document, as CSS on a demo page, or as a wrapped fragment. */
export type PreviewKind = 'document' | 'css' | 'fragment';
/** The content a preview shows and how. */
export type PreviewContent = { kind: PreviewKind; content: string };

const LAYOUT_TAGS = /<(?:div|p|h1)\b/i;

function looksLikeCss(text: string): boolean {
  return text.includes('{') && text.includes('}') && !LAYOUT_TAGS.test(text);
}

const NOT_BLANK = /\S/;

function pickContent(text: string): { content: string; language?: string } {
  const blocks = extractCodeBlocks(text);
  const first = (language?: string) =>
    blocks.find(
      (candidate) =>
        (language === undefined || candidate.language === language) &&
        NOT_BLANK.test(candidate.code),
    );
  const block = first('html') ?? first('css') ?? first();
  return block ? { content: block.code, language: block.language } : { content: text };
}

/**
 * Decides what a preview shows. A fenced block is preferred (html, then css, then the first one);
 * a full HTML document is shown as is; CSS-looking text (braces, no div, p or h1 tags) goes on the
 * demo page; anything else is a fragment to wrap.
 */
export function classifyPreview(text: string): PreviewContent {
  const { content, language } = pickContent(text);
  const trimmed = content.trim();
  if (isHtmlDocument(trimmed)) return { kind: 'document', content: trimmed };
  if (language === 'css' || looksLikeCss(trimmed)) return { kind: 'css', content: trimmed };
  return { kind: 'fragment', content: trimmed };
}

// '</style' inside CSS would end the style element early.
function safeCss(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

const BASE_STYLE = `body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0; padding: 16px; line-height: 1.5; color: #1a1b1e; background: #fff; }
img { max-width: 100%; }
pre { overflow: auto; }`;

const DEMO_BODY = `<header>
<h1>Heading 1</h1>
<h2>Heading 2</h2>
<h3>Heading 3</h3>
</header>
<main>
<p>This is a paragraph of sample text with <a href="#">a link</a>, <strong>bold text</strong> and <em>italic text</em>.</p>
<div class="buttons">
<button type="button">Button</button>
<button type="button" class="primary">Primary Button</button>
<button type="button" class="secondary">Secondary Button</button>
</div>
<form onsubmit="return false">
<input type="text" placeholder="Text input">
<input type="email" placeholder="Email input">
<textarea placeholder="Textarea"></textarea>
</form>
<div class="container">
<div class="row">
<div class="column col"><h3>Column 1</h3><p>First column content.</p></div>
<div class="column col"><h3>Column 2</h3><p>Second column content.</p></div>
<div class="column col"><h3>Column 3</h3><p>Third column content.</p></div>
</div>
</div>
</main>`;

/** The HTML document a preview frame shows for a reply (see classifyPreview). */
export function buildPreviewDocument(text: string): string {
  const { kind, content } = classifyPreview(text);
  if (kind === 'document') return content;
  if (kind === 'css') {
    const demoLayout = '.row { display: flex; gap: 16px; } .row > .column { flex: 1; }';
    return htmlDocument(
      'CSS Preview',
      DEMO_BODY,
      `${BASE_STYLE}\n${demoLayout}\n${safeCss(content)}`,
    );
  }
  return htmlDocument('Preview', content, BASE_STYLE);
}
