import { describe, expect, it } from 'vitest';
import { formatTimestamp, INVALID_DATE } from './format-timestamp';

describe('formatTimestamp', () => {
  it('shows a time as yyyy-MM-dd HH:mm:ss in local time', () => {
    expect(formatTimestamp(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02 03:04:05');
    const iso = new Date(2024, 11, 31, 23, 59, 58).toISOString();
    expect(formatTimestamp(iso)).toBe('2024-12-31 23:59:58');
    expect(formatTimestamp(new Date(2025, 5, 6, 7, 8, 9).getTime())).toBe('2025-06-06 07:08:09');
  });

  it.each([['not a date'], [''], [null], [undefined], [Number.NaN], [new Date('nope')]])(
    'shows "Invalid Date" for %s',
    (value) => {
      expect(formatTimestamp(value)).toBe(INVALID_DATE);
      expect(INVALID_DATE).toBe('Invalid Date');
    },
  );
});
