import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractCodeBlocks, hasVisualMode, isRunnableLanguage } from './code-blocks';

const TEN_MB = 10 * 1024 * 1024;

describe('extractCodeBlocks', () => {
  it('finds fenced blocks with their language', () => {
    const text = 'Here:\n```html\n<p>Hi</p>\n```\nand\n```CSS\np { color: red; }\n```\n';
    expect(extractCodeBlocks(text)).toEqual([
      { language: 'html', code: '<p>Hi</p>' },
      { language: 'css', code: 'p { color: red; }' },
    ]);
  });

  it('takes untagged fences as plaintext when no block has a tag', () => {
    expect(extractCodeBlocks('```\nnpm install\n```')).toEqual([
      { language: 'plaintext', code: 'npm install' },
    ]);
  });

  it('keeps only the tagged blocks when some have a tag (spec 2, section 5)', () => {
    expect(extractCodeBlocks('```\nuntagged\n```\n```js\nlet a = 1;\n```')).toEqual([
      { language: 'js', code: 'let a = 1;' },
    ]);
  });

  it('reads CRLF fences, tags with symbols and trailing spaces', () => {
    expect(extractCodeBlocks('```c++  \r\nint x;\r\n```')).toEqual([
      { language: 'c++', code: 'int x;' },
    ]);
    expect(extractCodeBlocks('```objective-c\nx\n```')[0]?.language).toBe('objective-c');
  });

  it('ignores unclosed fences and fences not followed by a line break', () => {
    expect(extractCodeBlocks('```js\nlet a = 1;')).toEqual([]);
    expect(extractCodeBlocks('inline ```js let a``` here')).toEqual([]);
    expect(extractCodeBlocks('````\n')).toEqual([]);
  });

  it('keeps empty blocks and unicode content', () => {
    expect(extractCodeBlocks('```py\n```')).toEqual([{ language: 'py', code: '' }]);
    expect(extractCodeBlocks('```txt\nhéllo 🌍\n```')).toEqual([
      { language: 'txt', code: 'héllo 🌍' },
    ]);
  });

  it('treats unfenced html, doctype or body markup as one html snippet', () => {
    expect(extractCodeBlocks('  <!DOCTYPE html><html><body>x</body></html>  ')).toEqual([
      { language: 'html', code: '<!DOCTYPE html><html><body>x</body></html>' },
    ]);
    expect(extractCodeBlocks('<body>hi</body>')).toHaveLength(1);
    expect(extractCodeBlocks('<div>no document tags</div>')).toEqual([]);
    expect(extractCodeBlocks('')).toEqual([]);
  });

  it('keeps a carriage return that ends no line before the closing fence', () => {
    expect(extractCodeBlocks('```\n\r```')).toEqual([{ language: 'plaintext', code: '\r' }]);
    expect(extractCodeBlocks('```\nx\r\n```')).toEqual([{ language: 'plaintext', code: 'x' }]);
  });

  it('survives 10 MB of backticks and an unclosed 10 MB fence', () => {
    expect(extractCodeBlocks('`'.repeat(TEN_MB))).toEqual([]);
    expect(extractCodeBlocks(`\`\`\`js\n${'a'.repeat(TEN_MB)}`)).toEqual([]);
    const many = '```\nx\n```\n'.repeat(100_000);
    expect(extractCodeBlocks(many)).toHaveLength(100_000);
  });
});

/** The straightforward regular-expression reading of the same rules, used as a reference. */
function referenceBlocks(text: string) {
  const fences = [...text.matchAll(/```([\w+#.-]*)[ \t]*\r?\n([\s\S]*?)```/g)].map((match) => ({
    language: (match[1] ?? '').toLowerCase(),
    code: (match[2] ?? '').replace(/\r?\n$/, ''),
  }));
  const tagged = fences.filter((fence) => fence.language !== '');
  if (tagged.length > 0) return tagged;
  return fences.map((fence) => ({ language: 'plaintext', code: fence.code }));
}

describe('extractCodeBlocks against a regular-expression reference', () => {
  it('finds the same fenced blocks (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'```jJs\n\r \tx#+.'),
      maxLength: 60,
    });
    fc.assert(
      fc.property(text, (input) => {
        const expected = referenceBlocks(input);
        const actual = extractCodeBlocks(input);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('runnable languages', () => {
  it('knows which languages run and which have a visual mode', () => {
    expect(isRunnableLanguage('JavaScript')).toBe(true);
    expect(isRunnableLanguage('python')).toBe(false);
    expect(hasVisualMode('jsx')).toBe(true);
    expect(isRunnableLanguage('tsx') && hasVisualMode('TSX')).toBe(true);
    expect(hasVisualMode('js')).toBe(false);
  });
});
