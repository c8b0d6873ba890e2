// Times in the Queue are read on the clocks of the account's own zone, which may not be the
// window's: "12:30" and the day it falls on, there.
import { dayKey } from '../../lib/calendar-days';

const CLOCKS = new Map<string, Intl.DateTimeFormat>();

/** "12:30" on the clocks of `zone`. */
export function clockIn(iso: string, zone: string): string {
  let format = CLOCKS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    });
    CLOCKS.set(zone, format);
  }
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : format.format(ms);
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
