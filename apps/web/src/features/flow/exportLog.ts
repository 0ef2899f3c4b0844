import { exportFileName, formatExport } from '@flows/engine';
import type { FeedStep } from './types';

/** The execution log as the export's text ('[yyyy-MM-dd HH:mm:ss] TYPE: content' per step). */
export function exportText(steps: readonly FeedStep[]): string {
  return formatExport(
    steps.map((step) => ({
      type: step.type,
      content: step.content,
      timestamp: new Date(step.timestamp),
    })),
  );
}

/** Downloads the execution log as a text file named with the date and time. */
export function downloadExport(steps: readonly FeedStep[], now = new Date()): string {
  const fileName = exportFileName(now);
  const url = URL.createObjectURL(
    new Blob([exportText(steps)], { type: 'text/plain;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return fileName;
}
