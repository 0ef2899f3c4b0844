import { fileContent, fileTooLarge, sizeLimitText, uploadFile, ZFileDescription } from '@flows/api';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env';

/** Room a multipart body needs beyond the file: boundaries, part headers, the description. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Whether a request is an upload (POST /api/files), whose body may be as large as a file. */
export const isFileUpload = (c: Context<AppEnv>) =>
  c.req.method === 'POST' && c.req.path.replace(/\/+$/, '') === '/api/files';

/** The body limit of uploads: the file size limit (FILE_MAX_SIZE_MB) plus multipart framing. */
export function uploadBodyLimit(maxFileBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    onError: (c) =>
      c.json(
        {
          error: `The file is larger than ${sizeLimitText(maxFileBytes)}, the most Flows takes for one file`,
        },
        413,
      ),
  });
}

const isMultipart = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';

/**
 * POST /api/files: a multipart/form-data upload with the file in the field `file` and an optional
 * `description`. The type is detected from the bytes, the text extracted once; 201 with the
 * file's metadata.
 */
export async function fileUpload(c: Context<AppEnv>) {
  if (!isMultipart(c.req.header('content-type'))) {
    throw new HTTPException(415, {
      message: "Upload files as multipart/form-data, with the file in the field 'file'",
    });
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HTTPException(400, { message: 'The upload is not valid multipart/form-data' });
  }
  const file = form.get('file');
  if (!(file instanceof File)) {
    throw new HTTPException(400, {
      message: "The upload holds no file: send it in the multipart field 'file'",
    });
  }
  const config = c.get('config');
  if (file.size > config.files.maxBytes) throw fileTooLarge(config.files);
  const rawDescription = form.get('description');
  if (rawDescription !== null && typeof rawDescription !== 'string') {
    throw new HTTPException(400, { message: 'The description must be text' });
  }
  const description = ZFileDescription.safeParse(rawDescription ?? '');
  if (!description.success) {
    throw new HTTPException(400, { message: description.error.issues[0]!.message });
  }
  const stored = await uploadFile(c.get('db'), config.files, {
    userId: c.get('user')?.id ?? null,
    originalFilename: file.name,
    claimedType: file.type,
    bytes: new Uint8Array(await file.arrayBuffer()),
    description: description.data || null,
  });
  return c.json(stored, 201);
}

/** `attachment; filename="..."; filename*=UTF-8''...`: an ASCII name and the exact one. */
function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * GET /api/files/{id}/content: the original bytes, as an attachment of the stored (detected)
 * type that browsers must not sniff or render in place; 404 for anyone but the uploader.
 */
export async function fileDownload(c: Context<AppEnv>, input: unknown) {
  const { id } = input as { id: string };
  const { file, bytes } = await fileContent(
    c.get('db'),
    c.get('config').files,
    id,
    c.get('user')?.id ?? null,
  );
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': file.mimeType,
    'Content-Length': String(bytes.length),
    'Content-Disposition': attachmentDisposition(file.filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
}
