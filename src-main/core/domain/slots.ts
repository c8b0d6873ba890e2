// Posting slots: an account's weekly times (Mon-Fri 09:00 and 12:30...) in its own zone, as
// the instants they fall on, and the next free one. Pure arithmetic over numbers (instants in
// milliseconds), so Add to queue can place hundreds of variants in memory.
//
// Daylight-saving changes, decided once (the schedule field's rule, src-preload/zoned-time.ts):
// - a slot time a spring change skips (02:30 on the day Berlin goes from 02:00 to 03:00) falls
//   at the same distance past the gap, 03:30 that day, as clocks move; when the account also
//   has a 03:30 slot, the two are one instant that day and hold one post;
// - a slot time an autumn change has twice (01:30 on the day New York goes back from 02:00 to
//   01:00) happens once, at its first occurrence.
import type { PostingSlot } from '@preload/bridge';
import { minuteOf } from '@preload/posting-times';
import { instantOfWall, wallOf } from '@preload/zoned-time';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface WeeklySlots {
  /** The IANA zone the times are in. */
  zone: string;
  slots: readonly PostingSlot[];
}

/** ISO weekday (Mon 1 ... Sun 7) of a wall-clock value. */
function weekdayOfWall(wall: number): number {
  return ((new Date(wall).getUTCDay() + 6) % 7) + 1;
}

/** Each weekday's slot minutes, sorted. */
function minutesByWeekday(slots: readonly PostingSlot[]): number[][] {
  const days: number[][] = Array.from({ length: 8 }, () => []);
  for (const s of slots) days[s.weekday]!.push(minuteOf(s.time));
  for (const list of days) list.sort((a, b) => a - b);
  return days;
}

/**
 * Every slot instant after `afterMs`, in time order, each once: an endless sequence while the
 * account has slots (the caller stops), none when it has none.
 */
export function* slotInstants(schedule: WeeklySlots, afterMs: number): Generator<number> {
  if (schedule.slots.length === 0) return;
  const minutes = minutesByWeekday(schedule.slots);
  const wall = wallOf(afterMs, schedule.zone);
  let day = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  let last = afterMs;
  for (;;) {
    const instants = minutes[weekdayOfWall(day)]!.map((m) =>
      instantOfWall(day + m * MINUTE_MS, schedule.zone),
    ).sort((a, b) => a - b);
    for (const at of instants) {
      // Strictly later than the last one given: a skipped time that lands on another slot
      // (see the header) is given once.
      if (at > last) {
        last = at;
        yield at;
      }
    }
    day += DAY_MS;
  }
}

/** Slot instants in [fromMs, toMs), in time order. */
export function slotsBetween(schedule: WeeklySlots, fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (const at of slotInstants(schedule, fromMs - 1)) {
    if (at >= toMs) break;
    out.push(at);
  }
  return out;
}

/**
 * The slots after `afterMs` that no instant of `taken` holds, in time order. `taken` is read as
 * the sequence goes on, so a caller that takes each slot it is given (adding it to `taken`)
 * asks for the next one without walking again over those before: placing n variants is O(n).
 */
export function* freeSlots(
  schedule: WeeklySlots,
  afterMs: number,
  taken: ReadonlySet<number>,
): Generator<number> {
  for (const at of slotInstants(schedule, afterMs)) if (!taken.has(at)) yield at;
}

/**
 * The first slot after `afterMs` that no instant of `taken` holds; null when the account has
 * no slots. `taken` is finite, so a free one is always found.
 */
export function nextFreeSlot(
  schedule: WeeklySlots,
  afterMs: number,
  taken: ReadonlySet<number>,
): number | null {
  const next = freeSlots(schedule, afterMs, taken).next();
  return next.done ? null : next.value;
}
