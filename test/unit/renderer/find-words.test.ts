// The post list's filters and order in words, and the days a choice of time stands for in the
// user's zone (daylight-saving changes included).
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '@preload/bridge';
import {
  ANY_TIME,
  filterName,
  hasFilters,
  sortName,
  timeRangeOf,
  whenName,
  type ListFilters,
} from '../../../src-renderer/src/features/posts/find-words';

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
    expect(filterName({ ...none, state: 'needs_approval' }, PROFILES)).toBe('Needs approval');
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

describe('the time a choice stands for', () => {
  const now = Date.parse('2030-03-06T12:00:00Z'); // a Wednesday
  const paris = (choice: ListFilters['when']['choice'], from = '', to = '') =>
    timeRangeOf({ choice, from, to }, 'Europe/Paris', now);

  it('is whole days of the user’s zone, Monday to Monday for a week', () => {
    expect(paris('any')).toBeNull();
    expect(paris('today')).toEqual({ from: '2030-03-05T23:00:00Z', to: '2030-03-06T23:00:00Z' });
    expect(paris('week')).toEqual({ from: '2030-03-03T23:00:00Z', to: '2030-03-10T23:00:00Z' });
    expect(paris('next7')).toEqual({ from: '2030-03-05T23:00:00Z', to: '2030-03-12T23:00:00Z' });
    expect(timeRangeOf({ choice: 'week', from: '', to: '' }, 'America/New_York', now)).toEqual({
      from: '2030-03-04T05:00:00Z',
      to: '2030-03-11T04:00:00Z', // the clocks go forward on 10 March there
    });
  });

  it('is the whole month across a daylight-saving change, and the chosen days with the last one included', () => {
    expect(paris('month')).toEqual({ from: '2030-02-28T23:00:00Z', to: '2030-03-31T22:00:00Z' });
    expect(paris('dates', '2030-03-30', '2030-03-31')).toEqual({
      from: '2030-03-29T23:00:00Z',
      to: '2030-03-31T22:00:00Z',
    });
    expect(paris('dates', '', '2030-03-08')).toEqual({ to: '2030-03-08T23:00:00Z' });
    expect(paris('dates', '2030-12-31', '')).toEqual({ from: '2030-12-30T23:00:00Z' });
    expect(paris('dates')).toBeNull();
  });
});
