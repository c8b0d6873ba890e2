// The post list's filters and order in words: the bar names what the list shows
// ("X · Northwind · Scheduled · this week") and how it is ordered ("Sorted by last changed").
import type { PostSort, ProfileView } from '@preload/bridge';
import { platformName } from '../../lib/platforms';
import type { ListFilters, When, WhenChoice } from '../../lib/state/list-filters';
import { STATE_LABELS } from '@preload/words/states';

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

const DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayText = (day: string): string => DAY.format(Date.parse(`${day}T00:00:00Z`));

/** The button that puts rows kept in place back in the list's order, and what it does. */
export const RESORT = {
  label: 'Re-sort',
  title: (sort: PostSort): string =>
    `${sortName(sort)}: rows keep their places while you work; this puts them in order`,
} as const;

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
    f.state === 'all' ? '' : STATE_LABELS[f.state],
    whenName(f.when),
  ];
  return parts.filter((p) => p !== '').join(' · ');
}
