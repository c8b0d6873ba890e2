// The rows of the find part: what a search and the list's filters and orders cost
// through the core, at each library size. Pure functions, tested in test/unit/bench.
import { LIST_PAGE_SIZES } from '@preload/bridge';
import { SEARCH_WINDOW } from '../../../src-main/core/app/find/post-list';
import type { LoadSample } from './load';
import { ms, type Row } from './report';
import type { Summary } from './stats';

export const SEARCH_GOAL_MS = 100;

export interface FindCase {
  name: string;
  kind: 'search' | 'filter' | 'sort';
  /** Posts in the whole list. */
  found: number;
  firstScreenful: Summary;
  /** Each page of the rest (1,000 posts, fewer for a state filter); null: it all fit in the first. */
  restPage: Summary | null;
  /** All the pages of the rest, one after another, per walk through the list. */
  rest: Summary;
}

export interface FindResult {
  posts: number;
  variants: number;
  runs: number;
  cases: FindCase[];
}

const size = (n: number): string => n.toLocaleString('en-US');
const worst = <C extends FindCase>(cases: readonly C[], pick: (c: C) => Summary): C =>
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
 * window shows it first; then the slowest page of the rest, which is how long the core is
 * busy with it at once (the next keystroke's search waits at most that long).
 */
export function searchRows(result: FindResult, load: LoadSample): Row[] {
  const searches = result.cases.filter((c) => c.kind === 'search');
  if (searches.length === 0) return [];
  const first = worst(searches, (c) => c.firstScreenful);
  const paged = searches.filter((c): c is FindCase & { restPage: Summary } => c.restPage !== null);
  const loadText = `Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`;
  const rows: Row[] = [
    {
      name: `Search: first screenful (${size(result.posts)} posts)`,
      goal: `< ${SEARCH_GOAL_MS} ms`,
      figure: `${ms(first.firstScreenful.median)} / p95 ${ms(first.firstScreenful.p95)}`,
      met: first.firstScreenful.p95 < SEARCH_GOAL_MS,
      note: `posts.list through the core with a query and the window's first screenful (${LIST_PAGE_SIZES.firstScreenful}), one pass over the library, the slowest of ${searches.length} searches (${first.name}); ${result.runs} calls each. ${loadText}`,
    },
  ];
  if (paged.length === 0) return rows;
  const page = worst(paged, (c) => c.restPage);
  rows.push({
    name: `Search: each page of the rest (${size(result.posts)} posts)`,
    goal: `< ${SEARCH_GOAL_MS} ms`,
    figure: `${ms(page.restPage.median)} / p95 ${ms(page.restPage.p95)} (max ${ms(page.restPage.max)})`,
    met: page.restPage.p95 < SEARCH_GOAL_MS,
    note: `posts.page of up to ${LIST_PAGE_SIZES.rest} posts, each looking through at most ${size(SEARCH_WINDOW)} posts of the list, from its start to its end, for the search with the slowest pages (${page.name}: ${size(page.found)} posts, all its pages ${ms(page.rest.median)} a walk); the window asks for them one after another once the first screenful is painted and the typing has paused, so the core is never busy with a search longer than one page. ${loadText}`,
  });
  return rows;
}

/** One line per case and size: "| search, a rare word | 10,000 | 10 | 3.1 ms | - | - |". */
export function findTable(results: readonly FindResult[]): string {
  const lines = [
    '| Posts listed | Posts | Found | First screenful (median / p95) | A page of the rest (median / p95) | All the rest (median) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results)
    for (const c of r.cases)
      lines.push(
        `| ${c.name} | ${size(r.posts)} | ${size(c.found)} | ${ms(c.firstScreenful.median)} / ${ms(c.firstScreenful.p95)} | ${c.restPage === null ? '-' : `${ms(c.restPage.median)} / ${ms(c.restPage.p95)}`} | ${c.restPage === null ? '-' : ms(c.rest.median)} |`,
      );
  return lines.join('\n');
}
