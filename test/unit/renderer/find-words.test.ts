// The post list's filters and order in words.
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '@preload/bridge';
import { filterName, sortName, whenName } from '../../../src-renderer/src/features/posts/find-words';
import { ANY_TIME, hasFilters, type ListFilters } from '../../../src-renderer/src/lib/state/list-filters';

const PROFILES: ProfileView[] = [
  { id: '101', platform: 'x', isActive: true, label: 'Northwind' },
  { id: '102', platform: 'linkedin', isActive: true, label: null },
];
const none: ListFilters = { platform: null, account: null, state: 'all', when: ANY_TIME };

describe('the filter’s name', () => {
  it('names each filter set, in one line, and nothing when none is', () => {
    expect(filterName(none, PROFILES)).toBe('');
    expect(hasFilters(none)).toBe(false);
    const all: ListFilters = {
      platform: 'x',
      account: '101',
      state: 'scheduled',
      when: { choice: 'week', from: '', to: '' },
    };
    expect(filterName(all, PROFILES)).toBe('X · Northwind · Scheduled · this week');
    expect(hasFilters(all)).toBe(true);
    expect(filterName({ ...none, account: '102' }, PROFILES)).toBe('LinkedIn account 102');
    expect(filterName({ ...none, account: 'gone' }, PROFILES)).toBe('account gone');
    expect(filterName({ ...none, state: 'needs_approval' }, PROFILES)).toBe('Waiting for sign-off');
  });

  it('names the times: a preset, or the days chosen, open at either end', () => {
    expect(whenName({ choice: 'today', from: '', to: '' })).toBe('today');
    expect(whenName({ choice: 'next7', from: '', to: '' })).toBe('next 7 days');
    expect(whenName({ choice: 'month', from: '', to: '' })).toBe('this month');
    const day = (d: string) =>
      new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        Date.parse(`${d}T00:00:00Z`),
      );
    expect(whenName({ choice: 'dates', from: '2030-03-02', to: '2030-03-08' })).toBe(
      `${day('2030-03-02')} – ${day('2030-03-08')}`,
    );
    expect(whenName({ choice: 'dates', from: '2030-03-02', to: '' })).toBe(`from ${day('2030-03-02')}`);
    expect(whenName({ choice: 'dates', from: '', to: '2030-03-08' })).toBe(`until ${day('2030-03-08')}`);
    // No day chosen yet: no filter.
    expect(hasFilters({ ...none, when: { choice: 'dates', from: '', to: '' } })).toBe(false);
  });

  it('names the order', () => {
    expect(sortName('changed')).toBe('Sorted by last changed');
    expect(sortName('scheduled')).toBe('Sorted by scheduled time');
    expect(sortName('title')).toBe('Sorted by title');
    expect(sortName('created')).toBe('Sorted by date created');
  });
});
