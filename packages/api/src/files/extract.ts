import { FILE_TEXT } from '@flows/engine';
import { asText, type DetectedType, unreadable } from './detect';

/** The most text kept of one document; a longer one is cut, and its note says so. */
export const MAX_EXTRACTED_CHARS = 2_000_000;

/** What extraction read: the text (null for images) and, when something is missing, why. */
export type Extraction = { text: string | null; note: string | null };

// PostgreSQL text cannot hold NUL characters; they carry no meaning in a document.
const clean = (text: string) => text.replaceAll('\u0000', '').replace(/\r\n?/g, '\n');

// The readers below load on their first document: a server that never reads one never holds them.

/** A PDF's text layer, page by page; a PDF without one says so. */
async function pdfText(bytes: Uint8Array): Promise<Extraction> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pages: string[];
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    ({ text: pages } = await extractText(pdf, { mergePages: false }));
    await pdf.destroy();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw unreadable(`this PDF (${reason.replace(/\.$/, '')})`);
  }
  const text = pages
    .map((page) => page.trim())
    .filter(Boolean)
    .join('\n\n');
  return text ? { text, note: null } : { text: '', note: FILE_TEXT.noTextLayer };
}

/** The most one Word document may unpack to: a small upload must not inflate to gigabytes. */
const MAX_DOCX_UNPACKED_MB = 64;

/**
 * The document's parts unpacked within MAX_DOCX_UNPACKED_MB, as their sizes declare (fflate
 * unpacks each part into a buffer of its declared size, never more), and packed again without
 * compression: the reader then holds no more than that, whatever the parts really inflate to.
 */
async function boundedDocx(bytes: Uint8Array): Promise<Buffer> {
  const { unzipSync, zipSync } = await import('fflate');
  const limit = MAX_DOCX_UNPACKED_MB * 1024 * 1024;
  let declared = 0;
  const parts = unzipSync(bytes, {
    filter: (part) => {
      declared += part.originalSize;
      return declared <= limit;
    },
  });
  if (declared > limit) {
    throw new Error(`it unpacks to more than ${MAX_DOCX_UNPACKED_MB} MB`);
  }
  return Buffer.from(zipSync(parts, { level: 0 }));
}

async function docxText(bytes: Uint8Array): Promise<Extraction> {
  const { default: mammoth } = await import('mammoth');
  try {
    const { value } = await mammoth.extractRawText({ buffer: await boundedDocx(bytes) });
    const text = value.replace(/\n{3,}/g, '\n\n').trim();
    return text ? { text, note: null } : { text: '', note: 'This Word document holds no text.' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw unreadable(`this Word document (${reason.replace(/\.$/, '')})`);
  }
}

async function htmlText(html: string): Promise<string> {
  const { convert } = await import('html-to-text');
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}

/**
 * Reads the text of a document once, at upload: a PDF's text layer, a DOCX's text, HTML as
 * text, and text files as they are. Images keep no text. A file that cannot be read answers 415.
 */
export async function extractFileText(bytes: Uint8Array, type: DetectedType): Promise<Extraction> {
  let extraction: Extraction;
  if (type.kind === 'image') return { text: null, note: null };
  if (type.kind === 'pdf') extraction = await pdfText(bytes);
  else if (type.kind === 'docx') extraction = await docxText(bytes);
  else {
    const text = asText(bytes) ?? '';
    extraction = { text: type.kind === 'html' ? await htmlText(text) : text.trim(), note: null };
  }
  const text = clean(extraction.text ?? '');
  if (text.length > MAX_EXTRACTED_CHARS) {
    return {
      text: text.slice(0, MAX_EXTRACTED_CHARS),
      note: `Only the first ${MAX_EXTRACTED_CHARS} characters of this document were kept.`,
    };
  }
  if (!text && !extraction.note) return { text, note: 'This file holds no text.' };
  return { text, note: extraction.note };
}
