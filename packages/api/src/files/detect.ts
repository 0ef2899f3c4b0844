import { TRPCError } from '@trpc/server';
import { READABLE_FILES_TEXT, type ReadableFileKind } from '../contracts/files';

/** What an upload is, read from its bytes. */
export type DetectedType = { kind: ReadableFileKind; mimeType: string };

const BINARY_TYPES: Record<string, DetectedType> = {
  'application/pdf': { kind: 'pdf', mimeType: 'application/pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    kind: 'docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  'image/png': { kind: 'image', mimeType: 'image/png' },
  'image/jpeg': { kind: 'image', mimeType: 'image/jpeg' },
  'image/webp': { kind: 'image', mimeType: 'image/webp' },
  'image/gif': { kind: 'image', mimeType: 'image/gif' },
};

const TEXT_TYPES: Record<Exclude<ReadableFileKind, 'pdf' | 'docx' | 'image'>, string> = {
  text: 'text/plain',
  markdown: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
};

/** 415 naming what the file seems to be and what Flows reads. */
export function unreadable(what: string): TRPCError {
  return new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: `Flows cannot read ${what}. It reads ${READABLE_FILES_TEXT}.`,
  });
}

/** The bytes as UTF-8 text, or null when they are not text (invalid UTF-8, NUL or control bytes). */
export function asText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Text files hold no NUL and hardly any other control characters (tab, newlines, form feed aside).
  let controls = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0) return null;
    if (code === 0x7f || (code < 0x20 && (code < 0x09 || code > 0x0d))) controls++;
  }
  if (controls > Math.max(8, text.length / 1000)) return null;
  return text.replace(/^\uFEFF/, '');
}

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** Which kind of text a text upload is: by what it holds, its name and the type it was sent as. */
function textKind(text: string, name: string, claimedType: string): DetectedType['kind'] {
  const extension = extensionOf(name);
  const claimed = claimedType.split(';')[0]!.trim().toLowerCase();
  const start = text.trimStart().slice(0, 512).toLowerCase();
  if (extension === 'json' || claimed === 'application/json') {
    try {
      JSON.parse(text);
      return 'json';
    } catch {
      return 'text';
    }
  }
  if (
    ['html', 'htm'].includes(extension) ||
    claimed === 'text/html' ||
    start.startsWith('<!doctype html') ||
    start.startsWith('<html')
  ) {
    return 'html';
  }
  if (['md', 'markdown'].includes(extension) || claimed === 'text/markdown') return 'markdown';
  if (extension === 'csv' || claimed === 'text/csv') return 'csv';
  return 'text';
}

/**
 * The type of an upload, detected from its bytes with `file-type` (the client's type and name
 * only tell kinds of text apart): a PDF, a DOCX, a PNG, JPEG, WebP or GIF image, or UTF-8 text.
 * Anything else is refused with 415.
 */
export async function detectFileType(
  bytes: Uint8Array,
  name: string,
  claimedType: string,
): Promise<DetectedType> {
  // Loaded on the first upload: a server that never takes one never holds its detectors.
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed) {
    const known = BINARY_TYPES[sniffed.mime];
    if (known) return known;
    // XML is text file-type recognises; anything else it names is a binary format.
    if (sniffed.mime !== 'application/xml') {
      throw unreadable(`this file (it is ${sniffed.ext.toUpperCase()}, ${sniffed.mime})`);
    }
  }
  const text = asText(bytes);
  if (text === null) throw unreadable('this file (it is neither a known document nor text)');
  const kind = textKind(text, name, claimedType);
  return { kind, mimeType: TEXT_TYPES[kind as keyof typeof TEXT_TYPES] };
}
