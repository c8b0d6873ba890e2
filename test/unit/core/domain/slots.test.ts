// Slot arithmetic as a table: the next free posting slot after a moment, in the account's own
// zone, across days, weeks and daylight-saving changes.
import { describe, expect, it } from 'vitest';
import type { PostingSlot } from '@preload/bridge';
import { parsePostingTimes } from '@preload/posting-times';
import {
  freeSlots,
  nextFreeSlot,
  slotsBetween,
  type WeeklySlots,
} from '../../../../src-main/core/domain/slots';

function schedule(words: string, zone: string): WeeklySlots {
  const parsed = parsePostingTimes(words);
  if (!parsed.ok) throw new Error(parsed.message);
  return { zone, slots: parsed.slots };
}

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

describe('the next free slot', () => {
  it.each([
    // [what, slots, zone, after, taken, expected]
    [
      'later the same day (Wed 11:00 in Berlin: the 12:30 slot)',
      'Mon-Fri 09:00 12:30',
      'Europe/Berlin',
      '2030-01-02T10:00:00Z',
      [],
      '2030-01-02T11:30:00.000Z',
    ],
    [
      'a slot taken: the next one, the day after',
      'Mon-Fri 09:00 12:30',
      'Europe/Berlin',
      '2030-01-02T10:00:00Z',
      ['2030-01-02T11:30:00.000Z'],
      '2030-01-03T08:00:00.000Z',
    ],
    [
      'Friday afternoon: over the weekend to Monday 09:00',
      'Mon-Fri 09:00 12:30',
      'Europe/Berlin',
      '2030-01-04T12:00:00Z',
      [],
      '2030-01-07T08:00:00.000Z',
    ],
    [
      'exactly at a slot: the slot after it (strictly later than now)',
      'Mon-Fri 09:00 12:30',
      'Europe/Berlin',
      '2030-01-02T11:30:00Z',
      [],
      '2030-01-03T08:00:00.000Z',
    ],
    [
      'across weeks: one slot a week, the next three taken',
      'Mon 09:00',
      'UTC',
      '2030-01-01T00:00:00Z',
      ['2030-01-07T09:00:00.000Z', '2030-01-14T09:00:00.000Z', '2030-01-21T09:00:00.000Z'],
      '2030-01-28T09:00:00.000Z',
    ],
    [
      "the account's own zone, not UTC's day: Tuesday 23:30 in Auckland is Tuesday 10:30 UTC",
      'Tue 23:30',
      'Pacific/Auckland',
      '2030-01-01T10:00:00Z',
      [],
      '2030-01-01T10:30:00.000Z',
    ],
    [
      'a range over the end of the week (Sat-Mon), from Friday',
      'Sat-Mon 10:00',
      'UTC',
      '2030-01-04T12:00:00Z',
      [],
      '2030-01-05T10:00:00.000Z',
    ],
    [
      'spring forward: 02:30 does not exist in Berlin on 31 Mar 2030, it falls at 03:30 (01:30 UTC)',
      'Sun 02:30',
      'Europe/Berlin',
      '2030-03-30T12:00:00Z',
      [],
      '2030-03-31T01:30:00.000Z',
    ],
    [
      'spring forward with a 03:30 slot too: one instant that day, then next Sunday',
      'Sun 02:30 03:30',
      'Europe/Berlin',
      '2030-03-30T12:00:00Z',
      ['2030-03-31T01:30:00.000Z'],
      '2030-04-07T00:30:00.000Z',
    ],
    [
      'fall back: 01:30 happens twice in New York on 3 Nov 2030; the slot is the first (05:30 UTC)',
      'Sun 01:30',
      'America/New_York',
      '2030-11-02T12:00:00Z',
      [],
      '2030-11-03T05:30:00.000Z',
    ],
    [
      'fall back, the first 01:30 taken: not the second 01:30, but the next Sunday',
      'Sun 01:30',
      'America/New_York',
      '2030-11-02T12:00:00Z',
      ['2030-11-03T05:30:00.000Z'],
      '2030-11-10T06:30:00.000Z',
    ],
    ['no slots: none', 'none', 'Europe/Berlin', '2030-01-02T10:00:00Z', [], null],
  ] as const)('%s', (_what, words, zone, after, taken, expected) => {
    const free = nextFreeSlot(schedule(words, zone), at(after), new Set(taken.map(at)));
    expect(iso(free)).toBe(expected);
  });
});

describe('the slots of a range', () => {
  it('lists a week of Mon-Fri 09:00 12:30 in Berlin: ten instants, in order', () => {
    const list = slotsBetween(
      schedule('Mon-Fri 09:00 12:30', 'Europe/Berlin'),
      at('2030-01-06T23:00:00Z'),
      at('2030-01-13T23:00:00Z'),
    );
    expect(list.map(iso)).toEqual(
      ['07', '08', '09', '10', '11'].flatMap((d) => [
        `2030-01-${d}T08:00:00.000Z`,
        `2030-01-${d}T11:30:00.000Z`,
      ]),
    );
  });

  it('includes a slot at the range start and leaves out one at its end', () => {
    const slots: PostingSlot[] = [{ weekday: 1, time: '09:00' }];
    const list = slotsBetween({ zone: 'UTC', slots }, at('2030-01-07T09:00:00Z'), at('2030-01-14T09:00:00Z'));
    expect(list.map(iso)).toEqual(['2030-01-07T09:00:00.000Z']);
  });

  it('over the autumn change in New York, the daily 01:30 happens once that day', () => {
    const list = slotsBetween(
      schedule('Sat-Mon 01:30', 'America/New_York'),
      at('2030-11-02T00:00:00Z'),
      at('2030-11-05T00:00:00Z'),
    );
    expect(list.map(iso)).toEqual([
      '2030-11-02T05:30:00.000Z',
      '2030-11-03T05:30:00.000Z',
      '2030-11-04T06:30:00.000Z',
    ]);
  });
});

describe('free slots, taken one after another', () => {
  it('goes on from the last one given, skipping what is taken before and during the walk', () => {
    const weekdays = schedule('Mon-Fri 09:00 12:30', 'Europe/Berlin');
    const from = at('2030-01-02T10:00:00Z');
    const taken = new Set([at('2030-01-03T08:00:00Z')]);
    const free = freeSlots(weekdays, from, taken);
    const placed: number[] = [];
    for (let i = 0; i < 30; i++) {
      const next = free.next().value as number;
      taken.add(next);
      placed.push(next);
    }
    const all = slotsBetween(weekdays, from, at('2030-02-01T00:00:00Z'));
    expect(placed).toEqual(all.filter((ms) => ms !== at('2030-01-03T08:00:00Z')).slice(0, 30));
  });
});
