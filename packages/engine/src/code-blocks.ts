/** A piece of code found in a reply. */
export type CodeBlock = { language: string; code: string };

const FENCE = '```';
const HTML_MARKER = /<(?:html|!doctype|body)\b/i;
const BACKTICK = 96;

/** Whether a character may be in a fence's language tag: a word character or one of + # . - */
function isTagChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || // a-z
    (code >= 65 && code <= 90) || // A-Z
    (code >= 48 && code <= 57) || // 0-9
    code === 95 || // _
    code === 43 || // +
    code === 35 || // #
    code === 46 || // .
    code === 45 // -
  );
}

/**
 * Where the code of a fence opened at `at` (just past its ```) starts: past an optional language
 * tag (ending at `tagEnd`), optional spaces or tabs and a line break (\n or \r\n); null when the
 * rest of the line is not that.
 */
function openingLineEnd(text: string, at: number): { tagEnd: number; bodyStart: number } | null {
  let index = at;
  while (index < text.length && isTagChar(text.charCodeAt(index))) index++;
  const tagEnd = index;
  while (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9) index++;
  if (text.charCodeAt(index) === 13) index++;
  if (text.charCodeAt(index) !== 10) return null;
  return { tagEnd, bodyStart: index + 1 };
}

/**
 * Finds the fenced blocks in one left-to-right pass: an opening fence is ``` followed by an
 * optional language tag, optional spaces and a line break; the block runs to the next ```. Every
 * character is looked at a bounded number of times, so megabytes of backticks cost linear time,
 * and nothing is allocated but the blocks (a long reply's thousands of blocks stay cheap).
 */
function findFences(text: string): { tagged: CodeBlock[]; untagged: CodeBlock[] } {
  const tagged: CodeBlock[] = [];
  const untagged: CodeBlock[] = [];
  // The last tag and its lower-case spelling: a reply's blocks mostly repeat their language.
  let lastTag = '';
  let lastLanguage = '';
  let from = 0;
  while (from < text.length) {
    const open = text.indexOf(FENCE, from);
    if (open === -1) break;
    const opening = openingLineEnd(text, open + FENCE.length);
    if (!opening) {
      from = open + 1;
      // Inside a run of backticks only the last three can open a fence: jump there.
      let runEnd = open + FENCE.length;
      while (text.charCodeAt(runEnd) === BACKTICK) runEnd++;
      from = Math.max(from, runEnd - FENCE.length);
      continue;
    }
    const { tagEnd, bodyStart } = opening;
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
    const tagStart = open + FENCE.length;
    if (tagEnd > tagStart) {
      if (tagEnd - tagStart !== lastTag.length || !text.startsWith(lastTag, tagStart)) {
        lastTag = text.slice(tagStart, tagEnd);
        lastLanguage = lastTag.toLowerCase();
      }
      tagged.push({ language: lastLanguage, code });
    } else {
      untagged.push({ language: 'plaintext', code });
    }
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
