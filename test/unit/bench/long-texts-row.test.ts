// The long-texts row: goal, figure and verdict as the table prints them.
import { describe, expect, it } from 'vitest';
import { isLoaded } from '../../bench/lib/load';
import { longTextsRow } from '../../bench/lib/long-texts-row';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const text = (name: string, graphemes: number, median: number, max: number) => ({
  text: name,
  chars: 100_000,
  graphemes,
  check: { median, max, n: 5 },
});

describe('longTextsRow', () => {
  it('names the texts, the goal, and the slowest text', () => {
    const row = longTextsRow(
      { texts: [text('Latin letters', 100_000, 40, 52), text('Hebrew', 100_000, 50, 61)] },
      load(0.4),
    );
    expect(row.name).toBe('Length check, texts of 100,000 characters');
    expect(row.goal).toBe('< 100 ms a check');
    expect(row.figure).toBe('slowest 61.0 ms (Hebrew)');
    expect(row.met).toBe(true);
    expect(row.note).toContain('Latin letters (100,000 characters, 100,000 graphemes) 40.0 ms / max 52.0 ms');
    expect(row.note).toContain('Load at start 0.4.');
  });

  it('is missed when any check takes 100 ms', () => {
    const row = longTextsRow(
      { texts: [text('Latin letters', 100_000, 40, 52), text('Latin with an emoji', 96_667, 90, 100)] },
      load(3),
    );
    expect(row.met).toBe(false);
    expect(row.figure).toBe('slowest 100 ms (Latin with an emoji)');
    expect(row.note).toContain('(loaded)');
  });
});
