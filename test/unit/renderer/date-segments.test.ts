// The date and time field's pieces: in the locale's order, typed digit by digit as a native
// field takes them, changed with the arrow keys (going round, the day kept within its month),
// and a value only once every piece is there and the day exists.
import { describe, expect, it } from 'vitest';
import {
  atEnd,
  cleared,
  layoutFor,
  NO_PARTS,
  partsOf,
  periodNames,
  stepped,
  typed,
  typedPeriod,
  valueOf,
  type DateTimeParts,
  type HourCycle,
  type SegmentKind,
} from '../../../src-renderer/src/features/schedule/date-segments';

const order = (locale: string, cycle: HourCycle): string =>
  layoutFor(locale, cycle)
    .map((p) => (p.kind === 'literal' ? '' : p.kind))
    .filter(Boolean)
    .join(' ');

/** Types `keys` into the pieces from the first, going on whenever a piece is whole. */
function typeAll(kinds: SegmentKind[], keys: string, cycle: HourCycle): DateTimeParts {
  let parts = NO_PARTS;
  let at = 0;
  let entry = '';
  for (const key of keys) {
    const kind = kinds[at]!;
    if (kind === 'dayPeriod') {
      parts = typedPeriod(parts, key, { am: 'AM', pm: 'PM' }) ?? parts;
      continue;
    }
    const result = typed(parts, kind, entry, key, cycle);
    parts = result.parts;
    entry = result.entry;
    if (result.done) at++;
  }
  return parts;
}

describe('the pieces of a date and time', () => {
  it('come in the order the locale writes them, AM/PM only on a 12-hour clock', () => {
    expect(order('en-US', 'h12')).toBe('month day year hour minute dayPeriod');
    expect(order('en-GB', 'h23')).toBe('day month year hour minute');
    expect(order('de-DE', 'h23')).toBe('day month year hour minute');
    expect(order('ja-JP', 'h23')).toBe('year month day hour minute');
    expect(periodNames('en-US')).toEqual({ am: 'AM', pm: 'PM' });
  });

  it('read and write the wall-clock value, and make none while a piece is missing or the day does not exist', () => {
    const parts = partsOf('2026-12-03T09:05');
    expect(parts).toMatchObject({ year: 2026, month: 12, day: 3, hour: 9, minute: 5 });
    expect(valueOf(parts)).toBe('2026-12-03T09:05');
    expect(valueOf(cleared(parts, 'minute'))).toBe('');
    expect(valueOf({ ...parts, month: 2, day: 30 })).toBe('');
    expect(partsOf('tomorrow')).toEqual(NO_PARTS);
  });

  it('take typed digits as a native field does, going on once a piece is whole', () => {
    const gb: SegmentKind[] = ['day', 'month', 'year', 'hour', 'minute'];
    expect(valueOf(typeAll(gb, '031220260905', 'h23'))).toBe('2026-12-03T09:05');
    // A day of 4 and a month of 9 are whole at once: no second digit could follow.
    expect(valueOf(typeAll(gb, '4920261730', 'h23'))).toBe('2026-09-04T17:30');
    const us: SegmentKind[] = ['month', 'day', 'year', 'hour', 'minute', 'dayPeriod'];
    expect(valueOf(typeAll(us, '120320260930p', 'h12'))).toBe('2026-12-03T21:30');
    expect(valueOf(typeAll(us, '120320261200a', 'h12'))).toBe('2026-12-03T00:00');
  });

  it('start again from a digit that would make a piece too large', () => {
    const first = typed(NO_PARTS, 'month', '', '1', 'h23');
    expect(first).toMatchObject({ entry: '1', done: false });
    expect(typed(first.parts, 'month', first.entry, '5', 'h23')).toMatchObject({
      parts: { month: 5 },
      done: true,
    });
  });

  it('go round with the arrow keys, keeping the day within its month and the half of the day', () => {
    const now = partsOf('2026-11-28T10:00');
    const dec31 = partsOf('2026-12-31T23:59');
    expect(valueOf(stepped(dec31, 'day', 1, 'h23', now))).toBe('2026-12-01T23:59');
    expect(valueOf(stepped(dec31, 'minute', 1, 'h23', now))).toBe('2026-12-31T23:00');
    expect(valueOf(stepped(dec31, 'month', -10, 'h23', now))).toBe('2026-02-28T23:59');
    expect(valueOf(stepped(dec31, 'hour', 1, 'h12', now))).toBe('2026-12-31T12:59');
    expect(valueOf(stepped(dec31, 'dayPeriod', 1, 'h12', now))).toBe('2026-12-31T11:59');
    expect(stepped(NO_PARTS, 'year', 1, 'h23', now).year).toBe(2026);
    expect(atEnd(partsOf('2028-02-10T08:00'), 'day', 'high', 'h23').day).toBe(29);
  });
});
