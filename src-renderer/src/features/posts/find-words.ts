// The post list's filters and order in words (issue 25): the bar names what the list shows
// ("X · Northwind · Scheduled · this week") and how it is ordered ("Sorted by last changed"),
// and turns "this week" into the instants the core compares, in the user's zone.
import type { PostFilter, PostSort, ProfileView, TimeRange } from '@preload/bridge';
import { platformName } from '../../lib/platforms';
import { STATE_WORDS } from '../../lib/state-words';
import { addDays, dayStart, todayIn, weekStart } from '../calendar/calendar-days';

/** When a variant goes out (its scheduled time, or its publication time once published). */
export type WhenChoice = 'any' | 'today' | 'week' | 'next7' | 'month' | 'dates';

export interface When {
  choice: WhenChoice;
  /** For `dates`: the first and the last day ("YYYY-MM-DD", both included); '' leaves it open. */
  from: string;
  to: string;
}

export const ANY_TIME: When = { choice: 'any', from: '', to: '' };

export const WHEN_OPTIONS: ReadonlyArray<{ value: WhenChoice; label: string }> = [
  { value: 'any', label: 'Any time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'next7', label: 'Next 7 days' },
  { value: 'month', label: 'This month' },
  { value: 'dates', label: 'Between dates…' },
];

export const SORT_OPTIONS: ReadonlyArray<{ value: PostSort; label: string; name: string }> = [
  { value: 'changed', label: 'Last changed', name: 'Sorted by last changed' },
  { value: 'scheduled', label: 'Scheduled time', name: 'Sorted by scheduled time' },
  { value: 'title', label: 'Title', name: 'Sorted by title' },
  { value: 'created', label: 'Date created', name: 'Sorted by date created' },
];

/** "Sorted by last changed" */
export function sortName(sort: PostSort): string {
  return SORT_OPTIONS.find((o) => o.value === sort)?.name ?? 'Sorted by last changed';
}

export interface ListFilters {
  platform: string | null;
  account: string | null;
  state: PostFilter;
  when: When;
}

export function hasFilters(f: ListFilters): boolean {
  return f.platform !== null || f.account !== null || f.state !== 'all' || whenName(f.when) !== '';
}

/** The instants [from, to) a choice of days stands for in `zone`; null: any time. */
export function timeRangeOf(when: When, zone: string, now: number = Date.now()): TimeRange | null {
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
      return between(weekStart(today), addDays(weekStart(today), 7));
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

const DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayText = (day: string): string => DAY.format(Date.parse(`${day}T00:00:00Z`));

export function whenName(when: When): string {
  switch (when.choice) {
    case 'any':
      return '';
    case 'dates':
      if (when.from !== '' && when.to !== '') return `${dayText(when.from)} – ${dayText(when.to)}`;
      if (when.from !== '') return `from ${dayText(when.from)}`;
      return when.to !== '' ? `until ${dayText(when.to)}` : '';
    case 'next7':
      return 'next 7 days';
    default:
      return (WHEN_OPTIONS.find((o) => o.value === when.choice)?.label ?? '').toLowerCase();
  }
}

/** An account by the name the window gives it elsewhere: its label, else its platform and id. */
export function accountName(id: string, profiles: readonly ProfileView[]): string {
  const profile = profiles.find((p) => p.id === id);
  if (!profile) return `account ${id}`;
  return profile.label ?? `${platformName(profile.platform)} account ${id}`;
}

/** "X · Northwind · Scheduled · this week"; '' when the list is not filtered. */
export function filterName(f: ListFilters, profiles: readonly ProfileView[]): string {
  const parts = [
    f.platform === null ? '' : platformName(f.platform),
    f.account === null ? '' : accountName(f.account, profiles),
    f.state === 'all' ? '' : STATE_WORDS[f.state],
    whenName(f.when),
  ];
  return parts.filter((p) => p !== '').join(' · ');
}
