// "The posting-times parser linear: a 1 MB line in under 100 ms": parsePostingTimes on lines of
// 1 MB that once took it quadratic time (a long run of spaces, one of commas and spaces, a valid
// line of many groups), each timed over a few runs.
// Run: `npx tsx test/bench/posting-times.ts` (prints JSON).
import { parsePostingTimes } from '@preload/posting-times';

const MB = 1024 * 1024;
const LINES: Record<string, string> = {
  spaces: `Mon${' '.repeat(MB)}09:00`,
  'commas and spaces': `Mon${' , '.repeat(MB / 3)}09:00`,
  groups: 'Mon-Fri 09:00 12:30; '.repeat(Math.floor(MB / 21)),
};
const GOAL_MS = 100;

const results = Object.entries(LINES).map(([name, line]) => {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    parsePostingTimes(line);
    times.push(performance.now() - start);
  }
  const worst = Math.max(...times);
  return {
    line: name,
    bytes: line.length,
    worstMs: Math.round(worst * 10) / 10,
    goalMs: GOAL_MS,
    met: worst < GOAL_MS,
  };
});
console.log(JSON.stringify(results, null, 2));
