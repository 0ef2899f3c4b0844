import { describe, expect, it } from 'vitest';
import { exportFileName, formatExport } from './export';

describe('formatExport', () => {
  it('prints one line per step separated by blank lines', () => {
    const text = formatExport(
      [
        {
          type: 'thinking',
          content: 'I need to understand the goal: x',
          timestamp: new Date('2025-01-02T03:04:05Z'),
        },
        {
          type: 'result',
          content: 'Done ✅\nline two',
          timestamp: new Date('2025-01-02T13:14:15Z'),
        },
      ],
      'UTC',
    );
    expect(text).toBe(
      '[2025-01-02 03:04:05] THINKING: I need to understand the goal: x\n\n[2025-01-02 13:14:15] RESULT: Done ✅\nline two',
    );
  });

  it('is empty without steps', () => {
    expect(formatExport([])).toBe('');
  });
});

describe('exportFileName', () => {
  it('names the file with the date and time', () => {
    expect(exportFileName(new Date('2025-01-02T03:04:05Z'), 'UTC')).toBe(
      'flow-execution-2025-01-02-030405.txt',
    );
  });

  it('copes with an invalid date', () => {
    expect(exportFileName(new Date(Number.NaN))).toBe('flow-execution.txt');
  });
});
