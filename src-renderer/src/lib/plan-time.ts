// Short times for chips and lists, in the user's zone, language and clock.
import { windowClock, windowFormat } from './clock.svelte';

const SHORT_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

/** "24 Nov, 10:00" (en-GB), "Nov 24, 10:00 AM" (en-US) */
export function shortDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : windowFormat(SHORT_DATE).format(ms);
}

/** "10:00" (en-GB), "10:00 AM" (en-US) */
export function clockTime(iso: string): string {
  return windowClock(iso);
}

const MEDIUM_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** A timestamp in the user's zone, language and clock, for lists and badges: "Dec 3, 2026, 4:00 AM". */
export function formatLocal(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return windowFormat(MEDIUM_DATE, timeZone).format(ms);
}

const WITH_SECONDS: Intl.DateTimeFormatOptions = { ...MEDIUM_DATE, second: '2-digit' };

/** "Dec 3, 2026, 4:00:12 AM": for versions a few seconds apart, which must be told apart. */
export function formatLocalSeconds(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : windowFormat(WITH_SECONDS).format(ms);
}
