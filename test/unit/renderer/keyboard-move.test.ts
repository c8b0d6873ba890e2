// Moving a calendar chip by keyboard, one row per rule. Times are in Europe/Berlin; the chip is
// at 10:00 on Wednesday 6 March 2030 (09:00 UTC).
import { describe, expect, it } from 'vitest';
import {
  chipKey,
  MOVE_KEYS,
  stepFor,
  type MovableChip,
  type PendingMove,
} from '../../../src-renderer/src/features/calendar/keyboard-move';

const ZONE = 'Europe/Berlin';
const MONTH = { zone: ZONE, view: 'month' } as const;
const WEEK = { zone: ZONE, view: 'week' } as const;
const chip: MovableChip = { variantId: 'v1', at: '2030-03-06T09:00:00.000Z', canMove: true };
const other: PendingMove = { variantId: 'v2', at: '2030-03-07T09:00:00.000Z' };
const key = (name: string, altKey = false) => ({ key: name, altKey });

describe('keys that move a chip', () => {
  it.each([
    ['month', 'ArrowLeft', false, { days: -1, hours: 0 }],
    ['month', 'ArrowRight', false, { days: 1, hours: 0 }],
    ['month', 'ArrowUp', false, { days: -7, hours: 0 }],
    ['month', 'ArrowDown', false, { days: 7, hours: 0 }],
    ['month', 'ArrowUp', true, { days: 0, hours: -1 }],
    ['month', 'ArrowDown', true, { days: 0, hours: 1 }],
    ['month', 'ArrowLeft', true, { days: -1, hours: 0 }],
    ['week', 'ArrowLeft', false, { days: -1, hours: 0 }],
    ['week', 'ArrowRight', false, { days: 1, hours: 0 }],
    ['week', 'ArrowUp', false, { days: 0, hours: -1 }],
    ['week', 'ArrowDown', false, { days: 0, hours: 1 }],
    ['week', 'ArrowUp', true, { days: -7, hours: 0 }],
    ['week', 'ArrowDown', true, { days: 7, hours: 0 }],
    ['week', 'ArrowRight', true, { days: 1, hours: 0 }],
    ['week', 'Enter', false, null],
    ['month', 'a', false, null],
  ] as const)('in the %s, %s (Alt: %s) moves it %o', (view, name, alt, step) => {
    expect(stepFor(name, alt, view)).toEqual(step);
  });

  it('is the whole table, the same keys in both views', () => {
    const keys = ['Alt+ArrowDown', 'Alt+ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ArrowUp'].sort();
    expect(Object.keys(MOVE_KEYS.month).sort()).toEqual(keys);
    expect(Object.keys(MOVE_KEYS.week).sort()).toEqual(keys);
  });
});

describe('a key on a chip', () => {
  it.each([
    ['a day right, its time of day kept', null, key('ArrowRight'), '2030-03-07T09:00:00.000Z'],
    ['a week up', null, key('ArrowUp'), '2030-02-27T09:00:00.000Z'],
    ['an hour later', null, key('ArrowDown', true), '2030-03-06T10:00:00.000Z'],
    ['a week down', null, key('ArrowDown'), '2030-03-13T09:00:00.000Z'],
    [
      'on from where its move shows it',
      { variantId: 'v1', at: '2030-03-27T09:00:00.000Z' },
      key('ArrowRight'),
      '2030-03-28T09:00:00.000Z',
    ],
    // Daylight saving starts in Berlin on 31 March 2030: 10:00 stays 10:00, an hour earlier in UTC.
    [
      'over the clock change from where it shows',
      { variantId: 'v1', at: '2030-03-27T09:00:00.000Z' },
      key('ArrowDown'),
      '2030-04-03T08:00:00.000Z',
    ],
    ['instead of another chip being moved', other, key('ArrowLeft'), '2030-03-05T09:00:00.000Z'],
  ] as const)('moves it %s, nothing sent', (_what, moving, pressed, at) => {
    const outcome = chipKey(moving, chip, pressed, MONTH);
    expect(outcome.kind === 'moved' && outcome.move.variantId).toBe('v1');
    expect(outcome.kind === 'moved' && new Date(outcome.move.at).toISOString()).toBe(at);
  });

  it('moves it by the hour with up and down in the week, and a week with Alt', () => {
    const later = chipKey(null, chip, key('ArrowDown'), WEEK);
    expect(later.kind === 'moved' && new Date(later.move.at).toISOString()).toBe('2030-03-06T10:00:00.000Z');
    const weekBefore = chipKey(null, chip, key('ArrowUp', true), WEEK);
    expect(weekBefore.kind === 'moved' && new Date(weekBefore.move.at).toISOString()).toBe(
      '2030-02-27T09:00:00.000Z',
    );
  });

  it('confirms its own move with Enter, and only its own', () => {
    const mine: PendingMove = { variantId: 'v1', at: '2030-03-07T09:00:00.000Z' };
    expect(chipKey(mine, chip, key('Enter'), MONTH)).toEqual({ kind: 'confirmed', at: mine.at });
    expect(chipKey(other, chip, key('Enter'), MONTH)).toEqual({ kind: 'none' });
    expect(chipKey(null, chip, key('Enter'), MONTH)).toEqual({ kind: 'none' });
  });

  it('cancels whatever move is shown with Escape; with none, Escape is not the calendar’s', () => {
    expect(chipKey(other, chip, key('Escape'), MONTH)).toEqual({ kind: 'cancelled' });
    expect(chipKey(null, chip, key('Escape'), MONTH)).toEqual({ kind: 'none' });
  });

  it('refuses to move a chip whose time cannot change', () => {
    const published: MovableChip = { ...chip, canMove: false };
    expect(chipKey(null, published, key('ArrowRight'), MONTH)).toEqual({ kind: 'refused' });
    expect(chipKey(null, published, key('Tab'), MONTH)).toEqual({ kind: 'none' });
  });

  it('leaves every key alone on a chip with no time', () => {
    const timeless: MovableChip = { ...chip, at: null };
    for (const name of ['ArrowRight', 'Enter', 'Escape'])
      expect(chipKey(other, timeless, key(name), MONTH)).toEqual({ kind: 'none' });
  });
});
