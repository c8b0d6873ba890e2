// The days a choice of time stands for in the user's zone (daylight-saving changes included),
// and which choices narrow the post list at all.
import { describe, expect, it } from 'vitest';
import {
  ANY_TIME,
  hasFilters,
  isAnyTime,
  timeRangeOf,
  type ListFilters,
} from '../../../src-renderer/src/lib/state/list-filters';

describe('a filter set', () => {
  const none: ListFilters = { platform: null, account: null, state: 'all', when: ANY_TIME };

  it('narrows the list once anything is chosen, a time only once a day is', () => {
    expect(hasFilters(none)).toBe(false);
    expect(hasFilters({ ...none, platform: 'x' })).toBe(true);
    expect(hasFilters({ ...none, state: 'failed' })).toBe(true);
    expect(isAnyTime({ choice: 'dates', from: '', to: '' })).toBe(true);
    expect(hasFilters({ ...none, when: { choice: 'dates', from: '', to: '2030-03-08' } })).toBe(true);
    expect(hasFilters({ ...none, when: { choice: 'today', from: '', to: '' } })).toBe(true);
  });
});

describe('the time a choice stands for', () => {
  const now = Date.parse('2030-03-06T12:00:00Z'); // a Wednesday
  const paris = (choice: ListFilters['when']['choice'], from = '', to = '') =>
    timeRangeOf({ choice, from, to }, 'Europe/Paris', now, 1);

  it('is whole days of the user’s zone, Monday to Monday for a week', () => {
    expect(paris('any')).toBeNull();
    expect(paris('today')).toEqual({ from: '2030-03-05T23:00:00Z', to: '2030-03-06T23:00:00Z' });
    expect(paris('week')).toEqual({ from: '2030-03-03T23:00:00Z', to: '2030-03-10T23:00:00Z' });
    expect(paris('next7')).toEqual({ from: '2030-03-05T23:00:00Z', to: '2030-03-12T23:00:00Z' });
    expect(timeRangeOf({ choice: 'week', from: '', to: '' }, 'America/New_York', now, 1)).toEqual({
      from: '2030-03-04T05:00:00Z',
      to: '2030-03-11T04:00:00Z', // the clocks go forward on 10 March there
    });
  });

  it('starts "this week" on the reader’s first day: Sunday to Sunday in en-US, Saturday in ar-EG', () => {
    const week = { choice: 'week', from: '', to: '' } as const;
    expect(timeRangeOf(week, 'America/New_York', now, 7)).toEqual({
      from: '2030-03-03T05:00:00Z',
      to: '2030-03-10T05:00:00Z',
    });
    expect(timeRangeOf(week, 'Africa/Cairo', now, 6)).toEqual({
      from: '2030-03-01T22:00:00Z',
      to: '2030-03-08T22:00:00Z',
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
