// How planning.calendar cuts a range into the user's days: each day's count, and its first items.
import { describe, expect, it } from 'vitest';
import { firstOfEachSpan } from '../../../../src-main/core/app/planning/calendar-view';

const row = (id: string, plan_at: string) => ({ id, plan_at });

describe('firstOfEachSpan', () => {
  // Three days in Berlin (UTC+1): each starts at 23:00 UTC the evening before.
  const starts = ['2030-03-03T23:00:00Z', '2030-03-04T23:00:00Z', '2030-03-05T23:00:00Z'];

  it('counts every row of a day and keeps the first `limit`, in time order', () => {
    const rows = [
      row('a', '2030-03-03T23:00:00.000Z'),
      row('b', '2030-03-04T08:00:00Z'),
      row('c', '2030-03-04T09:00:00Z'),
      row('d', '2030-03-04T22:59:59Z'),
      row('e', '2030-03-04T23:00:00Z'),
      row('f', '2030-03-06T10:00:00Z'),
    ];
    expect(firstOfEachSpan(rows, starts, 2)).toEqual({ ids: ['a', 'b', 'e', 'f'], counts: [4, 1, 1] });
    expect(firstOfEachSpan(rows, starts, 10).ids).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('answers a zero for an empty day and leaves out a row before the first', () => {
    const rows = [row('early', '2030-03-03T22:00:00Z'), row('late', '2030-03-06T10:00:00Z')];
    expect(firstOfEachSpan(rows, starts, 4)).toEqual({ ids: ['late'], counts: [0, 0, 1] });
    expect(firstOfEachSpan([], starts, 4)).toEqual({ ids: [], counts: [0, 0, 0] });
  });
});
