// The rows of the safekeeping part: goal, figure and verdict as the table prints them.
import { describe, expect, it } from 'vitest';
import { isLoaded } from '../../bench/lib/load';
import { safekeepingRows } from '../../bench/lib/safekeeping-rows';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const figures = (checkMax: number, editMax: number) => ({
  posts: 50_000,
  databaseBytes: 54_812_672,
  quickCheck: { median: 453.5, p99: checkMax, max: checkMax, n: 5 },
  copyMs: [1497.5, 1518.6],
  editDuringCopy: { median: 0.91, p99: 9.2, max: editMax, n: 652 },
  editAlone: { median: 0.68, p99: 8.1, max: 12.3, n: 300 },
});

describe('safekeepingRows', () => {
  it('names the size, the goals and the figures', () => {
    const [check, edit] = safekeepingRows(figures(613.3, 11.2), load(0.5));
    expect(check?.name).toBe('Quick check at start (50,000 posts)');
    expect(check?.goal).toBe('< 1 s');
    expect(check?.figure).toBe('454 ms / max 613 ms');
    expect(check?.met).toBe(true);
    expect(edit?.name).toBe('Longest edit while a copy is made (50,000 posts)');
    expect(edit?.goal).toBe('< 16 ms');
    expect(edit?.figure).toBe('0.91 ms / p99 9.20 ms, max 11.2 ms');
    expect(edit?.met).toBe(true);
    expect(edit?.note).toContain('2 copies, 1498 ms, 1519 ms each; 652 edits met them');
    expect(edit?.note).toContain('Load at start 0.5.');
  });

  it('is missed when the slowest reaches the goal, and says when the machine was loaded', () => {
    const [check, edit] = safekeepingRows(figures(1_000, 16), load(2.4));
    expect(check?.met).toBe(false);
    expect(edit?.met).toBe(false);
    expect(edit?.note).toContain('Load at start 2.4 (loaded).');
  });
});
