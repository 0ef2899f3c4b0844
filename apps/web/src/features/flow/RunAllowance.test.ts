import { describe, expect, it } from 'vitest';
import { whenOf } from './RunAllowance';

describe('whenOf', () => {
  const now = new Date(2026, 10, 24, 9, 0);

  it('gives a time later today as the time alone', () => {
    expect(whenOf(new Date(2026, 10, 24, 17, 30).toISOString(), now)).toMatch(/^at \S/);
  });

  it('says tomorrow for a time past midnight', () => {
    expect(whenOf(new Date(2026, 10, 25, 8, 15).toISOString(), now)).toMatch(/^tomorrow at \S/);
  });
});
