// The bulk reschedule's row in the results table: the local part timed against its
// goal, and the push counted against the one PATCH per variant it must be. Pure, tested in
// test/unit/bench.
import type { LoadSample } from './load';
import { ms, type Row } from './report';

export const BULK_GOAL_MS = 1_000;

export interface BulkFigures {
  variants: number;
  /** The command's time per run: the local change, one transaction, the ops queued. */
  summary: { median: number; p95: number; max: number; n: number };
  /** PATCH requests the sandbox received for the variants in each run's push. */
  patchesPerRun: readonly number[];
}

/** "Bulk reschedule, 1,000 variants | < 1 s local, 1,000 PATCH | median / max; PATCH per run | met". */
export function bulkRescheduleRow(result: BulkFigures, load: LoadSample): Row {
  const n = result.variants.toLocaleString('en-US');
  const exact = result.patchesPerRun.length > 0 && result.patchesPerRun.every((p) => p === result.variants);
  const patches = [...new Set(result.patchesPerRun)].map((p) => p.toLocaleString('en-US')).join(' / ');
  return {
    name: `Bulk reschedule, ${n} variants`,
    goal: `< 1 s locally; exactly ${n} PATCH`,
    figure: `${ms(result.summary.median)} / max ${ms(result.summary.max)}; ${patches} PATCH per run`,
    met: result.summary.max < BULK_GOAL_MS && exact,
    note: `variants.reschedule of ${n} synced, scheduled variants by a day (alternately +1 and -1), ${result.summary.n} runs; timed: the command through the core (each variant checked, one transaction, one schedule op each); then a sync pushes them and the sandbox counts the PATCH requests that reached those variants. Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`,
  };
}
