import { dateParts, formatTimestamp } from './time';

/** A feed step as the export reads it. */
export type ExportStep = { type: string; content: string; timestamp: Date };

/**
 * The execution log as plain text: '[yyyy-MM-dd HH:mm:ss] TYPE: content' per step, steps separated
 * by a blank line, times in `timeZone` (the runtime's zone when omitted).
 */
export function formatExport(steps: readonly ExportStep[], timeZone?: string): string {
  return steps
    .map(
      (step) =>
        `[${formatTimestamp(step.timestamp, timeZone)}] ${step.type.toUpperCase()}: ${step.content}`,
    )
    .join('\n\n');
}

/** The export's file name, carrying the date and time: 'flow-execution-yyyy-MM-dd-HHmmss.txt'. */
export function exportFileName(date: Date, timeZone?: string): string {
  if (Number.isNaN(date.getTime())) return 'flow-execution.txt';
  const p = dateParts(date, timeZone);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `flow-execution-${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}-${pad(p.hour)}${pad(p.minute)}${pad(p.second)}.txt`;
}
