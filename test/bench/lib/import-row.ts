// The import's row in the results table: 5,000 rows checked and made against their
// goals, and the memory they take. Pure, tested in test/unit/bench.
import type { LoadSample } from './load';
import { ms, type Row } from './report';

export const IMPORT_GOALS = { checkMs: 1_000, makeMs: 2_000, peakAboveStartMB: 256 } as const;

export interface ImportFigures {
  rows: number;
  /** Reading the table and posts.checkImport, per run. */
  check: { median: number; p95: number; max: number; n: number };
  /** posts.import, per run. */
  make: { median: number; p95: number; max: number; n: number };
  /** The CPU time the process spent on each (the sandbox's share is nil: nothing is sent). */
  checkCpu: { median: number };
  makeCpu: { median: number };
  /** The process's peak resident size over the runs, above its size before the first. */
  peakAboveStartMB: number;
}

/** "Import, 5,000 rows | < 1 s checked; < 2 s made; < 256 MB | check / make; peak | met". */
export function importRow(result: ImportFigures, load: LoadSample): Row {
  const n = result.rows.toLocaleString('en-US');
  const g = IMPORT_GOALS;
  return {
    name: `Import, ${n} rows`,
    goal: `< ${g.checkMs / 1000} s checked; < ${g.makeMs / 1000} s made; < ${g.peakAboveStartMB} MB more memory`,
    figure: `checked ${ms(result.check.median)} / max ${ms(result.check.max)}; made ${ms(result.make.median)} / max ${ms(result.make.max)}; +${result.peakAboveStartMB} MB at peak`,
    // The CPU time beside the wall time: on a shared machine the second is mostly waiting.
    met:
      result.check.max < g.checkMs &&
      result.make.max < g.makeMs &&
      result.peakAboveStartMB < g.peakAboveStartMB,
    note: `A CSV of ${n} rows (X and LinkedIn variants of ${result.rows / 2} posts, semicolons, quoted cells with line breaks, local times in the account's zone and every fourth post to the queue) read into a table and checked with posts.checkImport, then made with posts.import (each row checked again, one transaction, the outbox ops queued), then undone; ${result.check.n} runs. CPU time: checked ${ms(result.checkCpu.median)}, made ${ms(result.makeCpu.median)} (medians). Memory: the peak resident size of the process (core and sandbox) over the runs, above its size before the first. Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`,
  };
}
