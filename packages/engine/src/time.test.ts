import { describe, expect, it } from 'vitest';
import { dateParts, formatHistoryTime, formatStepTime, formatTimestamp } from './time';

const at = (iso: string) => new Date(iso);

describe('formatStepTime', () => {
  it('prints h:mm a', () => {
    expect(formatStepTime(at('2025-03-04T15:07:00Z'), 'UTC')).toBe('3:07 PM');
    expect(formatStepTime(at('2025-03-04T00:05:00Z'), 'UTC')).toBe('12:05 AM');
    expect(formatStepTime(at('2025-03-04T12:00:00Z'), 'UTC')).toBe('12:00 PM');
    expect(formatStepTime(at('2025-03-04T15:07:00Z'), 'Asia/Tokyo')).toBe('12:07 AM');
  });

  it('uses the runtime zone by default and copes with invalid dates', () => {
    expect(formatStepTime(new Date(0))).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(formatStepTime(new Date(Number.NaN))).toBe('Invalid Date');
  });
});

describe('formatHistoryTime', () => {
  const now = at('2025-03-04T10:00:00Z');

  it('says Today and Yesterday by calendar day', () => {
    expect(formatHistoryTime(at('2025-03-04T00:01:00Z'), now, 'UTC')).toBe('Today at 12:01 AM');
    expect(formatHistoryTime(at('2025-03-03T23:59:00Z'), now, 'UTC')).toBe('Yesterday at 11:59 PM');
  });

  it('prints MMM d, yyyy otherwise', () => {
    expect(formatHistoryTime(at('2025-03-02T08:30:00Z'), now, 'UTC')).toBe(
      'Mar 2, 2025 at 8:30 AM',
    );
    expect(formatHistoryTime(at('2024-12-31T23:00:00Z'), now, 'UTC')).toBe(
      'Dec 31, 2024 at 11:00 PM',
    );
    expect(formatHistoryTime(at('2025-03-05T08:30:00Z'), now, 'UTC')).toBe(
      'Mar 5, 2025 at 8:30 AM',
    );
  });

  it('uses the calendar of the given zone, across month and DST changes', () => {
    // 02:00 UTC on 4 March is still 3 March in New York.
    expect(formatHistoryTime(at('2025-03-04T02:00:00Z'), now, 'America/New_York')).toBe(
      'Yesterday at 9:00 PM',
    );
    const afterDst = at('2025-03-10T14:00:00Z');
    expect(formatHistoryTime(at('2025-03-09T06:30:00Z'), afterDst, 'America/New_York')).toBe(
      'Yesterday at 1:30 AM',
    );
    expect(formatHistoryTime(at('2025-02-28T12:00:00Z'), at('2025-03-01T12:00:00Z'), 'UTC')).toBe(
      'Yesterday at 12:00 PM',
    );
  });

  it('copes with invalid dates', () => {
    expect(formatHistoryTime(new Date(Number.NaN), now)).toBe('Invalid Date');
    expect(formatHistoryTime(now, new Date(Number.NaN))).toBe('Invalid Date');
  });
});

describe('formatTimestamp / dateParts', () => {
  it('prints yyyy-MM-dd HH:mm:ss', () => {
    expect(formatTimestamp(at('2025-01-05T00:03:04Z'), 'UTC')).toBe('2025-01-05 00:03:04');
    expect(formatTimestamp(at('2025-01-05T23:59:59Z'), 'Europe/Berlin')).toBe(
      '2025-01-06 00:59:59',
    );
    expect(formatTimestamp(new Date(Number.NaN))).toBe('Invalid Date');
  });

  it('returns numeric fields', () => {
    expect(dateParts(at('2025-07-08T09:10:11Z'), 'UTC')).toEqual({
      year: 2025,
      month: 7,
      day: 8,
      hour: 9,
      minute: 10,
      second: 11,
    });
  });
});
