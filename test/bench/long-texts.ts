// What the core's length check costs on the longest texts the service takes (100,000
// characters): the check every schedule, publish, Add to queue and import row runs
// (guardLength, counted as the window's counter counts). Node's grapheme segmenter, given such a
// text whole, took minutes once it held a character outside Latin-1; the counter now segments a
// piece at a time (src-preload/counter.ts). Goal: one check under 100 ms, so the core's thread
// never stands still for long behind one.
// Each text is checked a few times in a Node process of its own, with the app's V8 settings
// (the bench's own process has loaded core-js with twitter-text for other parts, whose polyfills
// the app's build leaves out: see posting-times.ts), and each answer is checked, so a counter
// that gave up early would not pass for a fast one.
// Run: `npx tsx test/bench/long-texts.ts` (prints JSON); or call `benchLongTexts()`.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { countFor } from '@preload/counter';
import { guardLength } from '@preload/send-guards';
import { V8_MEMORY_FLAGS } from '../../src-main/shared/v8-memory';
import { answerParent, runChild } from './lib/fork';
import type { LongTextFigures } from './lib/long-texts-row';
import { summarize } from './lib/stats';

/** The service's longest text (api-spec: content up to 100,000 characters). */
const LONGEST = 100_000;

const TEXTS: ReadonlyArray<{ text: string; made: string }> = [
  { text: 'Latin letters', made: 'Lorem ipsum dolor sit amet, consectetur adipiscing. ' },
  { text: 'Latin with an emoji', made: 'Lorem ipsum dolor sit amet 😀 ' },
  { text: 'Hebrew', made: 'שלום עולם, זה טקסט ארוך. ' },
  { text: 'joined emoji and flags', made: '👨‍👩‍👧‍👦 🇩🇪🇫🇷 👍🏽 ' },
].map(({ text, made }) => ({ text, made: made.repeat(Math.ceil(LONGEST / made.length)).slice(0, LONGEST) }));

export function benchLongTexts(options: { runs?: number } = {}): LongTextFigures {
  const runs = options.runs ?? 5;
  return {
    texts: TEXTS.map(({ text, made }) => {
      // As the window's counter shows it: an invisible character (a joiner) counts on its own.
      const graphemes = countFor('linkedin', made)?.used ?? 0;
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const verdict = guardLength('linkedin', made);
        times.push(performance.now() - started);
        if (verdict.ok || !verdict.message.includes(`(${graphemes} of 3000 `))
          throw new Error(`${text}: the check did not refuse ${graphemes} characters as over 3,000`);
      }
      const { median, max, n } = summarize(times);
      return { text, chars: made.length, graphemes, check: { median, max, n } };
    }),
  };
}

/** The same checks in a fresh process, as the core's thread runs them (see the header). */
export function benchLongTextsApart(options: { runs?: number } = {}): Promise<LongTextFigures> {
  return runChild<LongTextFigures>(
    fileURLToPath(import.meta.url),
    { BENCH_LONG_TEXTS_RUNS: String(options.runs ?? 5) },
    V8_MEMORY_FLAGS,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.send) {
    const runs = Number(process.env.BENCH_LONG_TEXTS_RUNS ?? 5);
    void answerParent(() => Promise.resolve(benchLongTexts({ runs })));
  } else process.stdout.write(`${JSON.stringify(benchLongTexts(), null, 2)}\n`);
}
