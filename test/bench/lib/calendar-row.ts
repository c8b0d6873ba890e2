// The calendar month's row in the results table and how many openings each growth size gets.
// Pure functions, tested in test/unit/bench.
import type { LoadSample } from './load';
import { ms, type Row } from './report';

export const CALENDAR_GOAL_MS = 300;

export interface CalendarFigures {
  posts: number;
  variants: number;
  summary: { median: number; p95: number; n: number };
  chipsPerMonth: readonly number[];
}

/** "Rendering: calendar month (10,000 posts) | < 300 ms | median / p95 | met or missed". */
export function calendarMonthRow(result: CalendarFigures, load: LoadSample): Row {
  const chips = [...result.chipsPerMonth].sort((a, b) => a - b);
  return {
    name: `Rendering: calendar month (${result.posts.toLocaleString('en-US')} posts)`,
    goal: `< ${CALENDAR_GOAL_MS} ms`,
    figure: `${ms(result.summary.median)} / p95 ${ms(result.summary.p95)}`,
    met: result.summary.p95 < CALENDAR_GOAL_MS,
    note: `Chromium through the browser host on a data folder seeded directly (${result.variants.toLocaleString('en-US')} X and LinkedIn variants over twelve months, a sixth published); click on "Month", then "Next month", to the frame after the month's chips are in the page; ${result.summary.n} openings, ${chips[0] ?? 0}-${chips[chips.length - 1] ?? 0} chips per month. Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`,
  };
}

/** Openings timed at a growth size: fewer for the largest library, whose seeding is slow. */
export function growthCalendarRuns(posts: number, runs: number): number {
  return posts >= 50_000 ? Math.min(runs, 3) : runs;
}
