import type { AppRouter } from '@flows/api';
import type { inferRouterOutputs } from '@trpc/server';

/** A stored file as the API answers it (metadata only). */
export type StoredFile = inferRouterOutputs<AppRouter>['file']['byId'];

/** Where a file's original bytes are downloaded from. */
export const fileDownloadUrl = (id: string) => `/api/files/${encodeURIComponent(id)}/content`;

/** The server's `{ error }`, or the status when the answer holds none. */
function errorOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
  } catch {
    // not JSON: the status says it
  }
  return status === 0 ? 'The upload did not reach the server' : `Upload failed (${status})`;
}

/**
 * Uploads a file to POST /api/files (multipart/form-data) and resolves to its metadata; reports
 * progress from 0 to 1 as the bytes go out. A refusal (too large, unreadable) rejects with the
 * server's message.
 */
export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files');
    request.withCredentials = true;
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201) {
        onProgress(1);
        resolve(JSON.parse(request.responseText) as StoredFile);
      } else {
        reject(new Error(errorOf(request.status, request.responseText)));
      }
    };
    request.onerror = () => reject(new Error(errorOf(0, '')));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.set('file', file);
    request.send(form);
  });
}
