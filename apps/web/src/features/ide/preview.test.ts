import { describe, expect, it } from 'vitest';
import { deployablePage } from './deploy';
import { buildPreview, inlineProjectFiles } from './preview';
import { makeFile, templateProject } from './project';

describe('preview building', () => {
  it('does nothing with no files', () => {
    expect(buildPreview([], null)).toBeNull();
  });

  it('shows the first html file with the project styles and scripts put in', () => {
    const files = templateProject();
    const html = buildPreview(files, null) ?? '';
    expect(html).toContain('<style data-file="styles.css">');
    expect(html).toContain('color: rgb(37, 99, 235)');
    expect(html).toContain('<script data-file="script.js">');
    expect(html).not.toContain('href="styles.css"');
    expect(html).not.toContain('src="script.js"');
  });

  it('leaves outside references and unknown files alone', () => {
    const files = [makeFile('a.css', 'a{}')];
    const html =
      '<link rel="stylesheet" href="https://cdn.example/x.css"><link rel="stylesheet" href="b.css"><script src="./a.css"></script>';
    const out = inlineProjectFiles(html, files);
    expect(out).toContain('https://cdn.example/x.css');
    expect(out).toContain('href="b.css"');
  });

  it('keeps a closing tag in a file from ending the inline element', () => {
    const files = [makeFile('s.js', 'const t = "</script><b>x</b>";')];
    const out = inlineProjectFiles('<script src="s.js"></script>', files);
    expect(out).toContain('<\\/script><b>');
    expect(out.match(/<\/script>/g)).toHaveLength(1);
  });

  it('shows a non-html active file escaped on a dark monospace page', () => {
    const code = makeFile('a.js', 'if (a < b) alert("<x>")');
    const html = buildPreview([makeFile('b.css', 'x'), code], code.id) ?? '';
    expect(html).toContain('if (a &lt; b) alert(&quot;&lt;x&gt;&quot;)');
    expect(html).toContain('monospace');
    expect(html).toContain('#1e1e1e');
  });

  it('deploys the same page the preview shows', () => {
    const files = templateProject();
    expect(deployablePage(files)).toBe(buildPreview(files, null));
    expect(deployablePage([makeFile('a.js')])).toBeNull();
  });
});
