// The day the tests live on. A test that reads "today" (the calendar's week, the queue's next
// slot, "tomorrow at 10:00") reads this instead of the machine's clock, so it runs the same on
// every day of the year. The sandbox's clock, the core's and the page's (Playwright's clock) all
// start here in the end-to-end harness.
//
// `OUTPOST_TEST_NOW` moves it (an ISO instant, or a name of BOUNDARY_DAYS), and
// `OUTPOST_TEST_ZONE` the window's zone: `npm run test:dates` runs the date-sensitive suites
// again on the days that break date code (the end of a week, of a month, of a year, a leap day,
// the clocks changing), east and west of UTC, so a date bug fails CI on any day, not on one day
// in seven.
import type { Clock } from '../../src-main/core/ports';

/**
 * A Wednesday in the middle of a month, far from a clock change east or west of UTC: a test
 * that meets a boundary here meets it because it asked to.
 */
export const QUIET_DAY = '2026-11-18T09:00:00.000Z';

/**
 * The days `.ci/run` runs the date-sensitive suites on, each chosen for what it breaks. Each
 * instant is the same day in Europe/Berlin (east of UTC) and in America/New_York (west).
 */
export const BOUNDARY_DAYS: Readonly<Record<string, string>> = {
  /** Tomorrow is Sunday, the last column of a Monday-first week; the month ends in two days. */
  'saturday-before-month-end': '2026-11-28T09:00:00.000Z',
  /** Today is Sunday: tomorrow is the first day of the next week. */
  'end-of-week': '2026-11-29T15:00:00.000Z',
  /** Tomorrow is another month and another year. */
  'end-of-year': '2026-12-31T15:00:00.000Z',
  /** A leap day: tomorrow is 1 March, and a year from now there is no 29 February. */
  'leap-day': '2028-02-29T12:00:00.000Z',
  /** Europe's clocks go forward tomorrow (02:00 does not exist in Berlin on 28 March 2027). */
  'eve-of-spring-forward': '2027-03-27T12:00:00.000Z',
  /** Europe's clocks go back tomorrow (02:00 to 03:00 happens twice in Berlin on 25 October 2026). */
  'eve-of-fall-back': '2026-10-24T12:00:00.000Z',
};

function fromEnvironment(): Date {
  const value = process.env.OUTPOST_TEST_NOW;
  if (!value) return new Date(QUIET_DAY);
  const named = BOUNDARY_DAYS[value];
  const date = new Date(named ?? value);
  if (Number.isNaN(date.getTime()))
    throw new Error(
      `OUTPOST_TEST_NOW="${value}" is neither an ISO instant nor one of: ${Object.keys(BOUNDARY_DAYS).join(', ')}.`,
    );
  return date;
}

/** The instant a test's clocks start at (`OUTPOST_TEST_NOW`, else a quiet Wednesday). */
export const TEST_NOW: Date = fromEnvironment();

/**
 * The window's zone in the date-sensitive end-to-end tests: Berlin (east of UTC), or
 * `OUTPOST_TEST_ZONE` (`.ci/run` runs them in New York, west of it, too).
 */
export const TEST_ZONE: string = process.env.OUTPOST_TEST_ZONE || 'Europe/Berlin';

/** A clock that starts at `start` and then runs at the speed of real time. */
export function clockFrom(start: Date = TEST_NOW): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}
