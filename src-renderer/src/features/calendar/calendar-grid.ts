// The calendar's places, in the user's zone: a day of the month, or an hour of a day in the
// week. Where a chip sits in the week's hour grid, where the week opens, where a dropped chip
// goes, and when a post started from an empty place is planned. Pure, so each rule is a row of
// its test (test/unit/renderer/calendar-grid.test.ts).
import { onDay } from '../../lib/calendar-days';
import { zonedInputToUtc } from '../../lib/schedule-time';
import { lastAtOrBefore } from '@preload/last-at-or-before';

export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

/** The week opens here, unless something is planned earlier that week. */
export const OPENING_HOUR = 8;

/** A post started from a day of the month is planned at this hour of it. */
export const DAY_POST_HOUR = 9;

/** A day of the month (`hour` null), or an hour of a day in the week. */
export interface Cell {
  day: string;
  hour: number | null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "2030-03-04" for a day, "2030-03-04T14" for its 14:00. */
export function cellKey(cell: Cell): string {
  return cell.hour === null ? cell.day : `${cell.day}T${pad(cell.hour)}`;
}

/** The instant `hour` o'clock begins on `day` in `zone` (an hour the clocks skip: where they land). */
export function hourStart(day: string, hour: number, zone: string): string {
  return zonedInputToUtc(`${day}T${pad(hour)}:00`, zone);
}

/** The instants each hour of `days` begins at, day by day: 24 per day, in order. */
export function hourBounds(days: readonly string[], zone: string): number[] {
  return days.flatMap((day) => HOURS.map((hour) => Date.parse(hourStart(day, hour, zone))));
}

/**
 * The hour cell of each item with a time, by `cellKey`, in the order given. `bounds` are
 * hourBounds(days): an hour the clocks skip holds nothing, an hour they repeat holds both.
 */
export function placeByHour<T extends { at: string | null }>(
  items: readonly T[],
  days: readonly string[],
  bounds: readonly number[],
): Record<string, T[]> {
  const byCell: Record<string, T[]> = {};
  for (const item of items) {
    if (!item.at) continue;
    const index = lastAtOrBefore(bounds, Date.parse(item.at));
    if (index < 0) continue;
    const key = cellKey({ day: days[Math.floor(index / 24)]!, hour: index % 24 });
    (byCell[key] ??= []).push(item);
  }
  return byCell;
}

/** Each hour's start once, for planning.calendar's spans (an hour the clocks skip starts where the next does). */
export function hourSpans(bounds: readonly number[]): string[] {
  return [...new Set(bounds)].map((ms) => new Date(ms).toISOString());
}

/**
 * How many items each hour cell holds, from the counts of hourSpans(bounds): a skipped hour
 * holds none, and the span it shares is the next hour's (as placeByHour places them).
 */
export function hourCounts(
  days: readonly string[],
  bounds: readonly number[],
  counts: readonly number[],
): Record<string, number> {
  const byStart = new Map(hourSpans(bounds).map((iso, i) => [Date.parse(iso), counts[i] ?? 0]));
  const byCell: Record<string, number> = {};
  bounds.forEach((start, i) => {
    const key = cellKey({ day: days[Math.floor(i / 24)]!, hour: i % 24 });
    byCell[key] = bounds[i + 1] === start ? 0 : (byStart.get(start) ?? 0);
  });
  return byCell;
}

/** The hour the week is scrolled to: the working day's, or the first planned hour when earlier. */
export function openingHour(placedKeys: Iterable<string>): number {
  let hour = OPENING_HOUR;
  for (const key of placedKeys) hour = Math.min(hour, Number(key.slice(11, 13)));
  return hour;
}

/**
 * When a post started from `cell` is planned: the hour's start; for a day, its working
 * morning, or on today past that the next whole hour. Null when no time of it is ahead.
 */
export function plannedTime(cell: Cell, zone: string, now: number): string | null {
  if (cell.hour !== null) {
    const at = hourStart(cell.day, cell.hour, zone);
    return Date.parse(at) > now ? at : null;
  }
  // A day already gone is seen from its last hour, without converting each of them.
  if (Date.parse(hourStart(cell.day, 23, zone)) <= now) return null;
  for (let hour = DAY_POST_HOUR; hour < 24; hour++) {
    const at = hourStart(cell.day, hour, zone);
    if (Date.parse(at) > now) return at;
  }
  return null;
}

/**
 * Where a chip at `at` dropped on `cell` goes: an hour's start; on another day, its own time of
 * day kept. Null when it stays where it is.
 */
export function dropTime(at: string, cell: Cell, zone: string, currentCell: string): string | null {
  if (cellKey(cell) === currentCell) return null;
  return cell.hour === null ? onDay(at, zone, cell.day) : hourStart(cell.day, cell.hour, zone);
}

/**
 * The cell an arrow key moves the focus to among the empty places: in the week an hour up or
 * down and a day aside, in the month a day aside and a week up or down. Null: not an arrow, or
 * past the days shown.
 */
export function cellAfterKey(cell: Cell, key: string, days: readonly string[]): Cell | null {
  const index = days.indexOf(cell.day);
  if (index < 0) return null;
  const dayAt = (i: number): string | null => days[i] ?? null;
  const moves: Record<string, () => Cell | null> =
    cell.hour === null
      ? {
          ArrowLeft: () => at(dayAt(index - 1), null),
          ArrowRight: () => at(dayAt(index + 1), null),
          ArrowUp: () => at(dayAt(index - 7), null),
          ArrowDown: () => at(dayAt(index + 7), null),
        }
      : {
          ArrowLeft: () => at(dayAt(index - 1), cell.hour),
          ArrowRight: () => at(dayAt(index + 1), cell.hour),
          ArrowUp: () => (cell.hour! > 0 ? at(cell.day, cell.hour! - 1) : null),
          ArrowDown: () => (cell.hour! < 23 ? at(cell.day, cell.hour! + 1) : null),
        };
  return moves[key]?.() ?? null;
}

function at(day: string | null, hour: number | null): Cell | null {
  return day === null ? null : { day, hour };
}
