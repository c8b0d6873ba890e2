// How a bulk reschedule moves each time: by an amount the user types ("+1 day", "-2 h",
// "+1 week 3 h") or onto a day, keeping each time of day. The window parses what is typed
// and says what is wrong before anything is asked; the core applies the same shift to each
// variant's own time (src-main/core/app/bulk-times.ts).
import type { TimeShift } from './bridge';
import { isDay, onDay, shiftTime } from './zoned-time';

export type ShiftParse = { ok: true; shift: TimeShift } | { ok: false; message: string };

const UNITS: ReadonlyArray<{ words: readonly string[]; days: number; minutes: number }> = [
  { words: ['w', 'wk', 'wks', 'week', 'weeks'], days: 7, minutes: 0 },
  { words: ['d', 'day', 'days'], days: 1, minutes: 0 },
  { words: ['h', 'hr', 'hrs', 'hour', 'hours'], days: 0, minutes: 60 },
  { words: ['m', 'min', 'mins', 'minute', 'minutes'], days: 0, minutes: 1 },
];

/** Ten years either way: further is a typing mistake, not a plan. */
const MAX_DAYS = 3_660;

const EXAMPLE = 'for example +1 day, -2 h or +1 week 3 h';

/** What the user typed, as a shift; or why it is not one, in words. */
export function parseTimeShift(text: string): ShiftParse {
  const trimmed = text.trim().toLowerCase();
  const signed = /^([+-])?\s*(.*)$/.exec(trimmed);
  const sign = signed?.[1] === '-' ? -1 : 1;
  const body = signed?.[2] ?? '';
  const part = /(\d+)\s*([a-z]+)[\s,]*/y;
  let days = 0;
  let minutes = 0;
  let at = 0;
  while (at < body.length) {
    part.lastIndex = at;
    const match = part.exec(body);
    const unit = match ? UNITS.find((u) => u.words.includes(match[2] ?? '')) : undefined;
    if (!match || !unit) return { ok: false, message: `Say how far to move them, ${EXAMPLE}.` };
    const amount = Number(match[1]);
    days += amount * unit.days;
    minutes += amount * unit.minutes;
    at = part.lastIndex;
  }
  if (body === '' || (days === 0 && minutes === 0))
    return { ok: false, message: `Say how far to move them, ${EXAMPLE}.` };
  if (days + minutes / 1_440 > MAX_DAYS)
    return { ok: false, message: 'That is more than ten years: move them by less.' };
  // A zero keeps its sign otherwise (-0), which JSON and the core's checks read as 0 anyway.
  return {
    ok: true,
    shift: { by: { days: days === 0 ? 0 : sign * days, minutes: minutes === 0 ? 0 : sign * minutes } },
  };
}

/** Why a shift the core was sent cannot be applied, or null. */
export function shiftProblem(shift: TimeShift): string | null {
  if ('toDay' in shift) return isDay(shift.toDay) ? null : `"${shift.toDay}" is not a day (YYYY-MM-DD).`;
  const { days, minutes } = shift.by;
  if (!Number.isInteger(days) || !Number.isInteger(minutes)) return 'A shift is whole days and minutes.';
  if (days === 0 && minutes === 0) return 'A shift of nothing moves nothing.';
  if (Math.abs(days) + Math.abs(minutes) / 1_440 > MAX_DAYS) return 'A shift is at most ten years.';
  return null;
}

/**
 * The time `iso` takes after `shift`, on the wall clock of `zone`: days keep the time of day
 * across a daylight-saving change, hours and minutes are time that passes.
 */
export function applyShift(iso: string, shift: TimeShift, zone: string): string {
  if ('toDay' in shift) return new Date(onDay(iso, zone, shift.toDay)).toISOString();
  const moved = shift.by.days === 0 ? iso : shiftTime(iso, zone, shift.by.days, 0);
  return new Date(Date.parse(moved) + shift.by.minutes * 60_000).toISOString();
}
