// The import's row: goal, figure and verdict as the table prints them.
import { describe, expect, it } from 'vitest';
import { importRow } from '../../bench/lib/import-row';
import { isLoaded } from '../../bench/lib/load';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const timed = (median: number, max: number) => ({ median, p95: max, max, n: 3 });
const result = (checkMax: number, makeMax: number, peak: number) => ({
  rows: 5_000,
  check: timed(checkMax / 2, checkMax),
  make: timed(makeMax / 2, makeMax),
  checkCpu: { median: 300 },
  makeCpu: { median: 900 },
  peakAboveStartMB: peak,
});

describe('importRow', () => {
  it('names the size, the three goals and the figures', () => {
    const row = importRow(result(640, 1500, 90), load(0.4));
    expect(row.name).toBe('Import, 5,000 rows');
    expect(row.goal).toBe('< 1 s checked; < 2 s made; < 256 MB more memory');
    expect(row.figure).toBe('checked 320 ms / max 640 ms; made 750 ms / max 1500 ms; +90 MB at peak');
    expect(row.met).toBe(true);
    expect(row.note).toContain('CPU time: checked 300 ms, made 900 ms');
    expect(row.note).toContain('Load at start 0.4.');
  });

  it('is missed when checking takes a second, making two, or memory grows past its bound', () => {
    expect(importRow(result(1000, 1500, 90), load(0.4)).met).toBe(false);
    expect(importRow(result(640, 2000, 90), load(0.4)).met).toBe(false);
    const heavy = importRow(result(640, 1500, 300), load(3));
    expect(heavy.met).toBe(false);
    expect(heavy.note).toContain('(loaded)');
  });
});
