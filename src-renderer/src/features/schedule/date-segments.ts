// The date and time field as pieces a person changes one at a time: day, month, year, hour,
// minute and, on a 12-hour clock, AM or PM, in the order the window's locale writes them. The
// field is one Tab stop; arrow keys move between the pieces and change them, digits type them.
// Its value is the wall-clock "YYYY-MM-DDTHH:MM" the schedule has always used, or '' until
// every piece is filled in and the day exists.

export type SegmentKind = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'dayPeriod';
export type Piece = { kind: SegmentKind } | { kind: 'literal'; text: string };
export type HourCycle = 'h12' | 'h23';

/** The pieces as typed so far; `hour` is 0-23, `pm` the half of the day chosen before an hour was. */
export interface DateTimeParts {
  year: number | null;
  month: number | null;
  day: number | null;
  hour: number | null;
  minute: number | null;
  pm: boolean | null;
}

export const NO_PARTS: DateTimeParts = {
  year: null,
  month: null,
  day: null,
  hour: null,
  minute: null,
  pm: null,
};

const PIECE_KINDS = new Set<string>(['year', 'month', 'day', 'hour', 'minute', 'dayPeriod']);

/** The pieces in the order the locale writes a date and time, with what stands between them. */
export function layoutFor(locale: string | undefined, cycle: HourCycle): Piece[] {
  const format = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: cycle,
    calendar: 'gregory',
    timeZone: 'UTC',
  });
  const pieces: Piece[] = [];
  for (const part of format.formatToParts(Date.UTC(2006, 10, 23, 15, 45))) {
    if (PIECE_KINDS.has(part.type)) pieces.push({ kind: part.type as SegmentKind });
    else if (part.type === 'literal') pieces.push({ kind: 'literal', text: part.value });
  }
  return pieces;
}

export function daysIn(year: number | null, month: number | null): number {
  if (month === null) return 31;
  return new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The pieces of "YYYY-MM-DDTHH:MM"; none for anything else. */
export function partsOf(value: string): DateTimeParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return NO_PARTS;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { year, month, day, hour, minute, pm: hour >= 12 };
}

/** "YYYY-MM-DDTHH:MM" once every piece is there and the day exists; '' until then. */
export function valueOf(p: DateTimeParts): string {
  const { year, month, day, hour, minute } = p;
  if (year === null || month === null || day === null || hour === null || minute === null) return '';
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return '';
  if (hour > 23 || minute > 59) return '';
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}`;
}

/** The lowest and highest a piece shows (the hour as the clock writes it). */
export function rangeOf(kind: SegmentKind, p: DateTimeParts, cycle: HourCycle): [number, number] {
  switch (kind) {
    case 'year':
      return [1, 9999];
    case 'month':
      return [1, 12];
    case 'day':
      return [1, daysIn(p.year, p.month)];
    case 'hour':
      return cycle === 'h12' ? [1, 12] : [0, 23];
    case 'minute':
      return [0, 59];
    case 'dayPeriod':
      return [0, 1];
  }
}

/** What a piece shows as a number (the hour on a 12-hour clock: 1-12; AM 0, PM 1); null when empty. */
export function shownNumber(kind: SegmentKind, p: DateTimeParts, cycle: HourCycle): number | null {
  if (kind === 'hour') return p.hour === null ? null : cycle === 'h12' ? p.hour % 12 || 12 : p.hour;
  if (kind === 'dayPeriod') {
    const pm = isPm(p);
    return pm === null ? null : Number(pm);
  }
  return p[kind];
}

function isPm(p: DateTimeParts): boolean | null {
  return p.hour === null ? p.pm : p.hour >= 12;
}

/** The pieces with one piece set to what it shows as `n` (the day kept within its month). */
function withShown(p: DateTimeParts, kind: SegmentKind, n: number | null, cycle: HourCycle): DateTimeParts {
  if (kind === 'dayPeriod') {
    const pm = n === 1;
    return { ...p, pm, hour: p.hour === null ? null : (p.hour % 12) + (pm ? 12 : 0) };
  }
  if (kind === 'hour' && n !== null && cycle === 'h12') {
    return { ...p, hour: (n % 12) + (isPm(p) ? 12 : 0) };
  }
  const next = { ...p, [kind]: n };
  if ((kind === 'month' || kind === 'year') && next.day !== null)
    next.day = Math.min(next.day, daysIn(next.year, next.month));
  return next;
}

/** Clears one piece: the value is '' until it is filled in again. */
export function cleared(p: DateTimeParts, kind: SegmentKind): DateTimeParts {
  return kind === 'dayPeriod' ? { ...p, pm: null, hour: null } : { ...p, [kind]: null };
}

/**
 * Arrow Up (+1) or Down (-1): the piece goes round its range (a year stays within its own). An
 * empty piece starts at what `now` has there.
 */
export function stepped(
  p: DateTimeParts,
  kind: SegmentKind,
  delta: number,
  cycle: HourCycle,
  now: DateTimeParts,
): DateTimeParts {
  const current = shownNumber(kind, p, cycle);
  if (current === null) return withShown(p, kind, shownNumber(kind, now, cycle), cycle);
  const [low, high] = rangeOf(kind, p, cycle);
  if (kind === 'year') return withShown(p, kind, Math.min(high, Math.max(low, current + delta)), cycle);
  const size = high - low + 1;
  return withShown(p, kind, low + ((((current - low + delta) % size) + size) % size), cycle);
}

/** Home or End: the piece's lowest or highest. */
export function atEnd(
  p: DateTimeParts,
  kind: SegmentKind,
  end: 'low' | 'high',
  cycle: HourCycle,
): DateTimeParts {
  const [low, high] = rangeOf(kind, p, cycle);
  return withShown(p, kind, end === 'low' ? low : high, cycle);
}

/**
 * A digit typed into a piece after the digits `entry` already typed there. The piece takes the
 * number they make, or starts again from this digit when that would be too large; `done` when
 * no further digit could fit, so the caret goes on to the next piece (as a native field does).
 */
export function typed(
  p: DateTimeParts,
  kind: SegmentKind,
  entry: string,
  digit: string,
  cycle: HourCycle,
): { parts: DateTimeParts; entry: string; done: boolean } {
  if (kind === 'dayPeriod') return { parts: p, entry: '', done: false };
  const [, high] = rangeOf(kind, { ...p, day: null }, cycle);
  const width = kind === 'year' ? 4 : 2;
  let next = entry + digit;
  if (Number(next) > high) next = digit;
  const n = Number(next);
  const done = next.length >= width || n * 10 > high;
  // A leading zero waits for the digit after it (a 0 month or day is no month or day).
  const shown = n === 0 && kind !== 'minute' && !(kind === 'hour' && cycle === 'h23') ? null : n;
  const parts = shown === null ? { ...p, [kind]: null } : withShown(p, kind, shown, cycle);
  return { parts, entry: done ? '' : next, done };
}

/** A or P typed into the AM/PM piece (the first letter of the locale's own words too). */
export function typedPeriod(
  p: DateTimeParts,
  key: string,
  names: { am: string; pm: string },
): DateTimeParts | null {
  const k = key.toLocaleLowerCase();
  if (k === 'a' || k === names.am.charAt(0).toLocaleLowerCase()) return withShown(p, 'dayPeriod', 0, 'h12');
  if (k === 'p' || k === names.pm.charAt(0).toLocaleLowerCase()) return withShown(p, 'dayPeriod', 1, 'h12');
  return null;
}

/** The locale's words for the two halves of the day ("AM", "PM"). */
export function periodNames(locale: string | undefined): { am: string; pm: string } {
  const format = new Intl.DateTimeFormat(locale, { hour: 'numeric', hourCycle: 'h12', timeZone: 'UTC' });
  const name = (hour: number): string =>
    format.formatToParts(Date.UTC(2000, 0, 1, hour)).find((part) => part.type === 'dayPeriod')?.value ??
    (hour < 12 ? 'AM' : 'PM');
  return { am: name(1), pm: name(13) };
}
