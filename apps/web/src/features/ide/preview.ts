import type { IdeFile } from './project';

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** A file's text made safe inside an inline <script> or <style>: no early closing tag. */
const inlineSafe = (text: string, tag: 'script' | 'style') =>
  text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');

/** The project file a relative reference names (`styles.css`, `./styles.css`), if any. */
function projectFile(files: readonly IdeFile[], reference: string): IdeFile | undefined {
  const path = reference.trim().replace(/^\.\//, '').split(/[?#]/)[0] ?? '';
  if (!path || /^[a-z][\w+.-]*:|^\/\//i.test(path)) return undefined;
  return files.find((file) => file.name.toLowerCase() === path.toLowerCase());
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
const attributeValue = (match: RegExpExecArray | null) =>
  match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;

/**
 * The HTML document with the project's own files put in: `<link rel="stylesheet"
 * href="styles.css">` becomes a <style> with styles.css, `<script src="script.js"></script>` an
 * inline script with script.js. References to anything else are left as they are.
 */
export function inlineProjectFiles(html: string, files: readonly IdeFile[]): string {
  const withStyles = html.replace(/<link\b[^>]*>/gi, (tag) => {
    const rel = attributeValue(attribute(tag, 'rel'));
    const href = attributeValue(attribute(tag, 'href'));
    if (!href || !rel || !/\bstylesheet\b/i.test(rel)) return tag;
    const file = projectFile(files, href);
    return file
      ? `<style data-file="${escapeHtml(file.name)}">\n${inlineSafe(file.content, 'style')}\n</style>`
      : tag;
  });
  return withStyles.replace(/<script\b([^>]*)>\s*<\/script\s*>/gi, (tag, attributes: string) => {
    const src = attributeValue(attribute(` ${attributes}`, 'src'));
    if (!src) return tag;
    const file = projectFile(files, src);
    if (!file) return tag;
    const rest = attributes.replace(
      /\s(?:src|async|defer)\b(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/gi,
      '',
    );
    return `<script${rest} data-file="${escapeHtml(file.name)}">\n${inlineSafe(file.content, 'script')}\n</script>`;
  });
}

/** A file shown as escaped plain text on a dark monospace page. */
export function plainTextPage(file: IdeFile): string {
  return `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>${escapeHtml(file.name)}</title>
<style>
  body { margin: 0; padding: 16px; background: #1e1e1e; color: #d4d4d4; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 14px; }
  pre { margin: 0; white-space: pre-wrap; word-break: break-word; }
</style>
</head>
<body><pre>${escapeHtml(file.content)}</pre></body>
</html>`;
}

/**
 * The document Run shows (spec 2, section 4): the first .html file with the project's files put
 * in; else the active file as escaped plain text; null with no files (Run does nothing).
 */
export function buildPreview(files: readonly IdeFile[], activeId: string | null): string | null {
  if (files.length === 0) return null;
  const page = files.find((file) => file.name.toLowerCase().endsWith('.html'));
  if (page) return inlineProjectFiles(page.content, files);
  const active = files.find((file) => file.id === activeId) ?? files[0];
  return active ? plainTextPage(active) : null;
}
