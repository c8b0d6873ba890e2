// The posting-times parser's row: goal, figure and verdict as the table prints them.
import { describe, expect, it } from 'vitest';
import { isLoaded } from '../../bench/lib/load';
import { postingTimesRow } from '../../bench/lib/posting-times-row';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const line = (name: string, chars: number, median: number, max: number) => ({
  line: name,
  chars,
  parse: { median, max, n: 5 },
});

describe('postingTimesRow', () => {
  it('names the longest line, the goal, and the slowest line with its size', () => {
    const row = postingTimesRow(
      { lines: [line('a run of spaces', 120_008, 4, 6), line('many groups', 1_048_570, 40, 62)] },
      load(0.4),
    );
    expect(row.name).toBe('Posting times read, lines up to 1 MB');
    expect(row.goal).toBe('< 100 ms a line');
    expect(row.figure).toBe('slowest 62.0 ms (many groups, 1 MB)');
    expect(row.met).toBe(true);
    expect(row.note).toContain('a run of spaces (120,008 characters) 4.00 ms / max 6.00 ms');
    expect(row.note).toContain('Load at start 0.4.');
  });

  it('is missed when any line takes 100 ms', () => {
    const row = postingTimesRow(
      { lines: [line('a run of spaces', 120_008, 4, 6), line('commas and spaces', 1_048_583, 80, 100)] },
      load(3),
    );
    expect(row.met).toBe(false);
    expect(row.figure).toBe('slowest 100 ms (commas and spaces, 1 MB)');
    expect(row.note).toContain('(loaded)');
  });
});
