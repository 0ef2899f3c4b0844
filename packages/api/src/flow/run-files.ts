import type { Database } from '@flows/db';
import { withAttachments } from '@flows/engine';
import { runAttachments } from '../files/service';
import { ImagesRejectedError, type ModelImage } from './model-client';

/** What a model call of a run sends for the run's files: the prompt with them, and the images. */
export type PromptWithFiles = { prompt: string; images: ModelImage[] };

/**
 * A run's prompt with the text of its documents (at most `budget` characters, the parts `focus`
 * names first) and its images as `data:` URLs, or the prompt as it was when the run has no files.
 */
export async function promptWithFiles(
  db: Database,
  taskId: string,
  prompt: string,
  options: { budget: number; focus?: string },
): Promise<PromptWithFiles> {
  const attachments = await runAttachments(db, taskId);
  if (attachments.length === 0) return { prompt, images: [] };
  const images = attachments.flatMap((file) =>
    file.bytes ? [{ url: `data:${file.mimeType};base64,${file.bytes.toString('base64')}` }] : [],
  );
  return { prompt: withAttachments(prompt, attachments, options), images };
}

/**
 * Makes a model call with the run's images; when the model refuses image parts, tells
 * `onRejected` (the run's feed says so) and makes it again with the text alone. Runs whose model
 * refused images once (in this process) send none after.
 */
export async function callWithImages<T>(
  taskId: string,
  images: readonly ModelImage[],
  call: (images: readonly ModelImage[]) => Promise<T>,
  onRejected: (reason: string) => Promise<void>,
): Promise<T> {
  if (images.length === 0 || imagesRefused.has(taskId)) return call([]);
  try {
    return await call(images);
  } catch (error) {
    if (!(error instanceof ImagesRejectedError)) throw error;
    imagesRefused.add(taskId);
    if (imagesRefused.size > 10_000) imagesRefused.delete(imagesRefused.values().next().value!);
    await onRejected(error.failure.message);
    return call([]);
  }
}

/** Runs whose model refused their images. */
const imagesRefused = new Set<string>();
