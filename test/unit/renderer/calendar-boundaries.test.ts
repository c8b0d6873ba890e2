// The calendar at the days that break date code, on purpose rather than by the luck of the day
// the suite runs: the last day of a week, of a month and of a year, a leap day, and the days the
// clocks go forward (an hour that does not exist) and back (an hour that happens twice), in a
// zone east of UTC (Berlin) and one west of it (New York). Each row: a chip on that day at a
// time of day, the key pressed, and where the move (and the page) must land.
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutpostBridge, PlanItem } from '@preload/bridge';
import { CalendarState } from '../../../src-renderer/src/features/calendar/calendar-state.svelte';
import {
  dayKey,
  onDay,
  shiftTime,
  stepAnchor,
  todayIn,
  visibleDays,
} from '../../../src-renderer/src/lib/calendar-days';
import { dropTime, placeByHour, hourBounds } from '../../../src-renderer/src/features/calendar/calendar-grid';
import { chipKey } from '../../../src-renderer/src/features/calendar/keyboard-move';
import { zonedInputToUtc } from '../../../src-renderer/src/lib/schedule-time';

const EAST = 'Europe/Berlin';
const WEST = 'America/New_York';

interface Boundary {
  name: string;
  zone: string;
  /** The chip's wall-clock time in `zone`. */
  at: string;
  key: string;
  altKey?: boolean;
  view: 'week' | 'month';
  /** Where the move lands, as a wall-clock time in `zone`. */
  lands: string;
}

const row = (
  name: string,
  zone: string,
  at: string,
  key: string,
  view: 'week' | 'month',
  lands: string,
  altKey = false,
): Boundary => ({ name, zone, at, key, view, lands, altKey });

const BOUNDARIES: Boundary[] = [
  // The last day of a Monday-first week, to the first of the next.
  row('Sunday to Monday', EAST, '2026-11-29T10:00', 'ArrowRight', 'week', '2026-11-30T10:00'),
  row('Sunday to Monday', WEST, '2026-11-29T10:00', 'ArrowRight', 'week', '2026-11-30T10:00'),
  row('Monday back to Sunday', WEST, '2026-11-30T23:00', 'ArrowLeft', 'week', '2026-11-29T23:00'),
  row('Sunday, an hour past midnight', EAST, '2026-11-29T23:00', 'ArrowDown', 'week', '2026-11-30T00:00'),
  // The last day of a month and of a year.
  row('the month’s last day, a day on', EAST, '2026-11-30T09:00', 'ArrowRight', 'month', '2026-12-01T09:00'),
  row(
    'the month’s last week, a week down',
    WEST,
    '2026-11-26T09:00',
    'ArrowDown',
    'month',
    '2026-12-03T09:00',
  ),
  row('the year’s last day, a day on', EAST, '2026-12-31T18:00', 'ArrowRight', 'week', '2027-01-01T18:00'),
  row('the year’s last hour, an hour on', WEST, '2026-12-31T23:00', 'ArrowDown', 'week', '2027-01-01T00:00'),
  // A leap day, and the year after, which has none.
  row('to the leap day', EAST, '2028-02-28T12:00', 'ArrowRight', 'month', '2028-02-29T12:00'),
  row('from the leap day', WEST, '2028-02-29T12:00', 'ArrowRight', 'month', '2028-03-01T12:00'),
  row('a week from the leap day', EAST, '2028-02-29T12:00', 'ArrowDown', 'month', '2028-03-07T12:00'),
  // Spring: 02:30 does not exist that night; a move onto it lands past the gap, at 03:30.
  row('onto the spring gap', EAST, '2027-03-27T02:30', 'ArrowRight', 'week', '2027-03-28T03:30'),
  row('onto the spring gap', WEST, '2027-03-13T02:30', 'ArrowRight', 'week', '2027-03-14T03:30'),
  row('an hour into the spring gap', EAST, '2027-03-28T01:00', 'ArrowDown', 'week', '2027-03-28T03:00'),
  row('over the spring change, a day', WEST, '2027-03-13T10:00', 'ArrowRight', 'week', '2027-03-14T10:00'),
  // Autumn: 02:30 happens twice that night; a move onto it takes the first.
  row('onto the autumn repeat', EAST, '2026-10-24T02:30', 'ArrowRight', 'week', '2026-10-25T02:30'),
  row('onto the autumn repeat', WEST, '2026-10-31T01:30', 'ArrowRight', 'week', '2026-11-01T01:30'),
  row('over the autumn change, a day', EAST, '2026-10-24T10:00', 'ArrowRight', 'week', '2026-10-25T10:00'),
];

function item(variantId: string, at: string): PlanItem {
  return {
    variantId,
    postId: `post-${variantId}`,
    postTitle: `Post ${variantId}`,
    platform: 'x',
    accountName: 'Acme',
    accountId: 'p-acme',
    at,
    state: 'scheduled',
    stateText: 'Scheduled',
    firstLine: 'Hello',
    url: null,
    actions: ['edit', 'schedule', 'unschedule', 'move', 'publish'],
  };
}

/** Calendar answers wait here until the test gives them. */
let answers: Array<(items: PlanItem[]) => void> = [];

beforeEach(() => {
  const saved = new Map<string, string>();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = {
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => void saved.set(key, value),
  };
  answers = [];
  const bridge = {
    invoke: (command: string) => {
      if (command === 'planning.calendar')
        return new Promise((resolve) =>
          answers.push((items) => resolve({ ok: true, value: { items, counts: [items.length] } })),
        );
      return Promise.reject(new Error(`unexpected ${command}`));
    },
    subscribe: () => () => undefined,
  } as unknown as OutpostBridge;
  (globalThis as { window?: unknown }).window = { outpost: bridge };
});

describe.each(BOUNDARIES)('$name in $zone ($view): $at, $key', (b) => {
  const at = zonedInputToUtc(b.at, b.zone);
  const lands = zonedInputToUtc(b.lands, b.zone);

  it('lands at that wall-clock time', () => {
    const outcome = chipKey(
      null,
      { variantId: 'v1', at, canMove: true },
      { key: b.key, altKey: b.altKey ?? false },
      { zone: b.zone, view: b.view },
    );
    expect(outcome).toEqual({ kind: 'moved', move: { variantId: 'v1', at: lands } });
  });

  it('shows the chip there, turning the page if it must, and keeps it for the next key', async () => {
    // The calendar opened on the chip's day ("today" is that morning).
    const calendar = new CalendarState(
      () => 'acme',
      b.zone,
      () => Date.parse(zonedInputToUtc(`${b.at.slice(0, 10)}T00:30`, b.zone)),
    );
    calendar.mode = b.view;
    const first = calendar.load();
    const chip = item('v1', at);
    answers[0]!([chip]);
    await first;
    calendar.key(chip, { key: b.key, altKey: b.altKey ?? false });
    const day = dayKey(lands, b.zone);
    expect(calendar.days).toContain(day);
    // The range now shown is read: the chip, still at its old time, is not in it.
    const next = calendar.load();
    answers[1]!([]);
    await next;
    const cell = b.view === 'month' ? day : `${day}T${b.lands.slice(11, 13)}`;
    expect(calendar.placed[cell]?.map((i) => i.variantId)).toEqual(['v1']);
    expect(calendar.moving?.at).toBe(lands);
  });
});

describe.each([EAST, WEST])('days and pages in %s', (zone) => {
  it.each([
    ['a Sunday', '2026-11-29', '2026-11-23', '2026-11-29'],
    ['a Monday', '2026-11-30', '2026-11-30', '2026-12-06'],
    ['the year’s last day', '2026-12-31', '2026-12-28', '2027-01-03'],
    ['a leap day', '2028-02-29', '2028-02-28', '2028-03-05'],
    ['the spring change', '2027-03-28', '2027-03-22', '2027-03-28'],
    ['the autumn change', '2026-10-25', '2026-10-19', '2026-10-25'],
  ])('the week of %s runs Monday to Sunday', (_, day, monday, sunday) => {
    const week = visibleDays(day, 'week');
    expect([week[0], week.at(-1), week.length]).toEqual([monday, sunday, 7]);
  });

  it.each([
    ['November 2026', '2026-11-15', '2026-10-26', '2026-12-06'],
    ['December 2026', '2026-12-31', '2026-11-30', '2027-01-03'],
    ['February 2028 (leap)', '2028-02-29', '2028-01-31', '2028-03-05'],
    ['February 2027', '2027-02-10', '2027-02-01', '2027-02-28'],
  ])('the month of %s shows whole weeks around it', (_, day, first, last) => {
    const month = visibleDays(day, 'month');
    expect([month[0], month.at(-1), month.length % 7]).toEqual([first, last, 0]);
    expect(visibleDays(stepAnchor(day, 'month', 1), 'month')[0]! > month[0]!).toBe(true);
  });

  it('counts today from the zone’s own midnight', () => {
    // 23:30 and 00:30 of the zone's own clock, around the year's end.
    const beforeMidnight = Date.parse(zonedInputToUtc('2026-12-31T23:30', zone));
    const afterMidnight = Date.parse(zonedInputToUtc('2027-01-01T00:30', zone));
    expect([todayIn(zone, beforeMidnight), todayIn(zone, afterMidnight)]).toEqual([
      '2026-12-31',
      '2027-01-01',
    ]);
  });

  it('drops a chip on a day of the next month shown in the grid at its own time of day', () => {
    const at = zonedInputToUtc('2026-11-30T09:15', zone);
    const dropped = dropTime(at, { day: '2026-12-01', hour: null }, zone, '2026-11-30');
    expect(dropped).toBe(onDay(at, zone, '2026-12-01'));
    expect(dayKey(dropped!, zone)).toBe('2026-12-01');
  });

  it('places a chip of the autumn repeat’s second 02:30 in its hour, and moves it a day to 02:30', () => {
    const autumn = zone === EAST ? '2026-10-25' : '2026-11-01';
    const hour = zone === EAST ? '02' : '01';
    const first = zonedInputToUtc(`${autumn}T${hour}:30`, zone);
    const second = new Date(Date.parse(first) + 3600_000).toISOString();
    const days = visibleDays(autumn, 'week');
    const placed = placeByHour([item('a', first), item('b', second)], days, hourBounds(days, zone));
    expect(placed[`${autumn}T${hour}`]?.map((i) => i.variantId)).toEqual(['a', 'b']);
    expect(dayKey(shiftTime(second, zone, 1, 0), zone)).not.toBe(autumn);
  });
});
