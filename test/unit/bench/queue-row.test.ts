// The Add to queue row: goal, figure and verdict as the table prints them.
import { describe, expect, it } from 'vitest';
import { isLoaded } from '../../bench/lib/load';
import { addToQueueRow } from '../../bench/lib/queue-row';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const result = (median: number, p95: number) => ({
  library: 10_000,
  drafts: 500,
  goalMs: 1_000,
  add: { median, p95, n: 7 },
  undo: { median: 64.2 },
});

describe('addToQueueRow', () => {
  it('names the sizes, the goal and median / p95', () => {
    const row = addToQueueRow(result(241.6, 637.5), load(0.5));
    expect(row.name).toBe('Add to queue, 500 variants at once (10,000 posts planned)');
    expect(row.goal).toBe('< 1 s');
    expect(row.figure).toBe('242 ms / p95 638 ms');
    expect(row.met).toBe(true);
    expect(row.note).toContain('the undo of 500: median 64.2 ms');
    expect(row.note).toContain('Load at start 0.5.');
  });

  it('is missed when the p95 reaches the goal, and says when the machine was loaded', () => {
    const row = addToQueueRow(result(900, 1_000), load(2.4));
    expect(row.met).toBe(false);
    expect(row.note).toContain('Load at start 2.4 (loaded).');
  });
});
