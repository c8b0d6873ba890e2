// The window's clock: the person's Settings (12- or 24-hour clock, first day of the week) over
// the window's locale. Reactive: a view that writes a time through these reads the preferences,
// so changing them in Settings rewrites every time on screen without a reload.
import { formatWhen } from '@preload/words/instants';
import {
  clockFormat,
  firstDayOfWeek,
  formatClock,
  LOCALE_CLOCK,
  type ClockPreferences,
  type IsoWeekday,
} from '@preload/words/clock';

export const clock = $state<ClockPreferences>({ ...LOCALE_CLOCK });

/** Takes the preferences Settings holds. */
export function useClock(preferences: ClockPreferences): void {
  clock.hourCycle = preferences.hourCycle;
  clock.weekStart = preferences.weekStart;
}

/** The window's preferences as they are now, read so that a view follows their changes. */
export function clockNow(): ClockPreferences {
  return { hourCycle: clock.hourCycle, weekStart: clock.weekStart };
}

/** The first day of the window's week. */
export function firstDay(): IsoWeekday {
  return firstDayOfWeek(clockNow());
}

/** A formatter with the time fields of the window's clock added to `fields`. */
export function windowFormat(fields: Intl.DateTimeFormatOptions, zone?: string): Intl.DateTimeFormat {
  return clockFormat(clockNow(), fields, { zone });
}

/** "4:00 AM" or "04:00", in `zone` (by default the window's). */
export function windowClock(iso: string, zone?: string): string {
  return formatClock(iso, clockNow(), zone);
}

/** "Tue, Mar 3, 2:00 PM": an instant inside the core's words, as the window writes it. */
export function windowWhen(iso: string): string {
  return formatWhen(iso, clockNow());
}

/** An hour of the day as the user's clock shows it: "14:00" (en-GB), "2:00 PM" (en-US). */
export function hourLabel(hour: number, locale?: string): string {
  return clockFormat(clockNow(), {}, { zone: 'UTC', locale }).format(Date.UTC(2000, 0, 1, hour));
}
