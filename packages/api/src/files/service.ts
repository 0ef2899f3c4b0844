import { randomUUID } from 'node:crypto';
import { type Database, fileContents, files, type Transaction } from '@flows/db';
import type { PromptAttachment } from '@flows/engine';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TFileView } from '../contracts/files';
import { isUuid } from '../contracts/flow';
import { foundOr404, type Viewer } from '../ownership';
import { detectFileType } from './detect';
import { extractFileText } from './extract';

/** The operator's limits on files (FILE_MAX_SIZE_MB, FILES_PER_RUN, ...). */
export type FileLimits = {
  /** The largest file, in bytes. */
  maxBytes: number;
  /** The most files one run may use. */
  perRun: number;
  /** Characters of the attached documents' text one prompt carries at most. */
  promptBudgetChars: number;
  /** Hours a visitor's file lives after its upload; 0 = for ever. */
  visitorTtlHours: number;
};

const HOUR_MS = 60 * 60 * 1000;
const MB = 1024 * 1024;

/** A size limit as people read it: '10 MB', '512 KB'. */
export function sizeLimitText(bytes: number): string {
  return bytes >= MB ? `${Number((bytes / MB).toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** 413 for a file over the size limit. */
export function fileTooLarge(limits: Pick<FileLimits, 'maxBytes'>): TRPCError {
  return new TRPCError({
    code: 'PAYLOAD_TOO_LARGE',
    message: `The file is larger than ${sizeLimitText(limits.maxBytes)}, the most Flows takes for one file`,
  });
}

/** The files a viewer owns: a user's own, or (for a visitor) those uploaded without an account. */
function ownedByViewer(viewer: Viewer): SQL {
  return viewer ? eq(files.userId, viewer) : isNull(files.userId);
}

/** Files that are alive: signed-in users' always, visitors' until their lifetime is over. */
function fileAlive(limits: Pick<FileLimits, 'visitorTtlHours'>, now = new Date()): SQL {
  if (limits.visitorTtlHours <= 0) return sql`true`;
  const bornAfter = new Date(now.getTime() - limits.visitorTtlHours * HOUR_MS);
  return or(isNotNull(files.userId), gt(files.createdAt, bornAfter))!;
}

const viewColumns = {
  id: files.id,
  filename: files.filename,
  originalFilename: files.originalFilename,
  mimeType: files.mimeType,
  size: files.size,
  description: files.description,
  taskId: files.taskId,
  textLength: sql<number>`coalesce(length(${files.extractedText}), 0)`.mapWith(Number),
  isImage: sql<boolean>`${files.extractedText} is null`.mapWith(Boolean),
  extractionNote: files.extractionNote,
  createdAt: files.createdAt,
};

type ViewRow = { [K in keyof typeof viewColumns]: unknown } & Omit<TFileView, 'kind'> & {
    isImage: boolean;
  };

function toView({ isImage, ...row }: ViewRow): TFileView {
  return { ...row, kind: isImage ? 'image' : 'document' };
}

/**
 * The name a file is stored under: the last segment of what the client sent, without control
 * characters or characters that are unsafe in file names, at most 200 characters.
 */
export function safeFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char >= ' ' && char !== '\u007f' && !'<>:"|?*'.includes(char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!cleaned) return 'file';
  if (cleaned.length <= 200) return cleaned;
  const extension = /\.[a-z0-9]{1,10}$/i.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, 200 - extension.length) + extension;
}

/**
 * Deletes visitors' files whose lifetime is over (their contents go with them): called before a
 * visitor uploads, as visitors' sites are cleared before a visitor creates one.
 */
export async function removeExpiredVisitorFiles(
  db: Database,
  limits: Pick<FileLimits, 'visitorTtlHours'>,
  now = new Date(),
): Promise<number> {
  if (limits.visitorTtlHours <= 0) return 0;
  const bornBefore = new Date(now.getTime() - limits.visitorTtlHours * HOUR_MS);
  const removed = await db
    .delete(files)
    .where(and(isNull(files.userId), lt(files.createdAt, bornBefore)))
    .returning({ id: files.id });
  return removed.length;
}

/**
 * Stores an upload: its type detected from the bytes (415 for what Flows cannot read), its text
 * extracted once, the bytes kept in PostgreSQL under the storage key `file_contents/{id}`.
 */
export async function uploadFile(
  db: Database,
  limits: FileLimits,
  input: {
    userId: Viewer;
    originalFilename: string;
    claimedType: string;
    bytes: Uint8Array;
    description?: string | null;
  },
): Promise<TFileView> {
  const { bytes } = input;
  if (bytes.length > limits.maxBytes) throw fileTooLarge(limits);
  if (bytes.length === 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The file is empty' });
  }
  const originalFilename =
    input.originalFilename.replaceAll('\u0000', '').trim().slice(0, 1000) || 'file';
  const type = await detectFileType(bytes, originalFilename, input.claimedType);
  const extraction = await extractFileText(bytes, type);
  if (!input.userId) await removeExpiredVisitorFiles(db, limits);
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(files)
      .values({
        id,
        userId: input.userId,
        filename: safeFilename(originalFilename),
        originalFilename,
        mimeType: type.mimeType,
        size: bytes.length,
        path: `file_contents/${id}`,
        description: input.description?.trim() || null,
        extractedText: extraction.text,
        extractionNote: extraction.note,
      })
      .returning(viewColumns);
    await tx.insert(fileContents).values({ fileId: id, bytes: Buffer.from(bytes) });
    return stored!;
  });
  return toView(row as ViewRow);
}

/** A signed-in user's files, newest first. */
export async function listFiles(db: Database, userId: string): Promise<TFileView[]> {
  const rows = await db
    .select(viewColumns)
    .from(files)
    .where(eq(files.userId, userId))
    .orderBy(desc(files.createdAt), desc(files.id));
  return rows.map((row) => toView(row as ViewRow));
}

/** A file of the viewer's (a visitor's by its id) that has not expired; else 404. */
export async function findFile(
  db: Database | Transaction,
  limits: Pick<FileLimits, 'visitorTtlHours'>,
  id: string,
  viewer: Viewer,
): Promise<TFileView> {
  const row = await foundOr404(
    id,
    () =>
      db
        .select(viewColumns)
        .from(files)
        .where(and(eq(files.id, id), ownedByViewer(viewer), fileAlive(limits))),
    'File not found',
  );
  return toView(row as ViewRow);
}

/** A file's metadata and its original bytes, for its owner; else 404. */
export async function fileContent(
  db: Database,
  limits: Pick<FileLimits, 'visitorTtlHours'>,
  id: string,
  viewer: Viewer,
): Promise<{ file: TFileView; bytes: Buffer }> {
  const file = await findFile(db, limits, id, viewer);
  const [content] = await db
    .select({ bytes: fileContents.bytes })
    .from(fileContents)
    .where(eq(fileContents.fileId, file.id));
  if (!content) throw new TRPCError({ code: 'NOT_FOUND', message: 'File not found' });
  return { file, bytes: content.bytes };
}

/** Deletes a file of the viewer's with its contents; a run that used it goes on without it. */
export async function deleteFile(
  db: Database,
  limits: Pick<FileLimits, 'visitorTtlHours'>,
  id: string,
  viewer: Viewer,
): Promise<void> {
  const file = await findFile(db, limits, id, viewer);
  await db.delete(files).where(eq(files.id, file.id));
}

/**
 * The files a run uses, in the order they were attached (their upload order); a visitor's file
 * past its lifetime is gone from the list as it is from GET /api/files/{id}.
 */
export async function listTaskFiles(
  db: Database,
  limits: Pick<FileLimits, 'visitorTtlHours'>,
  taskId: string,
): Promise<TFileView[]> {
  if (!isUuid(taskId)) return [];
  const rows = await db
    .select(viewColumns)
    .from(files)
    .where(and(eq(files.taskId, taskId), fileAlive(limits)))
    .orderBy(files.createdAt, files.id);
  return rows.map((row) => toView(row as ViewRow));
}

/**
 * Gives a new run its files, in the run's transaction: each must be the caller's (404 otherwise),
 * at most `perRun` of them (413). A file another run already uses is copied for this one, so
 * every run keeps the files it was started with. Returns what the feed says about them.
 */
export async function attachFilesToRun(
  tx: Transaction,
  limits: Pick<FileLimits, 'perRun' | 'visitorTtlHours'>,
  input: { taskId: string; userId: Viewer; fileIds: readonly string[] },
): Promise<Pick<PromptAttachment, 'name' | 'kind' | 'note'>[]> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return [];
  if (ids.length > limits.perRun) {
    throw new TRPCError({
      code: 'PAYLOAD_TOO_LARGE',
      message: `A run can use at most ${limits.perRun} files (${ids.length} were attached)`,
    });
  }
  const found = ids.every(isUuid)
    ? await tx
        .select({
          id: files.id,
          taskId: files.taskId,
          name: files.originalFilename,
          isImage: sql<boolean>`${files.extractedText} is null`.mapWith(Boolean),
          note: files.extractionNote,
        })
        .from(files)
        .where(and(inArray(files.id, ids), ownedByViewer(input.userId), fileAlive(limits)))
        .for('update')
    : [];
  const missing = ids.find((id) => !found.some((file) => file.id === id));
  if (missing !== undefined) {
    throw new TRPCError({ code: 'NOT_FOUND', message: `File not found: ${missing.slice(0, 100)}` });
  }
  const byId = new Map(found.map((file) => [file.id, file]));
  for (const id of ids) {
    const file = byId.get(id)!;
    if (file.taskId === null) {
      await tx.update(files).set({ taskId: input.taskId }).where(eq(files.id, id));
      continue;
    }
    const copy = randomUUID();
    await tx.execute(sql`
      insert into files (id, user_id, filename, original_filename, mime_type, size, path,
        description, task_id, extracted_text, extraction_note)
      select ${copy}, user_id, filename, original_filename, mime_type, size,
        ${`file_contents/${copy}`}, description, ${input.taskId}, extracted_text, extraction_note
      from files where id = ${id}`);
    await tx.execute(sql`
      insert into file_contents (file_id, bytes)
      select ${copy}, bytes from file_contents where file_id = ${id}`);
  }
  return ids.map((id) => {
    const file = byId.get(id)!;
    return { name: file.name, kind: file.isImage ? 'image' : 'document', note: file.note };
  });
}

/** A run's file as its model calls use it: documents' text, images' bytes. */
export type RunAttachment = PromptAttachment & { mimeType: string; bytes: Buffer | null };

/** The files a run uses, with what its prompts need: documents' text and images' bytes. */
export async function runAttachments(db: Database, taskId: string): Promise<RunAttachment[]> {
  const rows = await db
    .select({
      name: files.originalFilename,
      mimeType: files.mimeType,
      text: files.extractedText,
      note: files.extractionNote,
      bytes: sql<Buffer | null>`case when ${files.extractedText} is null then ${fileContents.bytes} end`,
    })
    .from(files)
    .leftJoin(fileContents, eq(fileContents.fileId, files.id))
    .where(eq(files.taskId, taskId))
    .orderBy(files.createdAt, files.id);
  return rows.map((row) => ({
    name: row.name,
    kind: row.text === null ? 'image' : 'document',
    text: row.text ?? '',
    note: row.note,
    mimeType: row.mimeType,
    bytes: row.bytes === null ? null : Buffer.from(row.bytes as Uint8Array),
  }));
}
