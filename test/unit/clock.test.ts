import { describe, expect, it } from 'vitest';
import { describePostingTimes } from '@preload/posting-times';
import {
  firstDayOfWeek,
  formatClock,
  formatWallClock,
  LOCALE_CLOCK,
  weekdaysInOrder,
  type ClockPreferences,
} from '@preload/words/clock';
import { visibleDays, weekStart } from '../../src-renderer/src/lib/calendar-days';

const EARLY = '2026-12-03T04:05:00Z'; // a Thursday
const LATE = '2026-12-03T16:05:00Z';
const H12: ClockPreferences = { hourCycle: 'h12', weekStart: 'locale' };
const H23: ClockPreferences = { hourCycle: 'h23', weekStart: 'locale' };
const WEEKDAYS_AT_NINE = [1, 2, 3, 4, 5].map((weekday) => ({ weekday: weekday as 1, time: '09:00' }));
const POSTING_TIMES = [...WEEKDAYS_AT_NINE, { weekday: 6 as const, time: '10:30' }];

describe("the reader's clock, per locale", () => {
  it.each([
    // locale, early, late, first day of the week (ISO), posting times
    ['en-US', '4:05 AM', '4:05 PM', 7, 'Mon–Fri 9:00 AM; Sat 10:30 AM'],
    ['en-GB', '04:05', '16:05', 1, 'Mon–Fri 09:00; Sat 10:30'],
    ['de-DE', '04:05', '16:05', 1, 'Mo–Fr 09:00; Sa 10:30'],
    ['ja-JP', '4:05', '16:05', 7, '月–金 9:00; 土 10:30'],
  ] as const)(
    '%s: %s and %s, the week from day %i, posting times "%s"',
    (locale, early, late, first, times) => {
      expect(formatClock(EARLY, LOCALE_CLOCK, 'UTC', locale)).toBe(early);
      expect(formatClock(LATE, LOCALE_CLOCK, 'UTC', locale)).toBe(late);
      expect(firstDayOfWeek(LOCALE_CLOCK, locale)).toBe(first);
      expect(describePostingTimes(POSTING_TIMES, LOCALE_CLOCK, locale)).toBe(times);
    },
  );

  it('ar-EG: its own digits and a week from Saturday', () => {
    expect(formatClock(EARLY, LOCALE_CLOCK, 'UTC', 'ar-EG')).toBe('٤:٠٥ ص');
    expect(formatWallClock('16:05', H23, 'ar-EG')).toBe('١٦:٠٥');
    expect(firstDayOfWeek(LOCALE_CLOCK, 'ar-EG')).toBe(6);
    expect(weekdaysInOrder(6)).toEqual([6, 7, 1, 2, 3, 4, 5]);
  });

  it('a chosen clock overrides the locale’s, both ways, keeping the locale’s own digits and words', () => {
    expect(formatClock(LATE, H23, 'UTC', 'en-US')).toBe('16:05');
    expect(formatClock(LATE, H12, 'UTC', 'de-DE')).toMatch(/^0?4:05\s?PM$/);
    expect(formatWallClock('09:00', H23, 'en-US')).toBe('09:00');
  });

  it('a chosen first day overrides the locale’s', () => {
    expect(firstDayOfWeek({ hourCycle: 'locale', weekStart: 'monday' }, 'en-US')).toBe(1);
    expect(firstDayOfWeek({ hourCycle: 'locale', weekStart: 'sunday' }, 'de-DE')).toBe(7);
    expect(firstDayOfWeek({ hourCycle: 'locale', weekStart: 'saturday' }, 'en-GB')).toBe(6);
  });
});

describe('weeks from the reader’s first day', () => {
  it('a week from Sunday, Monday or Saturday holds the day it is asked for', () => {
    // 2026-12-03 is a Thursday; 2026-11-29 the Sunday before it.
    expect(weekStart('2026-12-03', 7)).toBe('2026-11-29');
    expect(weekStart('2026-12-03', 1)).toBe('2026-11-30');
    expect(weekStart('2026-12-03', 6)).toBe('2026-11-28');
    // On its own first day, a week starts that day.
    expect(weekStart('2026-11-29', 7)).toBe('2026-11-29');
    expect(weekStart('2026-11-28', 6)).toBe('2026-11-28');
  });

  it('a month from Sunday starts on the Sunday on or before the 1st and ends on a Saturday after the last', () => {
    const days = visibleDays('2026-11-15', 'month', 7);
    expect(days[0]).toBe('2026-11-01'); // a Sunday
    expect(days.at(-1)).toBe('2026-12-05'); // the Saturday after the 30th
    expect(days.length % 7).toBe(0);
    // A year's turn: January 2027 from Sunday starts on 27 December.
    expect(visibleDays('2027-01-10', 'month', 7)[0]).toBe('2026-12-27');
  });
});
