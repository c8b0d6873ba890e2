// The posting-times parser's row in the results table: the slowest reading of each long line
// against the goal. Pure, tested in test/unit/bench.
import type { LoadSample } from './load';
import { ms, type Row } from './report';

/** A pasted line, however long (a megabyte), reads in less than this. */
export const POSTING_TIMES_GOAL_MS = 100;

export interface PostingTimesFigures {
  lines: Array<{
    /** What the line is made of. */
    line: string;
    chars: number;
    /** One parsePostingTimes of the line, per run. */
    parse: { median: number; max: number; n: number };
  }>;
}

const size = (chars: number): string =>
  chars >= 1_000_000
    ? `${Math.round(chars / 104_857.6) / 10} MB`
    : `${chars.toLocaleString('en-US')} characters`;

/** "Posting times read, lines up to 1 MB | < 100 ms a line | slowest: ... | met". */
export function postingTimesRow(result: PostingTimesFigures, load: LoadSample): Row {
  const slowest = result.lines.reduce((a, b) => (b.parse.max > a.parse.max ? b : a));
  const longest = Math.max(...result.lines.map((l) => l.chars));
  return {
    name: `Posting times read, lines up to ${size(longest)}`,
    goal: `< ${POSTING_TIMES_GOAL_MS} ms a line`,
    figure: `slowest ${ms(slowest.parse.max)} (${slowest.line}, ${size(slowest.chars)})`,
    met: result.lines.every((l) => l.parse.max < POSTING_TIMES_GOAL_MS),
    note: `parsePostingTimes, as \`outpost slots --set\` and the window read a pasted line, ${slowest.parse.n} times on each line: ${result.lines.map((l) => `${l.line} (${size(l.chars)}) ${ms(l.parse.median)} / max ${ms(l.parse.max)}`).join('; ')}. Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`,
  };
}
