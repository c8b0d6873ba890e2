// Times in the Queue are read on the clocks of the account's own zone, which may not be the
// window's: the time and the day it falls on, there, written on the window's clock.
import { dayKey } from '../../lib/calendar-days';
import { windowClock } from '../../lib/clock.svelte';

/** "12:30" (en-GB), "12:30 PM" (en-US) on the clocks of `zone`. */
export function clockIn(iso: string, zone: string): string {
  return windowClock(iso, zone);
}

/** Consecutive items grouped by the day they fall on in `zone`, in their order. */
export function byDay<T>(
  items: readonly T[],
  at: (item: T) => string,
  zone: string,
): Array<{ day: string; items: T[] }> {
  const groups: Array<{ day: string; items: T[] }> = [];
  for (const item of items) {
    const day = dayKey(at(item), zone);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}
