// The calendar month's row: goal, figure and verdict as the table prints them.
import { describe, expect, it } from 'vitest';
import { calendarMonthRow, growthCalendarRuns } from '../../bench/lib/calendar-row';
import { isLoaded } from '../../bench/lib/load';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const result = (median: number, p95: number) => ({
  posts: 10_000,
  variants: 20_000,
  summary: { median, p95, n: 8 },
  chipsPerMonth: [120, 96, 110],
});

describe('calendarMonthRow', () => {
  it('names the size, the goal and median / p95', () => {
    const row = calendarMonthRow(result(184.2, 214.7), load(0.5));
    expect(row.name).toBe('Rendering: calendar month (10,000 posts)');
    expect(row.goal).toBe('< 300 ms');
    expect(row.figure).toBe('184 ms / p95 215 ms');
    expect(row.met).toBe(true);
    expect(row.note).toContain('96-120 chips per month');
    expect(row.note).toContain('Load at start 0.5.');
  });

  it('is missed when the p95 reaches the goal, and says when the machine was loaded', () => {
    const row = calendarMonthRow(result(250, 300), load(2.4));
    expect(row.met).toBe(false);
    expect(row.note).toContain('Load at start 2.4 (loaded).');
  });
});

describe('growthCalendarRuns', () => {
  it('keeps the openings below 50,000 posts and takes at most 3 there', () => {
    expect(growthCalendarRuns(10_000, 5)).toBe(5);
    expect(growthCalendarRuns(50_000, 5)).toBe(3);
    expect(growthCalendarRuns(50_000, 2)).toBe(2);
  });
});
