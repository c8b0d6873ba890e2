// The two rows of keeping the data safe: the quick check every start runs, and the
// longest an edit waits while a copy of the database is made. Pure functions, tested in test/unit/bench.
import type { LoadSample } from './load';
import { ms, type Row } from './report';

/** The check must not make a start feel slow. */
export const QUICK_CHECK_GOAL_MS = 1_000;
/** An edit's save may wait for one step of a copy, never longer than a frame. */
export const EDIT_DURING_COPY_GOAL_MS = 16;

interface Summary {
  median: number;
  p99: number;
  max: number;
  n: number;
}

export interface SafekeepingFigures {
  posts: number;
  databaseBytes: number;
  quickCheck: Summary;
  copyMs: readonly number[];
  editDuringCopy: Summary;
  editAlone: Summary;
}

const count = (n: number): string => n.toLocaleString('en-US');
const loadWords = (load: LoadSample): string =>
  `Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`;

export function safekeepingRows(r: SafekeepingFigures, load: LoadSample): Row[] {
  const megabytes = Math.round(r.databaseBytes / 1_000_000);
  return [
    {
      name: `Quick check at start (${count(r.posts)} posts)`,
      goal: `< ${QUICK_CHECK_GOAL_MS / 1000} s`,
      figure: `${ms(r.quickCheck.median)} / max ${ms(r.quickCheck.max)}`,
      met: r.quickCheck.max < QUICK_CHECK_GOAL_MS,
      note: `SQLite's quick_check on the ${megabytes} MB file of a library seeded directly (an X and a LinkedIn variant per post), on its own connection as a start runs it, ${r.quickCheck.n} times (the file in the OS cache after the first). ${loadWords(load)}`,
    },
    {
      name: `Longest edit while a copy is made (${count(r.posts)} posts)`,
      goal: `< ${EDIT_DURING_COPY_GOAL_MS} ms`,
      figure: `${ms(r.editDuringCopy.median)} / p99 ${ms(r.editDuringCopy.p99)}, max ${ms(r.editDuringCopy.max)}`,
      met: r.editDuringCopy.max < EDIT_DURING_COPY_GOAL_MS,
      note: `variants.update through the core's command path, one after another with a turn of the event loop between them, while data.backup copies the ${megabytes} MB database in steps (${r.copyMs.length} copies, ${r.copyMs.map((v) => ms(v)).join(', ')} each; ${r.editDuringCopy.n} edits met them). The same edits with no copy: ${ms(r.editAlone.median)} / p99 ${ms(r.editAlone.p99)}, max ${ms(r.editAlone.max)}. ${loadWords(load)}`,
    },
  ];
}
