import { extractCodeBlocks } from './code-blocks';

const DOCTYPE = /<!doctype\s+html/i;
const HTML_OPEN = /<html[\s>]/i;
const HTML_CLOSE = /<\/html\s*>/i;

/** True when the text holds a full HTML document (a doctype, or an opening and closing html tag). */
export function isHtmlDocument(text: string): boolean {
  return DOCTYPE.test(text) || (HTML_OPEN.test(text) && HTML_CLOSE.test(text));
}

/**
 * The full HTML document inside a reply, or null: from the doctype (or the html tag) to the last
 * closing html tag, so commentary and code fences around it are dropped.
 */
export function extractHtmlDocument(text: string): string | null {
  if (!isHtmlDocument(text)) return null;
  const doctype = DOCTYPE.exec(text);
  const open = HTML_OPEN.exec(text);
  const start = Math.min(doctype?.index ?? text.length, open?.index ?? text.length);
  const lower = text.toLowerCase();
  const close = lower.lastIndexOf('</html');
  if (close < start) return text.slice(start).trim();
  const end = lower.indexOf('>', close);
  return text.slice(start, end === -1 ? text.length : end + 1).trim();
}

const ESCAPES = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
} as const;

/** Escapes text for use inside HTML element content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char as keyof typeof ESCAPES]);
}

/** The basic document shell around a body, with a style sheet when one is given. */
export function htmlDocument(title: string, body: string, style?: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `<title>${escapeHtml(title)}</title>`,
    ...(style === undefined ? [] : [`<style>\n${style}\n</style>`]),
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
  ].join('\n');
}

/** Wraps an HTML fragment in a basic document shell; a full document is returned unchanged. */
export function wrapHtmlDocument(html: string, title: string): string {
  return isHtmlDocument(html) ? html : htmlDocument(title, html);
}

const TAG = /<[a-z][a-z0-9-]*(?:\s[^<>]*)?>/i;

/**
 * The page to save for a website task's reply: the full document it contains; else its html code
 * block, or the reply itself when it holds markup, wrapped in the basic shell; plain prose is
 * escaped and wrapped.
 */
export function websiteHtml(reply: string, title: string): string {
  const document = extractHtmlDocument(reply);
  if (document) return document;
  const block = extractCodeBlocks(reply).find((candidate) => candidate.language === 'html');
  if (block) return wrapHtmlDocument(block.code, title);
  if (TAG.test(reply)) return wrapHtmlDocument(reply.trim(), title);
  const paragraphs = reply
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim())}</p>`)
    .join('\n');
  return wrapHtmlDocument(paragraphs, title);
}
