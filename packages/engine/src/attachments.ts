/**
 * Files attached to a run, as its prompts carry them: the documents' text cut to a budget of
 * characters per prompt, long documents split into numbered parts that a task can name
 * ("contract.pdf part 2") to read that part, and a line for each image (sent beside the text).
 */

/** An attached file as prompts see it. */
export type PromptAttachment = {
  name: string;
  kind: 'document' | 'image';
  /** The document's text ('' for images, or for a document without readable text). */
  text: string;
  /** Why no text could be read, said instead of the text. */
  note?: string | null;
};

/** A part of a document: its text and which part it is (1-based). */
type Part = { doc: number; index: number; total: number; text: string };

/** The texts of attached files' steps and notes in the run's feed. */
export const FILE_TEXT = {
  /** The feed step that says which files a run uses. */
  usingFiles: (files: readonly Pick<PromptAttachment, 'name' | 'kind' | 'note'>[]) =>
    `This run uses ${files.length} attached ${files.length === 1 ? 'file' : 'files'}: ${files
      .map((file) => `${file.name} (${file.kind}${file.note ? `: ${file.note}` : ''})`)
      .join('; ')}`,
  /** The model refused the image parts; the run goes on with the text. */
  imagesRejected: (reason: string) =>
    `The model did not accept the attached images (${reason.replace(/\.$/, '')}). The run goes on with the documents' text only; choose a model that reads images to include them.`,
  noTextLayer:
    'This PDF has no text layer (it may be a scanned image), so Flows could not read any text from it.',
} as const;

/** Splits a text into parts of at most `size` characters, at a paragraph or line end if near. */
export function splitIntoParts(text: string, size: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > size) {
    const window = rest.slice(0, size);
    const breakAt = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'));
    const end = breakAt >= size * 0.6 ? breakAt : size;
    parts.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The parts a text (a task's description) names: "contract.pdf part 2", "part 3 of contract.pdf"
 * or, when only one document has parts, just "part 2".
 */
function namedParts(focus: string, names: readonly string[], withParts: number[]): Set<string> {
  const named = new Set<string>();
  for (const [doc, name] of names.entries()) {
    const stem = escapeRegExp(name.replace(/\.[^.]+$/, ''));
    const file = `${stem}(?:\\.[\\w]+)?`;
    const patterns = [
      new RegExp(`${file}[\\s,:'"’)]*(?:,\\s*)?parts?\\s+(\\d+)`, 'gi'),
      new RegExp(`parts?\\s+(\\d+)\\s+(?:of|in|from)\\s+['"“]?${file}`, 'gi'),
    ];
    for (const pattern of patterns) {
      for (const match of focus.matchAll(pattern)) named.add(`${doc}:${Number(match[1])}`);
    }
  }
  const only = withParts.length === 1 ? withParts[0] : undefined;
  if (only !== undefined) {
    for (const match of focus.matchAll(/\bparts?\s+(\d+)\b/gi)) {
      named.add(`${only}:${Number(match[1])}`);
    }
  }
  return named;
}

/** "part 2", "parts 2-4", "parts 2, 5" */
function partList(indexes: readonly number[]): string {
  const sorted = [...indexes].sort((a, b) => a - b);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  if (sorted.length === 1) return `part ${first}`;
  if (last - first + 1 === sorted.length) return `parts ${first}-${last}`;
  return `parts ${sorted.join(', ')}`;
}

/**
 * The section a prompt carries for the run's files, or '' without files. Documents fill at most
 * `budget` characters: the parts `focus` names first, then every document from its start. What
 * did not fit is said at the end, with how a task can name the part it needs.
 */
export function attachmentsSection(
  files: readonly PromptAttachment[],
  options: { budget: number; focus?: string },
): string {
  if (files.length === 0) return '';
  const budget = Math.max(options.budget, 1);
  const docs = files.filter((file) => file.kind === 'document');
  const images = files.filter((file) => file.kind === 'image');
  const parts: Part[][] = docs.map((doc, index) => {
    const texts = splitIntoParts(doc.text, budget);
    return texts.map((text, at) => ({ doc: index, index: at + 1, total: texts.length, text }));
  });
  const named = namedParts(
    options.focus ?? '',
    docs.map((doc) => doc.name),
    parts.flatMap((list, doc) => (list.length > 1 ? [doc] : [])),
  );
  const isNamed = (part: Part) => named.has(`${part.doc}:${part.index}`);
  const order = [...parts.flat().filter(isNamed), ...parts.flat().filter((part) => !isNamed(part))];

  let left = budget;
  const shown = new Map<Part, string>();
  for (const part of order) {
    if (left <= 0) break;
    const text = part.text.length <= left ? part.text : part.text.slice(0, left);
    shown.set(part, text);
    left -= text.length;
  }

  const blocks: string[] = [];
  const cut: string[] = [];
  for (const [index, doc] of docs.entries()) {
    const list = parts[index]!;
    if (list.length === 0) {
      blocks.push(`=== ${doc.name} ===\n[${doc.note || 'No text could be read from this file.'}]`);
      continue;
    }
    const missing: number[] = [];
    for (const part of list) {
      const text = shown.get(part);
      const label = part.total > 1 ? ` (part ${part.index} of ${part.total})` : '';
      if (text === undefined) {
        missing.push(part.index);
        continue;
      }
      const partial = text.length < part.text.length;
      blocks.push(`=== ${doc.name}${label} ===\n${text}${partial ? '\n[… cut here]' : ''}`);
      if (partial) {
        cut.push(
          `the rest of ${doc.name}${part.total > 1 ? ` part ${part.index}` : ''} (${part.text.length - text.length} characters)`,
        );
      }
    }
    if (missing.length > 0) {
      const chars = list
        .filter((part) => missing.includes(part.index))
        .reduce((sum, part) => sum + part.text.length, 0);
      cut.push(`${doc.name} ${partList(missing)} of ${list.length} (${chars} characters)`);
    }
  }
  for (const image of images)
    blocks.push(`=== ${image.name} ===\n[An image, sent with this message.]`);

  const long = docs.filter((_, index) => parts[index]!.length > 1);
  const header = [
    `Attached files (${files.length}):`,
    long.length > 0
      ? `Long documents are split into numbered parts (${long
          .map((doc) => `${doc.name}: ${parts[docs.indexOf(doc)]!.length} parts`)
          .join(
            '; ',
          )}). To work with a part that is not shown, name it in a task, e.g. "${long[0]!.name} part 2".`
      : '',
  ].filter(Boolean);
  const footer =
    cut.length > 0
      ? [
          `[Cut to fit this prompt's budget of ${budget} characters: ${cut.join('; ')}. Name a part in a task (e.g. "${docs[0]!.name} part 2") to read it.]`,
        ]
      : [];
  return [...header, '', ...blocks.flatMap((block) => [block, '']), ...footer].join('\n').trim();
}

/** A prompt with the run's files after it (the prompt as it was without files). */
export function withAttachments(
  prompt: string,
  files: readonly PromptAttachment[],
  options: { budget: number; focus?: string },
): string {
  const section = attachmentsSection(files, options);
  return section ? `${prompt}\n\n${section}` : prompt;
}
