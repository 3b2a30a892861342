import { describe, expect, it } from 'vitest';
import { formatFileSize, formatShortDate } from './format';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [-5, '0 Bytes'],
    [Number.NaN, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 ** 2 * 1.234, '1.23 MB'],
    [1024 ** 3, '1 GB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1024 YB'],
  ])('%d bytes -> %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('takes the number of decimals', () => {
    expect(formatFileSize(1024 * 1.23456, 3)).toBe('1.235 KB');
    expect(formatFileSize(1024 * 1.5, 0)).toBe('2 KB');
  });
});

describe('formatShortDate', () => {
  const now = new Date(2026, 5, 15);

  it('shows MM.DD in the current year', () => {
    expect(formatShortDate(new Date(2026, 0, 5), now)).toBe('01.05');
    expect(formatShortDate('2026-12-31T10:00:00', now)).toBe('12.31');
  });

  it('shows YYYY.MM.DD in other years', () => {
    expect(formatShortDate(new Date(2025, 11, 31), now)).toBe('2025.12.31');
    expect(formatShortDate(new Date(2027, 0, 1).getTime(), now)).toBe('2027.01.01');
  });
});
