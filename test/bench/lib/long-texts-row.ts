// The long-texts row in the results table: the slowest length check of a text as long as the
// service takes, against the goal. Pure, tested in test/unit/bench.
import type { LoadSample } from './load';
import { ms, type Row } from './report';

/** One check of a text of the service's longest, on the core's thread, takes less than this. */
export const LONG_TEXT_GOAL_MS = 100;

export interface LongTextFigures {
  texts: Array<{
    /** What the text is made of. */
    text: string;
    chars: number;
    graphemes: number;
    /** One guardLength of the text, per run. */
    check: { median: number; max: number; n: number };
  }>;
}

const chars = (n: number): string => `${n.toLocaleString('en-US')} characters`;

/** "Length check, texts of 100,000 characters | < 100 ms a check | slowest: ... | met". */
export function longTextsRow(result: LongTextFigures, load: LoadSample): Row {
  const slowest = result.texts.reduce((a, b) => (b.check.max > a.check.max ? b : a));
  const longest = Math.max(...result.texts.map((t) => t.chars));
  return {
    name: `Length check, texts of ${chars(longest)}`,
    goal: `< ${LONG_TEXT_GOAL_MS} ms a check`,
    figure: `slowest ${ms(slowest.check.max)} (${slowest.text})`,
    met: result.texts.every((t) => t.check.max < LONG_TEXT_GOAL_MS),
    note: `guardLength for LinkedIn, as the core checks every schedule, publish, Add to queue and import row, ${slowest.check.n} times on each text: ${result.texts.map((t) => `${t.text} (${chars(t.chars)}, ${t.graphemes.toLocaleString('en-US')} graphemes) ${ms(t.check.median)} / max ${ms(t.check.max)}`).join('; ')}. Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`,
  };
}
