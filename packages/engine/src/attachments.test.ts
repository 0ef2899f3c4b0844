import { describe, expect, it } from 'vitest';
import { attachmentsSection, FILE_TEXT, splitIntoParts, withAttachments } from './attachments';

const paragraph = (word: string, count: number) => Array(count).fill(word).join(' ');

describe('splitIntoParts', () => {
  it('keeps a short text whole and splits a long one at line ends, near the size', () => {
    expect(splitIntoParts('  short  ', 100)).toEqual(['short']);
    expect(splitIntoParts('', 100)).toEqual([]);
    const text = `${paragraph('alpha', 15)}\n\n${paragraph('beta', 15)}\n\n${paragraph('gamma', 15)}`;
    const parts = splitIntoParts(text, 100);
    expect(parts).toEqual([paragraph('alpha', 15), paragraph('beta', 15), paragraph('gamma', 15)]);
  });

  it('cuts a text without line ends at the size', () => {
    expect(splitIntoParts('x'.repeat(250), 100).map((part) => part.length)).toEqual([100, 100, 50]);
  });
});

describe('attachmentsSection', () => {
  it('is empty without files, and the prompt stays as it was', () => {
    expect(attachmentsSection([], { budget: 100 })).toBe('');
    expect(withAttachments('Prompt', [], { budget: 100 })).toBe('Prompt');
  });

  it('carries a short document whole and names images', () => {
    const section = withAttachments(
      'Prompt',
      [
        { name: 'terms.csv', kind: 'document', text: 'name,deadline\nrent,1 March' },
        { name: 'photo.png', kind: 'image', text: '' },
      ],
      { budget: 1000 },
    );
    expect(section).toContain('Prompt\n\nAttached files (2):');
    expect(section).toContain('=== terms.csv ===\nname,deadline\nrent,1 March');
    expect(section).toContain('=== photo.png ===\n[An image, sent with this message.]');
    expect(section).not.toContain('Cut to fit');
  });

  it("says a document's note when it has no text", () => {
    const section = attachmentsSection(
      [{ name: 'scan.pdf', kind: 'document', text: '', note: FILE_TEXT.noTextLayer }],
      { budget: 1000 },
    );
    expect(section).toContain(`=== scan.pdf ===\n[${FILE_TEXT.noTextLayer}]`);
    expect(
      attachmentsSection([{ name: 'x.txt', kind: 'document', text: '' }], { budget: 10 }),
    ).toContain('[No text could be read from this file.]');
  });

  const long = [
    paragraph('first', 30),
    paragraph('second', 30),
    paragraph('third', 30),
    paragraph('fourth', 30),
  ].join('\n\n');

  it('splits a long document into parts, shows what fits and says what was cut', () => {
    const section = attachmentsSection([{ name: 'contract.pdf', kind: 'document', text: long }], {
      budget: 250,
    });
    expect(section).toContain('contract.pdf: 4 parts');
    expect(section).toContain('=== contract.pdf (part 1 of 4) ===');
    expect(section).not.toContain('third third');
    expect(section).toContain('the rest of contract.pdf part 2');
    expect(section).toContain('contract.pdf parts 3-4 of 4');
    expect(section).toContain(`budget of 250 characters`);
    expect(section).toContain('"contract.pdf part 2"');
  });

  it('shows the parts a task names first', () => {
    for (const focus of [
      'Read contract.pdf part 3 and list its deadlines',
      'List the deadlines in part 3 of contract.pdf',
      'List the deadlines in part 3',
      "Check 'contract' part 3",
    ]) {
      const section = attachmentsSection([{ name: 'contract.pdf', kind: 'document', text: long }], {
        budget: 250,
        focus,
      });
      expect(section, focus).toContain('=== contract.pdf (part 3 of 4) ===');
      expect(section, focus).toContain('third third');
      expect(section, focus).toContain('contract.pdf parts 2, 4 of 4');
    }
  });

  it('cuts the last part that does not fit whole', () => {
    const section = attachmentsSection(
      [
        { name: 'a.txt', kind: 'document', text: 'a'.repeat(80) },
        { name: 'b.txt', kind: 'document', text: 'b'.repeat(80) },
      ],
      { budget: 100 },
    );
    expect(section).toContain(`=== b.txt ===\n${'b'.repeat(20)}\n[… cut here]`);
    expect(section).toContain('the rest of b.txt (60 characters)');
  });

  it('leaves out whole documents past the budget and names a part of a long one', () => {
    const section = attachmentsSection(
      [
        { name: 'a.txt', kind: 'document', text: 'a'.repeat(100) },
        { name: 'b.md', kind: 'document', text: long },
      ],
      { budget: 100 },
    );
    expect(section).toContain('b.md parts 1-');
    expect(section).not.toContain('=== b.md');
    const cutOne = attachmentsSection(
      [
        { name: 'a.txt', kind: 'document', text: 'a'.repeat(100) },
        { name: 'b.md', kind: 'document', text: 'short' },
      ],
      { budget: 100 },
    );
    expect(cutOne).toContain('b.md part 1 of 1 (5 characters)');
  });
});

describe('FILE_TEXT', () => {
  it('names the files a run uses and a refusal of images', () => {
    expect(
      FILE_TEXT.usingFiles([
        { name: 'a.pdf', kind: 'document', note: 'No text.' },
        { name: 'b.png', kind: 'image' },
      ]),
    ).toBe('This run uses 2 attached files: a.pdf (document: No text.); b.png (image)');
    expect(FILE_TEXT.usingFiles([{ name: 'a.pdf', kind: 'document' }])).toContain(
      '1 attached file:',
    );
    expect(FILE_TEXT.imagesRejected('Server returned 400: no images.')).toContain(
      '(Server returned 400: no images)',
    );
  });
});
