import { clock } from '@core/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { closesAt, inWeek, weekInfo, weekOf, weekStarting } from './weeks';

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

const at = (iso: string) => Date.parse(iso);

describe('weeks in the enterprise time zone', () => {
  it('puts a Sunday 23:30 in UTC+8 in that week, though it is Sunday afternoon in UTC', () => {
    // 2026-03-08 23:30 in Shanghai is 2026-03-08 15:30 UTC.
    const week = weekOf(at('2026-03-08T15:30:00Z'), 'Asia/Shanghai');
    expect(week.start).toBe('2026-03-02');
    expect(new Date(week.startsAt).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(new Date(week.endsAt).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    // Half an hour later it is Monday there: the next week.
    expect(weekOf(at('2026-03-08T16:00:00Z'), 'Asia/Shanghai').start).toBe('2026-03-09');
    // The same instants in UTC are both still the week of March 2.
    expect(weekOf(at('2026-03-08T16:00:00Z'), 'UTC').start).toBe('2026-03-02');
  });

  it('puts a Monday 00:30 in UTC-5 in the new week, though it is still Monday morning UTC of it', () => {
    expect(weekOf(at('2026-03-09T05:30:00Z'), 'America/Bogota').start).toBe('2026-03-09');
    expect(weekOf(at('2026-03-09T04:30:00Z'), 'America/Bogota').start).toBe('2026-03-02');
  });

  it('has a 167-hour week when the clocks go forward', () => {
    const week = weekStarting('2026-03-23', 'Europe/Berlin');
    expect((week.endsAt - week.startsAt) / 3_600_000).toBe(167);
    expect(inWeek(week, '2026-03-29T21:59:00Z')).toBe(true);
    expect(inWeek(week, '2026-03-29T22:00:00Z')).toBe(false);
  });

  it('closes a week at the end of the following week, and knows the current one', () => {
    const week = weekStarting('2026-03-02', 'Asia/Shanghai');
    expect(new Date(closesAt(week)).toISOString()).toBe('2026-03-15T16:00:00.000Z');
    clock.now = () => at('2026-03-10T00:00:00Z');
    expect(weekInfo(week)).toMatchObject({ state: 'open', next: '2026-03-09', previous: '2026-02-23' });
    clock.now = () => at('2026-03-15T16:00:00Z');
    expect(weekInfo(week).state).toBe('closed');
    clock.now = () => at('2026-03-04T00:00:00Z');
    expect(weekInfo(week)).toMatchObject({ state: 'current', next: null, weekEnd: '2026-03-08' });
  });
});
