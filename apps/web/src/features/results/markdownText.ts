const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * A link or image address from a result, if it is absolute http, https or mailto (normalised as
 * the browser reads it); '' for anything else: javascript:, data:, relative paths.
 */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url.trim());
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : '';
  } catch {
    return '';
  }
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/** True when `line` closes a fence opened with `fence` (same character, at least as long). */
function closesFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return (
    trimmed.length >= fence.length &&
    /^(`+|~+)$/.test(trimmed) &&
    trimmed[0] === fence[0] &&
    /^ {0,3}\S/.test(line)
  );
}

/**
 * Cuts Markdown into top-level blocks at blank lines, never inside a fenced code block and not
 * before an indented line (a list item's or a code block's continuation). Joined with blank
 * lines the blocks read as the whole text did, so a streaming answer can render each block on its
 * own and re-render only the last, growing one.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (fence) {
      current.push(line);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    const opening = FENCE_OPEN.exec(line);
    if (opening) {
      fence = opening[1]!;
      current.push(line);
      continue;
    }
    if (line.trim() !== '') {
      current.push(line);
      continue;
    }
    const next = lines.slice(index + 1).find((candidate) => candidate.trim() !== '');
    if (next !== undefined && /^[ \t]/.test(next) && current.length > 0) {
      current.push(line);
      continue;
    }
    if (current.length > 0) blocks.push(current.join('\n'));
    current = [];
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}

/**
 * A result as plain text for a two-line glimpse (the task list): code blocks become
 * '[language code]', Markdown marks (headings, emphasis, links, list and table marks) are
 * dropped and white space is folded.
 */
export function plainTextGlimpse(text: string): string {
  const prose: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    const opening = FENCE_OPEN.exec(line);
    if (opening) {
      fence = opening[1]!;
      const language = line.slice(opening[0].length).trim().split(/\s/)[0];
      prose.push(language ? `[${language} code]` : '[code]');
      continue;
    }
    prose.push(line);
  }
  return prose
    .join('\n')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^ {0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^ {0,3}>[ \t]?/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, '')
    .replace(/^[ \t|:-]*-{3,}[ \t|:-]*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__|~~)(?=\S)(.*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?!\w)/g, '$1$2')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
