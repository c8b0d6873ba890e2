// The bulk reschedule's row: goal, figure and verdict as the table prints them.
import { describe, expect, it } from 'vitest';
import { bulkRescheduleRow } from '../../bench/lib/bulk-row';
import { isLoaded } from '../../bench/lib/load';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const result = (max: number, patchesPerRun: number[]) => ({
  variants: 1_000,
  summary: { median: max / 2, p95: max, max, n: patchesPerRun.length },
  patchesPerRun,
});

describe('bulkRescheduleRow', () => {
  it('names the size, the goals and the figures', () => {
    const row = bulkRescheduleRow(result(412.4, [1000, 1000, 1000]), load(0.4));
    expect(row.name).toBe('Bulk reschedule, 1,000 variants');
    expect(row.goal).toBe('< 1 s locally; exactly 1,000 PATCH');
    expect(row.figure).toBe('206 ms / max 412 ms; 1,000 PATCH per run');
    expect(row.met).toBe(true);
    expect(row.note).toContain('Load at start 0.4.');
  });

  it('is missed when a run takes a second, or a push sends one PATCH more or less', () => {
    expect(bulkRescheduleRow(result(1000, [1000]), load(0.4)).met).toBe(false);
    const doubled = bulkRescheduleRow(result(300, [1000, 1001]), load(2.5));
    expect(doubled.met).toBe(false);
    expect(doubled.figure).toContain('1,000 / 1,001 PATCH per run');
    expect(doubled.note).toContain('(loaded)');
  });
});
