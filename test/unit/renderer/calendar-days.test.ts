import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayHeading,
  dayKey,
  onDay,
  shiftTime,
  stepAnchor,
  visibleDays,
  weekStart,
} from '../../../src-renderer/src/lib/calendar-days';
import { hourLabel } from '../../../src-renderer/src/lib/clock.svelte';

describe('calendar days', () => {
  it('starts weeks on Monday and shows whole weeks of a month', () => {
    expect(weekStart('2030-01-03')).toBe('2029-12-31');
    expect(visibleDays('2030-01-03', 'week')).toEqual([
      '2029-12-31',
      '2030-01-01',
      '2030-01-02',
      '2030-01-03',
      '2030-01-04',
      '2030-01-05',
      '2030-01-06',
    ]);
    const month = visibleDays('2030-03-15', 'month');
    expect(month[0]).toBe('2030-02-25');
    expect(month.at(-1)).toBe('2030-03-31');
    expect(month.length % 7).toBe(0);
    expect(stepAnchor('2030-01-31', 'month', 1)).toBe('2030-02-01');
    expect(addDays('2030-02-28', 1)).toBe('2030-03-01');
  });

  it('moves a time by days and hours of wall-clock time, across a daylight-saving change', () => {
    const zone = 'Europe/Berlin';
    // Saturday 29 March 2030, 10:00 in Berlin (UTC+1); the clocks go forward that night.
    const at = '2030-03-30T09:00:00Z';
    expect(dayKey(at, zone)).toBe('2030-03-30');
    expect(shiftTime(at, zone, 1, 0)).toBe('2030-03-31T08:00:00Z');
    expect(shiftTime(at, zone, 0, -1)).toBe('2030-03-30T08:00:00Z');
    expect(onDay(at, zone, '2030-04-02')).toBe('2030-04-02T08:00:00Z');
    expect(dayKey('2030-03-30T23:30:00Z', zone)).toBe('2030-03-31');
  });

  it('names the weekday in the headings, before the date, in the user’s language', () => {
    // American English joins them date first ("4 Mon"): the heading still reads weekday, date.
    expect(dayHeading('2030-03-04', 'en-US')).toEqual({ weekday: 'Mon', date: '4' });
    expect(dayHeading('2030-03-05', 'en-GB')).toEqual({ weekday: 'Tue', date: '5' });
    expect(dayHeading('2030-03-10', 'de-DE')).toEqual({ weekday: 'So.', date: '10' });
    expect(dayHeading('2030-03-06', 'fr-FR')).toEqual({ weekday: 'mer.', date: '6' });
  });

  it('labels the hours as the user’s clock does', () => {
    expect([hourLabel(0, 'en-GB'), hourLabel(14, 'en-GB')]).toEqual(['00:00', '14:00']);
    expect([hourLabel(4, 'en-US'), hourLabel(14, 'en-US')]).toEqual(['4:00 AM', '2:00 PM']);
  });
});
