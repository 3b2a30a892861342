import { describe, expect, it } from 'vitest';
import {
  formatHours,
  formatRate,
  itemCount,
  progressPercent,
  sprintDateRange,
  sprintTimeHint,
  unfinishedCount,
} from './sprint-format';

const now = new Date('2026-03-05T12:00:00Z');

describe('sprint format', () => {
  it('shows the dates and how many days the sprint lasts', () => {
    expect(sprintDateRange({ startDate: '2026-03-02', endDate: '2026-03-15' }, now)).toBe(
      '03.02 – 03.15 · 14 days',
    );
    expect(sprintDateRange({ startDate: '2025-12-31', endDate: '2025-12-31' }, now)).toBe(
      '2025.12.31 – 2025.12.31 · 1 day',
    );
  });

  it('says where the sprint stands against today', () => {
    const sprint = { startDate: '2026-03-08', endDate: '2026-03-20' };
    expect(sprintTimeHint({ ...sprint, status: 0 }, '2026-03-05')).toBe('Planned to start in 3 days');
    expect(sprintTimeHint({ ...sprint, status: 0 }, '2026-03-07')).toBe('Planned to start tomorrow');
    expect(sprintTimeHint({ ...sprint, status: 0 }, '2026-03-09')).toBe('Planned start has passed');
    expect(sprintTimeHint({ ...sprint, status: 1 }, '2026-03-15')).toBe('5 days left');
    expect(sprintTimeHint({ ...sprint, status: 1 }, '2026-03-22')).toBe('Ended 2 days ago');
    expect(sprintTimeHint({ ...sprint, status: 2 }, '2026-03-22')).toBeNull();
  });

  it('computes progress and what is left', () => {
    expect(progressPercent({ issueCount: 0, finishedCount: 0 })).toBe(0);
    expect(progressPercent({ issueCount: 3, finishedCount: 2 })).toBe(67);
    expect(unfinishedCount({ issueCount: 3, finishedCount: 2 })).toBe(1);
  });

  it('formats hours, rates and counts', () => {
    expect(formatHours(12.25)).toBe('12.3 h');
    expect(formatHours(0)).toBe('0 h');
    expect(formatRate(0.756)).toBe('76%');
    expect(itemCount(1)).toBe('1 item');
    expect(itemCount(0)).toBe('0 items');
  });
});
