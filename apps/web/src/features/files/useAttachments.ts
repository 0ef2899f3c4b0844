import { useCallback, useEffect, useRef, useState } from 'react';
import { type StoredFile, uploadFile } from './upload';

/** A file attached to the next goal: uploading, ready (stored) or refused. */
export type Attachment = {
  key: string;
  name: string;
  size: number;
  /** 0 to 1 while uploading. */
  progress: number;
  status: 'uploading' | 'ready' | 'failed';
  /** The stored file's id once the upload is done. */
  fileId: string | null;
  /** The server's reason when the file was refused. */
  error: string | null;
};

let nextKey = 0;

/**
 * The files the next run starts with: each is uploaded as soon as it is attached (the server
 * detects its type and reads its text), shown with its progress, and refused with the server's
 * message. Earlier uploads ('My files') can be attached as they are.
 */
export function useAttachments() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const uploads = useRef(new Map<string, AbortController>());

  const update = useCallback((key: string, change: Partial<Attachment>) => {
    setAttachments((list) =>
      list.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      for (const file of files) {
        const key = `upload-${++nextKey}`;
        const controller = new AbortController();
        uploads.current.set(key, controller);
        setAttachments((list) => [
          ...list,
          {
            key,
            name: file.name,
            size: file.size,
            progress: 0,
            status: 'uploading',
            fileId: null,
            error: null,
          },
        ]);
        uploadFile(file, (progress) => update(key, { progress }), controller.signal)
          .then((stored) => update(key, { status: 'ready', progress: 1, fileId: stored.id }))
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            update(key, {
              status: 'failed',
              error: error instanceof Error ? error.message : String(error),
            });
          })
          .finally(() => uploads.current.delete(key));
      }
    },
    [update],
  );

  /** Attaches a file uploaded before (from 'My files'), once. */
  const reuse = useCallback((file: StoredFile) => {
    setAttachments((list) =>
      list.some((item) => item.fileId === file.id)
        ? list
        : [
            ...list,
            {
              key: `stored-${file.id}`,
              name: file.originalFilename,
              size: file.size,
              progress: 1,
              status: 'ready',
              fileId: file.id,
              error: null,
            },
          ],
    );
  }, []);

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    setAttachments((list) => list.filter((item) => item.key !== key));
  }, []);

  const clear = useCallback(() => {
    for (const controller of uploads.current.values()) controller.abort();
    setAttachments([]);
  }, []);

  useEffect(() => {
    const pending = uploads.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
    };
  }, []);

  const uploading = attachments.some((item) => item.status === 'uploading');
  const failed = attachments.filter((item) => item.status === 'failed');
  const fileIds = attachments.flatMap((item) => (item.fileId ? [item.fileId] : []));
  return { attachments, add, reuse, remove, clear, uploading, failed, fileIds };
}

export type AttachmentsControl = ReturnType<typeof useAttachments>;
