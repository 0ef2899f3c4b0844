import { ideAssistantPrompt } from '@flows/engine';
import { demoRules, pickRule, replyOf } from '@flows/scripted-model';
import { describe, expect, it } from 'vitest';
import { applyReply, freeName, makeFile, replyBlocks, templateProject } from './project';

const names = (files: { name: string }[]) => files.map((file) => file.name);

describe('file naming', () => {
  it('reads the language from the extension', () => {
    expect(makeFile('a.tsx').language).toBe('typescript');
    expect(makeFile('notes.md').language).toBe('markdown');
    expect(makeFile('data.bin').language).toBe('plaintext');
  });

  it('gives New File a free name', () => {
    expect(freeName('newFile.js', [])).toBe('newFile.js');
    expect(freeName('newFile.js', [makeFile('newFile.js')])).toBe('newFile1.js');
  });

  it('makes the template project of three files', () => {
    expect(names(templateProject())).toEqual(['index.html', 'styles.css', 'script.js']);
  });
});

describe('chat to files', () => {
  it('names generated files by the spec', () => {
    const reply = [
      '```html\n<h1>A</h1>\n```',
      '```html\n<h1>B</h1>\n```',
      '```css\nbody{}\n```',
      '```javascript\nx()\n```',
      '```python\nprint(1)\n```',
    ].join('\n\nText\n\n');
    const { files, created } = applyReply([], reply);
    expect(created).toEqual(['index.html', 'page1.html', 'styles.css', 'script.js', 'file0.py']);
    expect(files[0]?.content).toBe('<h1>A</h1>');
  });

  it('updates the file an info string names', () => {
    const start = templateProject();
    const { files, created, updated } = applyReply(
      start,
      '```css styles.css\nh1 { color: red; }\n```',
    );
    expect(created).toEqual([]);
    expect(updated).toEqual(['styles.css']);
    expect(files.find((file) => file.name === 'styles.css')?.content).toBe('h1 { color: red; }');
    expect(files).toHaveLength(3);
  });

  it('creates a new file an info string names', () => {
    const { created } = applyReply([], '```js app.js\nrun()\n```');
    expect(created).toEqual(['app.js']);
  });

  it('takes untagged blocks as plaintext only when no block is tagged', () => {
    expect(replyBlocks('```\nplain\n```')).toEqual([
      { language: 'plaintext', fileName: null, code: 'plain' },
    ]);
    expect(replyBlocks('```\nplain\n```\n```css\na{}\n```').map((b) => b.language)).toEqual([
      'css',
    ]);
  });

  it('ignores replies without code and unclosed fences', () => {
    expect(applyReply([], 'No code here').created).toEqual([]);
    expect(applyReply([], '```html\n<p>never closed').created).toEqual([]);
  });
});

describe("the demo model's assistant", () => {
  it('answers with a page and its styles, which the IDE saves as files', () => {
    const project = templateProject();
    const prompt = ideAssistantPrompt('Build a page with a red heading', project);
    const reply = replyOf(pickRule(demoRules, prompt), prompt);
    const { files, updated } = applyReply(project, reply);
    expect(updated).toEqual(['index.html', 'styles.css']);
    const page = files.find((file) => file.name === 'index.html');
    expect(page?.content).toContain('<h1>Build a page with a red heading</h1>');
  });
});
