import { z } from 'zod';
import { ZId } from './flow';

/**
 * What Flows reads from an upload: documents (their text goes into the model's prompts) and
 * images (sent to the model as image parts). The type is detected from the bytes, never taken
 * from the client.
 */
export const READABLE_FILE_KINDS = [
  'pdf',
  'docx',
  'text',
  'markdown',
  'csv',
  'json',
  'html',
  'image',
] as const;
export type ReadableFileKind = (typeof READABLE_FILE_KINDS)[number];

/** The extensions the attach button offers (the server decides from the bytes all the same). */
export const ACCEPTED_FILE_EXTENSIONS = [
  '.pdf',
  '.docx',
  '.txt',
  '.md',
  '.markdown',
  '.csv',
  '.json',
  '.html',
  '.htm',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.gif',
] as const;

/** What Flows can read, in words (upload refusals, the docs and the landing page say it). */
export const READABLE_FILES_TEXT =
  'PDF (its text layer), Word (.docx), plain text, Markdown, CSV, JSON and HTML documents, and PNG, JPEG, WebP and GIF images';

/** A description given with an upload. */
export const ZFileDescription = z
  .string()
  .trim()
  .max(2000, 'A file description can be at most 2000 characters');

/** A file as the API answers it: its metadata, never its bytes or text. */
export type TFileView = {
  id: string;
  /** The stored name: the original's last path segment, made safe. */
  filename: string;
  /** The name the file was uploaded with. */
  originalFilename: string;
  /** The type detected from the bytes. */
  mimeType: string;
  size: number;
  description: string | null;
  /** The run that uses the file, if any. */
  taskId: string | null;
  /** `document` (its text reaches the model) or `image` (sent as an image). */
  kind: 'document' | 'image';
  /** Characters of text read from a document (0 for images). */
  textLength: number;
  /** Why no text could be read (a PDF without a text layer), if so. */
  extractionNote: string | null;
  createdAt: Date;
};

/** GET /api/files/{id}, DELETE /api/files/{id} */
export const ZFileIdInput = z.object({ id: ZId });

/** GET /api/tasks/{id}/files */
export const ZTaskFilesInput = z.object({ taskId: ZId });

/** A size in bytes for people: '840 B', '12.5 KB', '3.2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KB`;
  return `${trim(bytes / (1024 * 1024))} MB`;
}

/** One decimal below 100 (a file just over a 10 MB limit reads 10.5 MB, not 10 MB). */
const trim = (value: number) => String(Number(value.toFixed(value < 100 ? 1 : 0)));
