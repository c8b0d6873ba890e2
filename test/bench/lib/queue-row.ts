// The Add to queue row in the results table. A pure function, tested in test/unit/bench.
import type { LoadSample } from './load';
import { ms, type Row } from './report';

export interface AddToQueueFigures {
  library: number;
  drafts: number;
  goalMs: number;
  add: { median: number; p95: number; n: number };
  undo: { median: number };
}

/** "Add to queue, 500 variants at once (10,000 posts planned) | < 1 s | median / p95 | met or missed". */
export function addToQueueRow(result: AddToQueueFigures, load: LoadSample): Row {
  return {
    name: `Add to queue, ${result.drafts.toLocaleString('en-US')} variants at once (${result.library.toLocaleString('en-US')} posts planned)`,
    goal: `< ${result.goalMs / 1000} s`,
    figure: `${ms(result.add.median)} / p95 ${ms(result.add.p95)}`,
    met: result.add.p95 < result.goalMs,
    note: `planning.addToQueue through the core's command path (checks, one transaction, one outbox op per variant, one undo entry) on a data folder seeded directly: ${result.library.toLocaleString('en-US')} posts whose X and LinkedIn variants hold times over twelve months, and ${result.drafts} X drafts of one account with posting times Mon-Fri 09:00, 12:30 and 15:00 (Berlin). Local time only: nothing connected, nothing sent. ${result.add.n} runs, each undone before the next (the undo of 500: median ${ms(result.undo.median)}). Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`,
  };
}
