// The reader's clock: how a time and a week are written for whoever reads them. The locale
// decides the hour cycle ("4:00 AM" in en-US, "04:00" in de-DE), whether an hour has a leading
// zero, and the first day of the week (Sunday in en-US, Monday in en-GB and de-DE, Saturday in
// much of the Arab world); a person may override the first two in Settings.

/** ISO weekday: 1 is Monday, 7 is Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** What the person chose in Settings; `locale` follows the window's language. */
export type HourCyclePreference = 'locale' | 'h12' | 'h23';
export type WeekStartPreference = 'locale' | 'monday' | 'sunday' | 'saturday';

export interface ClockPreferences {
  hourCycle: HourCyclePreference;
  weekStart: WeekStartPreference;
}

export const LOCALE_CLOCK: ClockPreferences = { hourCycle: 'locale', weekStart: 'locale' };

export const HOUR_CYCLE_PREFERENCES = ['locale', 'h12', 'h23'] as const;
export const WEEK_START_PREFERENCES = ['locale', 'monday', 'sunday', 'saturday'] as const;

const CHOSEN_FIRST_DAY: Record<Exclude<WeekStartPreference, 'locale'>, IsoWeekday> = {
  monday: 1,
  saturday: 6,
  sunday: 7,
};

interface WeekInfo {
  firstDay: number;
}
type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The locale's own first day of the week, from its week data (Monday where none is known). */
export function localeFirstDay(locale?: string): IsoWeekday {
  try {
    const tag = new Intl.Locale(locale ?? new Intl.DateTimeFormat().resolvedOptions().locale);
    const withWeek = tag as LocaleWithWeek;
    // Newer engines have getWeekInfo(); older ones (Node 20) the weekInfo getter.
    const info = withWeek.getWeekInfo?.() ?? withWeek.weekInfo;
    const day = info?.firstDay;
    return day !== undefined && day >= 1 && day <= 7 ? (day as IsoWeekday) : 1;
  } catch {
    return 1;
  }
}

export function firstDayOfWeek(preferences: ClockPreferences, locale?: string): IsoWeekday {
  return preferences.weekStart === 'locale'
    ? localeFirstDay(locale)
    : CHOSEN_FIRST_DAY[preferences.weekStart];
}

/** The week's days in the reader's order, from its first day. */
export function weekdaysInOrder(first: IsoWeekday): IsoWeekday[] {
  return Array.from({ length: 7 }, (_, i) => (((first - 1 + i) % 7) + 1) as IsoWeekday);
}

/** The locale's own hour cycle: a 12-hour clock with AM and PM, or a 24-hour one. */
export function localeHourCycle(locale?: string): 'h12' | 'h23' {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12' ? 'h12' : 'h23';
}

const LEADING_ZERO = new Map<string, boolean>();

/** Whether the locale writes an early hour with a leading zero ("04:00" in de-DE, "4:00" in en-US). */
function hourHasLeadingZero(locale: string | undefined, hourCycle: 'h12' | 'h23'): boolean {
  const key = `${locale ?? ''}|${hourCycle}`;
  let zero = LEADING_ZERO.get(key);
  if (zero === undefined) {
    const parts = new Intl.DateTimeFormat(locale, { timeStyle: 'short', hourCycle, timeZone: 'UTC' })
      .formatToParts(Date.UTC(2000, 0, 1, 4))
      .find((p) => p.type === 'hour');
    zero = parts?.value.length === 2;
    LEADING_ZERO.set(key, zero);
  }
  return zero;
}

/**
 * The hour and minute fields of a time, as this reader's clock writes them; spread into other
 * `Intl.DateTimeFormat` options ("Tue 3 Dec, 4:00 AM").
 */
export function timeFields(
  preferences: ClockPreferences,
  locale?: string,
): Pick<Intl.DateTimeFormatOptions, 'hour' | 'minute' | 'hourCycle'> {
  const hourCycle = preferences.hourCycle === 'locale' ? localeHourCycle(locale) : preferences.hourCycle;
  return {
    hour: hourHasLeadingZero(locale, hourCycle) ? '2-digit' : 'numeric',
    minute: '2-digit',
    hourCycle,
  };
}

const FORMATS = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale, preferences, fields and zone: building an `Intl.DateTimeFormat` costs
 * far more than using one, and a month of a large library writes thousands of times.
 */
export function clockFormat(
  preferences: ClockPreferences,
  fields: Intl.DateTimeFormatOptions,
  options: { zone?: string; locale?: string; withTime?: boolean } = {},
): Intl.DateTimeFormat {
  const { zone, locale, withTime = true } = options;
  const key = JSON.stringify([locale ?? '', preferences, fields, zone ?? '', withTime]);
  let format = FORMATS.get(key);
  if (!format) {
    const time = withTime ? timeFields(preferences, locale) : {};
    format = new Intl.DateTimeFormat(locale, { ...fields, ...time, timeZone: zone });
    FORMATS.set(key, format);
  }
  return format;
}

/** "4:00 AM", "04:00": a time of day on the reader's clock, in `zone` (by default the runtime's). */
export function formatClock(
  iso: string,
  preferences: ClockPreferences,
  zone?: string,
  locale?: string,
): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : clockFormat(preferences, {}, { zone, locale }).format(ms);
}

/** "4:00 AM" for a wall-clock "HH:MM" (a posting time), on the reader's clock. */
export function formatWallClock(hhmm: string, preferences: ClockPreferences, locale?: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const ms = Date.UTC(2000, 0, 3, Number(match[1]), Number(match[2]));
  return clockFormat(preferences, {}, { zone: 'UTC', locale }).format(ms);
}

/** "Mon", "Mo", "月": a weekday's short name in the reader's language. */
export function weekdayName(day: IsoWeekday, locale?: string, width: 'short' | 'long' = 'short'): string {
  // 2000-01-03 was a Monday.
  const ms = Date.UTC(2000, 0, 2 + day);
  return clockFormat(LOCALE_CLOCK, { weekday: width }, { zone: 'UTC', locale, withTime: false }).format(ms);
}

/** The pieces of the date and time field: named for a screen reader, and what each shows while empty. */
export const DATE_PIECES = {
  year: { name: 'Year', empty: 'yyyy' },
  month: { name: 'Month', empty: 'mm' },
  day: { name: 'Day', empty: 'dd' },
  hour: { name: 'Hour', empty: '--' },
  minute: { name: 'Minute', empty: '--' },
  dayPeriod: { name: 'AM or PM', empty: '--' },
} as const;

/** The mouse's way to a day (the keyboard types it, or moves it with the arrow keys). */
export const PICK_A_DAY = 'Pick a day on a calendar';

/** What a screen reader hears for a piece not filled in yet. */
export const EMPTY_PIECE = 'Empty';

/** "December", "Dezember": a month's name in the reader's language (1 is January). */
export function monthName(month: number, locale?: string): string {
  return clockFormat(LOCALE_CLOCK, { month: 'long' }, { zone: 'UTC', locale, withTime: false }).format(
    Date.UTC(2000, month - 1, 1),
  );
}
