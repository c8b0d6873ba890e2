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
const chip: MovableChip = { variantId: 'v1', at: '2030-03-06T09:00:00.000Z', canMove: true };
const other: PendingMove = { variantId: 'v2', at: '2030-03-07T09:00:00.000Z' };
const key = (name: string, altKey = false) => ({ key: name, altKey });

describe('keys that move a chip', () => {
  it.each([
    ['ArrowLeft', false, { days: -1, hours: 0 }],
    ['ArrowRight', false, { days: 1, hours: 0 }],
    ['ArrowUp', false, { days: -7, hours: 0 }],
    ['ArrowDown', false, { days: 7, hours: 0 }],
    ['ArrowUp', true, { days: 0, hours: -1 }],
    ['ArrowDown', true, { days: 0, hours: 1 }],
    ['ArrowLeft', true, { days: -1, hours: 0 }],
    ['ArrowRight', true, { days: 1, hours: 0 }],
    ['Enter', false, null],
    ['a', false, null],
  ])('%s (Alt: %s) moves it %o', (name, alt, step) => {
    expect(stepFor(name, alt)).toEqual(step);
  });

  it('is the whole table', () => {
    expect(Object.keys(MOVE_KEYS).sort()).toEqual(
      ['Alt+ArrowDown', 'Alt+ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ArrowUp'].sort(),
    );
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
    const outcome = chipKey(moving, chip, pressed, ZONE);
    expect(outcome.kind === 'moved' && outcome.move.variantId).toBe('v1');
    expect(outcome.kind === 'moved' && new Date(outcome.move.at).toISOString()).toBe(at);
  });

  it('confirms its own move with Enter, and only its own', () => {
    const mine: PendingMove = { variantId: 'v1', at: '2030-03-07T09:00:00.000Z' };
    expect(chipKey(mine, chip, key('Enter'), ZONE)).toEqual({ kind: 'confirmed', at: mine.at });
    expect(chipKey(other, chip, key('Enter'), ZONE)).toEqual({ kind: 'none' });
    expect(chipKey(null, chip, key('Enter'), ZONE)).toEqual({ kind: 'none' });
  });

  it('cancels whatever move is shown with Escape; with none, Escape is not the calendar’s', () => {
    expect(chipKey(other, chip, key('Escape'), ZONE)).toEqual({ kind: 'cancelled' });
    expect(chipKey(null, chip, key('Escape'), ZONE)).toEqual({ kind: 'none' });
  });

  it('refuses to move a chip whose time cannot change', () => {
    const published: MovableChip = { ...chip, canMove: false };
    expect(chipKey(null, published, key('ArrowRight'), ZONE)).toEqual({ kind: 'refused' });
    expect(chipKey(null, published, key('Tab'), ZONE)).toEqual({ kind: 'none' });
  });

  it('leaves every key alone on a chip with no time', () => {
    const timeless: MovableChip = { ...chip, at: null };
    for (const name of ['ArrowRight', 'Enter', 'Escape'])
      expect(chipKey(other, timeless, key(name), ZONE)).toEqual({ kind: 'none' });
  });
});
