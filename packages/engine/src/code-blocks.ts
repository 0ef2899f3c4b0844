/** A piece of code found in a reply. */
export type CodeBlock = { language: string; code: string };

const FENCE = '```';
const HTML_MARKER = /<(?:html|!doctype|body)\b/i;

// Sticky patterns, tried only at one position each: the rest of an opening fence line, and a run
// of backticks. Neither can backtrack past the text it was given.
const OPENING_LINE = /([\w+#.-]*)[ \t]*\r?\n/y;
const BACKTICK_RUN = /`+/y;
const BACKTICK = 96;

/**
 * Finds the fenced blocks in one left-to-right pass: an opening fence is ``` followed by an
 * optional language tag, optional spaces and a line break; the block runs to the next ```. Every
 * character is looked at a bounded number of times, so megabytes of backticks cost linear time.
 */
function findFences(text: string): { tagged: CodeBlock[]; untagged: CodeBlock[] } {
  const tagged: CodeBlock[] = [];
  const untagged: CodeBlock[] = [];
  let from = 0;
  while (from < text.length) {
    const open = text.indexOf(FENCE, from);
    if (open === -1) break;
    OPENING_LINE.lastIndex = open + FENCE.length;
    const opening = OPENING_LINE.exec(text);
    if (!opening) {
      from = open + 1;
      if (text.charCodeAt(open + FENCE.length) === BACKTICK) {
        // Inside a run of backticks only the last three can open a fence: jump there.
        BACKTICK_RUN.lastIndex = open;
        BACKTICK_RUN.exec(text);
        from = BACKTICK_RUN.lastIndex - FENCE.length;
      }
      continue;
    }
    const bodyStart = OPENING_LINE.lastIndex;
    const close = text.indexOf(FENCE, bodyStart);
    // An unclosed fence cannot be closed by anything later either.
    if (close === -1) break;
    // The line break before the closing fence (\n or \r\n) is not the code's; a lone \r is.
    let bodyEnd = close;
    if (bodyEnd > bodyStart && text.charCodeAt(bodyEnd - 1) === 10) {
      bodyEnd--;
      if (bodyEnd > bodyStart && text.charCodeAt(bodyEnd - 1) === 13) bodyEnd--;
    }
    const code = text.slice(bodyStart, bodyEnd);
    const tag = opening[1];
    if (tag) tagged.push({ language: tag.toLowerCase(), code });
    else untagged.push({ language: 'plaintext', code });
    from = close + FENCE.length;
  }
  return { tagged, untagged };
}

/**
 * The code in a reply. Fenced blocks with a language tag come first; when no block has a tag, the
 * untagged fenced blocks are taken as 'plaintext' (spec 2, section 5). Text without fences that
 * holds an html, doctype or body tag is one 'html' snippet.
 */
export function extractCodeBlocks(text: string): CodeBlock[] {
  const { tagged, untagged } = findFences(text);
  if (tagged.length > 0) return tagged;
  if (untagged.length > 0) return untagged;
  if (HTML_MARKER.test(text)) return [{ language: 'html', code: text.trim() }];
  return [];
}

/** Languages an executable code block can run (TSX too: TypeScript with JSX). */
export const RUNNABLE_LANGUAGES = [
  'js',
  'javascript',
  'ts',
  'typescript',
  'html',
  'css',
  'jsx',
  'tsx',
] as const;
/** Languages with a visual (rendered) mode besides the console. */
export const VISUAL_LANGUAGES = ['html', 'css', 'jsx', 'tsx'] as const;

/** True when a code block in this language can be run. */
export function isRunnableLanguage(language: string): boolean {
  return (RUNNABLE_LANGUAGES as readonly string[]).includes(language.toLowerCase());
}

/** True when a code block in this language has a visual mode. */
export function hasVisualMode(language: string): boolean {
  return (VISUAL_LANGUAGES as readonly string[]).includes(language.toLowerCase());
}
