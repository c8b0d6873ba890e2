// Calendar arithmetic on the user's wall clock: days are "YYYY-MM-DD" strings in the user's
// zone, so a week or a month is the same set of days whatever the UTC offset, and moving a
// chip by a day keeps its time of day across a daylight-saving change.
import type { IsoWeekday } from '@preload/words/clock';
import { zonedInputToUtc } from './schedule-time';
// Moving a time on the wall clock is shared with the core (a bulk reschedule moves times alike).
export { onDay, shiftTime } from '@preload/zoned-time';

const DAY_MS = 86_400_000;

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  return dayOf(Date.UTC(y, m - 1, d + n));
}

/**
 * The first day of the week `day` is in, for a week that starts on `firstDay` (ISO: 1 is
 * Monday, 7 is Sunday, 6 is Saturday).
 */
export function weekStart(day: string, firstDay: IsoWeekday = 1): string {
  const [y, m, d] = parts(day);
  const isoWeekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
  return addDays(day, -((isoWeekday - firstDay + 7) % 7));
}

/** The days shown for the week or the month around `day`: whole weeks, from `firstDay`. */
export function visibleDays(day: string, mode: 'week' | 'month', firstDay: IsoWeekday = 1): string[] {
  let first: string;
  let count: number;
  if (mode === 'week') {
    first = weekStart(day, firstDay);
    count = 7;
  } else {
    const [y, m] = parts(day);
    first = weekStart(dayOf(Date.UTC(y, m - 1, 1)), firstDay);
    const last = dayOf(Date.UTC(y, m, 0));
    count = Math.round((Date.parse(addDays(weekStart(last, firstDay), 7)) - Date.parse(first)) / DAY_MS);
  }
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** The step of "previous" and "next": a week, or the same day of the next month. */
export function stepAnchor(day: string, mode: 'week' | 'month', direction: 1 | -1): string {
  if (mode === 'week') return addDays(day, 7 * direction);
  const [y, m] = parts(day);
  return dayOf(Date.UTC(y, m - 1 + direction, 1));
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one, and a
// month of a large library places thousands of items.
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** The day an instant falls on in `zone`. */
export function dayKey(iso: string, zone: string): string {
  let format = DAY_FORMATS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    DAY_FORMATS.set(zone, format);
  }
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`"${iso}" is not a timestamp.`);
  const parts = format.formatToParts(ms);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The day it is now in `zone`. */
export function todayIn(zone: string, now: number = Date.now()): string {
  return dayKey(new Date(now).toISOString(), zone);
}

/** The instant a day starts in `zone`. */
export function dayStart(day: string, zone: string): string {
  return zonedInputToUtc(`${day}T00:00`, zone);
}

const LONG = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

function utcMs(day: string): number {
  const [y, m, d] = parts(day);
  return Date.UTC(y, m - 1, d);
}

/** "Monday 24 November" */
export function longDay(day: string): string {
  return LONG.format(utcMs(day));
}
/** A column's heading: the weekday's short name and the day of the month, in the user's language. */
export interface DayHeading {
  weekday: string;
  date: string;
}

const HEADINGS = new Map<string, Intl.DateTimeFormat>();

/**
 * "Mon" and "24" (en), "Mo." and "24" (de), as the locale writes them. Apart, because the
 * locale's own joined form may put the date first ("24 Mon" in American English), which read
 * as a column of dates where the weekday belongs.
 */
export function dayHeading(day: string, locale?: string): DayHeading {
  const key = locale ?? '';
  let format = HEADINGS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
    HEADINGS.set(key, format);
  }
  const parts = format.formatToParts(utcMs(day));
  return {
    weekday: parts.find((p) => p.type === 'weekday')?.value ?? '',
    date: parts.find((p) => p.type === 'day')?.value ?? '',
  };
}

/** "November 2030" */
export function monthLabel(day: string): string {
  return MONTH.format(utcMs(day));
}
