import { describe, expect, it } from 'vitest';
import { daysUntil, endHint, localToday, planDateRange } from './plan-dates';

const now = new Date(2026, 4, 20);

describe('plan dates', () => {
  it('shows the range, MM.DD within the year and YYYY.MM.DD outside it', () => {
    expect(planDateRange('2026-05-01', '2026-06-30', now)).toBe('05.01 – 06.30');
    expect(planDateRange('2025-12-01', '2026-01-31', now)).toBe('2025.12.01 – 01.31');
    expect(planDateRange('2026-05-01', null, now)).toBe('From 05.01');
    expect(planDateRange(null, '2026-06-30', now)).toBe('Until 06.30');
    expect(planDateRange(null, null, now)).toBe('No dates');
  });

  it('counts calendar days to the end', () => {
    expect(daysUntil('2026-05-23', '2026-05-20')).toBe(3);
    expect(daysUntil('2026-03-30', '2026-03-29')).toBe(1);
    expect(endHint('2026-05-20', '2026-05-20')).toBe('Ends today');
    expect(endHint('2026-05-21', '2026-05-20')).toBe('1 day left');
    expect(endHint('2026-06-19', '2026-05-20')).toBe('30 days left');
    expect(endHint('2026-05-19', '2026-05-20')).toBe('Ended yesterday');
    expect(endHint('2026-05-10', '2026-05-20')).toBe('Ended 10 days ago');
  });

  it('takes today in local time', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
