// The find part's rows: the slowest search decides the verdict, and the table names each case.
import { describe, expect, it } from 'vitest';
import {
  findTable,
  searchRows,
  slowestSearchFirstScreenful,
  type FindCase,
  type FindResult,
} from '../../bench/lib/find-rows';
import { isLoaded } from '../../bench/lib/load';
import { summarize } from '../../bench/lib/stats';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const kase = (
  name: string,
  kind: FindCase['kind'],
  first: number[],
  pages: number[],
  found = 10,
): FindCase => ({
  name,
  kind,
  found,
  firstScreenful: summarize(first),
  restPage: pages.length === 0 ? null : summarize(pages),
  rest: summarize([pages.reduce((a, b) => a + b, 0)]),
});
const result = (cases: FindCase[]): FindResult => ({ posts: 10_000, variants: 20_000, runs: 3, cases });

describe('searchRows', () => {
  it('takes the slowest search for each row, leaving filters and orders out', () => {
    const rows = searchRows(
      result([
        kase('search, a rare word', 'search', [10, 12, 14], [11, 12, 13]),
        kase('search, no match', 'search', [20, 22, 24], [21, 22, 95], 0),
        kase('sorted by title', 'sort', [500, 500, 500], [900, 900, 900], 10_000),
      ]),
      load(0.4),
    );
    expect(rows.map((r) => [r.name, r.goal, r.figure, r.met])).toEqual([
      ['Search: first screenful (10,000 posts)', '< 100 ms', '22.0 ms / p95 24.0 ms', true],
      [
        'Search: each page of the rest (10,000 posts)',
        '< 100 ms',
        '22.0 ms / p95 95.0 ms (max 95.0 ms)',
        true,
      ],
    ]);
    expect(rows[0]?.note).toContain('the slowest of 2 searches (search, no match)');
    expect(rows[1]?.note).toContain('(search, no match: 0 posts, all its pages 138 ms a walk)');
    expect(rows[0]?.note).toContain('Load at start 0.4.');
  });

  it('is missed when the p95 reaches the goal, and says when the machine was loaded', () => {
    const rows = searchRows(
      result([kase('search, a common word', 'search', [40, 60, 100], [200, 250, 300])]),
      load(3),
    );
    expect(rows.map((r) => r.met)).toEqual([false, false]);
    expect(rows[1]?.note).toContain('Load at start 3 (loaded).');
    expect(searchRows(result([kase('sorted by title', 'sort', [1], [1])]), load(0))).toEqual([]);
    // A search whose whole list fit in its first screenful has no page of the rest.
    expect(searchRows(result([kase('search, a rare word', 'search', [10], [])]), load(0))).toHaveLength(1);
  });
});

describe('slowestSearchFirstScreenful', () => {
  it("follows the search whose first screenful's p95 is highest, and nothing when no search ran", () => {
    const slowest = slowestSearchFirstScreenful(
      result([
        kase('search, a rare word', 'search', [30, 31, 90], [11, 12, 13]),
        kase('search, no match', 'search', [40, 41, 42], [21, 22, 95], 0),
        kase('sorted by title', 'sort', [500, 500, 500], [900, 900, 900], 10_000),
      ]),
    );
    expect(slowest?.name).toBe('search, a rare word');
    expect(slowest?.summary.median).toBe(31);
    expect(slowestSearchFirstScreenful(result([kase('X', 'filter', [1], [1])]))).toBeNull();
  });
});

describe('findTable', () => {
  it('has a line per case and size', () => {
    const table = findTable([
      result([
        kase('search, a rare word', 'search', [1.5, 2, 2.5], [3, 4, 5], 12_345),
        kase('search, no match', 'search', [1], [], 0),
      ]),
    ]);
    expect(table.split('\n')).toEqual([
      '| Posts listed | Posts | Found | First screenful (median / p95) | A page of the rest (median / p95) | All the rest (median) |',
      '| --- | --- | --- | --- | --- | --- |',
      '| search, a rare word | 10,000 | 12,345 | 2.00 ms / 2.50 ms | 4.00 ms / 5.00 ms | 12.0 ms |',
      '| search, no match | 10,000 | 0 | 1.00 ms / 1.00 ms | - | - |',
    ]);
  });
});
