// The rows of the find part (issue 25): what a search and the list's filters and orders cost
// through the core, at each library size. Pure functions, tested in test/unit/bench.
import type { LoadSample } from './load';
import { ms, type Row } from './report';
import type { Summary } from './stats';

export const SEARCH_GOAL_MS = 100;

export interface FindCase {
  name: string;
  kind: 'search' | 'filter' | 'sort';
  /** Posts in the whole answer. */
  found: number;
  firstScreenful: Summary;
  whole: Summary;
}

export interface FindResult {
  posts: number;
  variants: number;
  runs: number;
  cases: FindCase[];
}

const size = (n: number): string => n.toLocaleString('en-US');
const worst = (cases: readonly FindCase[], pick: (c: FindCase) => Summary): FindCase =>
  cases.reduce((a, b) => (pick(b).p95 > pick(a).p95 ? b : a));

/** The slowest search's first screenful (by p95), what the growth table follows; null: no search. */
export function slowestSearchFirstScreenful(result: FindResult): { name: string; summary: Summary } | null {
  const searches = result.cases.filter((c) => c.kind === 'search');
  if (searches.length === 0) return null;
  const slowest = worst(searches, (c) => c.firstScreenful);
  return { name: slowest.name, summary: slowest.firstScreenful };
}

/**
 * "Search: first screenful (10,000 posts) | < 100 ms | median / p95": the slowest search's, as the
 * window shows it first; and the whole answer of the slowest search beside it.
 */
export function searchRows(result: FindResult, load: LoadSample): Row[] {
  const searches = result.cases.filter((c) => c.kind === 'search');
  if (searches.length === 0) return [];
  const first = worst(searches, (c) => c.firstScreenful);
  const whole = worst(searches, (c) => c.whole);
  const loadText = `Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`;
  return [
    {
      name: `Search: first screenful (${size(result.posts)} posts)`,
      goal: `< ${SEARCH_GOAL_MS} ms`,
      figure: `${ms(first.firstScreenful.median)} / p95 ${ms(first.firstScreenful.p95)}`,
      met: first.firstScreenful.p95 < SEARCH_GOAL_MS,
      note: `posts.list through the core with a query and the window's limit (60), the slowest of ${searches.length} searches (${first.name}); ${result.runs} calls each. ${loadText}`,
    },
    {
      name: `Search: whole answer (${size(result.posts)} posts)`,
      goal: `< ${SEARCH_GOAL_MS} ms`,
      figure: `${ms(whole.whole.median)} / p95 ${ms(whole.whole.p95)}`,
      met: whole.whole.p95 < SEARCH_GOAL_MS,
      note: `The slowest whole answer of the same searches (${whole.name}: ${size(whole.found)} posts, each a summary with its variants' states); the window asks for it once the first screenful is painted and the typing has paused. ${loadText}`,
    },
  ];
}

/** One line per case and size: "| search, a rare word | 10,000 | 10 | 3.1 ms | 4.2 ms |". */
export function findTable(results: readonly FindResult[]): string {
  const lines = [
    '| posts.list | Posts | Found | First screenful (median / p95) | Whole answer (median / p95) |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of results)
    for (const c of r.cases)
      lines.push(
        `| ${c.name} | ${size(r.posts)} | ${size(c.found)} | ${ms(c.firstScreenful.median)} / ${ms(c.firstScreenful.p95)} | ${ms(c.whole.median)} / ${ms(c.whole.p95)} |`,
      );
  return lines.join('\n');
}
