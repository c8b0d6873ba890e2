// The posting-times parser's goal: a pasted line of a megabyte read in under 100 ms.
// parsePostingTimes on the lines that once took it quadratic time (a long run of spaces, one of
// commas and spaces), on a valid line of many groups, and on the 120,000-character run of
// spaces that once took 19.5 s; each read a few times, each reading timed. Each result is
// checked, so a parser that gave up early would not pass for a fast one.
// The bench reads them in a Node process of its own (`benchPostingTimesApart`), with the app's V8
// settings, as `outpost slots --set` does. The bench's own process has loaded twitter-text for
// other parts, and with it core-js, whose polyfills replace the engine's string and RegExp methods
// with slower ones; the app's build leaves them out (electron.vite.config.ts), so a reading there
// timed code no user runs: 231 ms for the megabyte of commas and spaces, against 35 ms without.
// Run: `npx tsx test/bench/posting-times.ts` (prints JSON); or call `benchPostingTimes()`.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parsePostingTimes } from '@preload/posting-times';
import { V8_MEMORY_FLAGS } from '../../src-main/shared/v8-memory';
import { answerParent, runChild } from './lib/fork';
import type { PostingTimesFigures } from './lib/posting-times-row';
import { summarize } from './lib/stats';

const MB = 1024 * 1024;

/** Each line, and how many slots it reads to (null: refused). */
const LINES: ReadonlyArray<{ line: string; text: string; slots: number | null }> = [
  { line: 'a run of spaces', text: `Mon${' '.repeat(120_000)}09:00`, slots: 1 },
  { line: 'a run of spaces', text: `Mon${' '.repeat(MB)}09:00`, slots: 1 },
  { line: 'commas and spaces', text: `Mon${' , '.repeat(MB / 3)}09:00`, slots: null },
  {
    line: 'many groups',
    text: Array.from({ length: Math.floor(MB / 21) }, () => 'Mon-Fri 09:00 12:30').join('; '),
    slots: 10,
  },
];

export function benchPostingTimes(options: { runs?: number } = {}): PostingTimesFigures {
  const runs = options.runs ?? 5;
  return {
    lines: LINES.map(({ line, text, slots }) => {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const parsed = parsePostingTimes(text);
        times.push(performance.now() - started);
        const read = parsed.ok ? parsed.slots.length : null;
        if (read !== slots)
          throw new Error(`${line}: read ${read ?? 'refused'}, expected ${slots ?? 'refused'}`);
      }
      const { median, max, n } = summarize(times);
      return { line, chars: text.length, parse: { median, max, n } };
    }),
  };
}

/** The same readings in a fresh process, as the CLI reads a line (see the header). */
export function benchPostingTimesApart(options: { runs?: number } = {}): Promise<PostingTimesFigures> {
  return runChild<PostingTimesFigures>(
    fileURLToPath(import.meta.url),
    { BENCH_POSTING_TIMES_RUNS: String(options.runs ?? 5) },
    V8_MEMORY_FLAGS,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.send) {
    const runs = Number(process.env.BENCH_POSTING_TIMES_RUNS ?? 5);
    void answerParent(() => Promise.resolve(benchPostingTimes({ runs })));
  } else process.stdout.write(`${JSON.stringify(benchPostingTimes(), null, 2)}\n`);
}
