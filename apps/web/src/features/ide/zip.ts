import { strToU8, zipSync } from 'fflate';
import type { IdeFile } from './project';

/** The project's files as a zip archive. */
export function projectZip(files: readonly IdeFile[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[file.name] = strToU8(file.content);
  return zipSync(entries, { level: 6 });
}

/** Saves the project as project.zip through the browser's download. */
export function downloadZip(files: readonly IdeFile[], name = 'project.zip'): void {
  const bytes = projectZip(files);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
