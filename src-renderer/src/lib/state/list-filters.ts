// What the post list can be narrowed to, and the instants a choice of days stands for in the
// user's zone: the core compares instants, the person chooses days ("this week").
import type { PostFilter, TimeRange } from '@preload/bridge';
import type { IsoWeekday } from '@preload/words/clock';
import { addDays, dayStart, todayIn, weekStart } from '../calendar-days';
import { firstDay } from '../clock.svelte';

/** When a variant goes out (its scheduled time, or its publication time once published). */
export type WhenChoice = 'any' | 'today' | 'week' | 'next7' | 'month' | 'dates';

export interface When {
  choice: WhenChoice;
  /** For `dates`: the first and the last day ("YYYY-MM-DD", both included); '' leaves it open. */
  from: string;
  to: string;
}

export const ANY_TIME: When = { choice: 'any', from: '', to: '' };

export interface ListFilters {
  platform: string | null;
  account: string | null;
  state: PostFilter;
  when: When;
}

/** Any time: no choice, or "between dates" with no day chosen yet. */
export function isAnyTime(when: When): boolean {
  return when.choice === 'any' || (when.choice === 'dates' && when.from === '' && when.to === '');
}

export function hasFilters(f: ListFilters): boolean {
  return f.platform !== null || f.account !== null || f.state !== 'all' || !isAnyTime(f.when);
}

/**
 * The instants [from, to) a choice of days stands for in `zone`; null: any time. "This week"
 * starts on the reader's first day of the week.
 */
export function timeRangeOf(
  when: When,
  zone: string,
  now: number = Date.now(),
  first: IsoWeekday = firstDay(),
): TimeRange | null {
  const today = todayIn(zone, now);
  const between = (first: string, afterLast: string): TimeRange => ({
    from: dayStart(first, zone),
    to: dayStart(afterLast, zone),
  });
  switch (when.choice) {
    case 'any':
      return null;
    case 'today':
      return between(today, addDays(today, 1));
    case 'week':
      return between(weekStart(today, first), addDays(weekStart(today, first), 7));
    case 'next7':
      return between(today, addDays(today, 7));
    case 'month': {
      const first = `${today.slice(0, 8)}01`;
      return between(first, `${addDays(first, 31).slice(0, 8)}01`);
    }
    case 'dates': {
      if (when.from === '' && when.to === '') return null;
      const range: TimeRange = {};
      if (when.from !== '') range.from = dayStart(when.from, zone);
      if (when.to !== '') range.to = dayStart(addDays(when.to, 1), zone);
      return range;
    }
  }
}
