import { describe, expect, it } from 'vitest';
import { formatFileSize } from './files';

describe('formatFileSize', () => {
  it.each([
    [512, '512 B'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [11_000_000, '10.5 MB'],
    [150 * 1024 * 1024, '150 MB'],
  ])('writes %d bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
