import { type CodeBlock, extractCodeBlocks } from '@flows/engine';

/** A run of prose or one code block of a step's text, in reading order. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'code'; block: CodeBlock };

const FENCE = '```';

/**
 * Cuts a step's text into prose and the code blocks the engine finds in it (fenced blocks, or an
 * unfenced HTML snippet), keeping their order so code shows where the model put it.
 */
export function splitCodeSegments(text: string): TextSegment[] {
  const blocks = extractCodeBlocks(text);
  const segments: TextSegment[] = [];
  const pushText = (part: string) => {
    if (part.trim()) segments.push({ kind: 'text', text: part.trim() });
  };
  let cursor = 0;
  for (const block of blocks) {
    const at = block.code ? text.indexOf(block.code, cursor) : -1;
    if (at === -1) continue;
    const fence = text.lastIndexOf(FENCE, at);
    const start = fence >= cursor ? fence : at;
    const close = text.indexOf(FENCE, at + block.code.length);
    const end = fence >= cursor && close !== -1 ? close + FENCE.length : at + block.code.length;
    pushText(text.slice(cursor, start));
    segments.push({ kind: 'code', block });
    cursor = end;
  }
  pushText(text.slice(cursor));
  return segments;
}

/** A piece of prose: plain text or a web address to link. */
export type LinkPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Splits prose into text and http(s) addresses (trailing punctuation stays text). */
export function linkParts(text: string): LinkPart[] {
  const parts: LinkPart[] = [];
  let cursor = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, '');
    if (!href) continue;
    if (match.index > cursor) parts.push({ kind: 'text', text: text.slice(cursor, match.index) });
    parts.push({ kind: 'link', href });
    cursor = match.index + href.length;
  }
  if (cursor < text.length) parts.push({ kind: 'text', text: text.slice(cursor) });
  return parts;
}
