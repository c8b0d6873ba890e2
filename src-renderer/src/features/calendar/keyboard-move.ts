// Moving a calendar chip from the keyboard. The arrows show the chip at another time without
// sending anything; Enter confirms that move, Escape puts the chip back. Pure, so each rule is
// a row of its test (test/unit/renderer/keyboard-move.test.ts).
import { shiftTime } from '../../lib/calendar-days';

export interface Step {
  days: number;
  hours: number;
}

/**
 * The arrows move a chip as the view is drawn: left and right a day in both; up and down a week
 * in the month (its rows are weeks) and an hour in the week (its rows are hours). Alt with up
 * and down takes the other step.
 */
export const MOVE_KEYS: Readonly<Record<'week' | 'month', Readonly<Record<string, Step>>>> = {
  month: {
    ArrowLeft: { days: -1, hours: 0 },
    ArrowRight: { days: 1, hours: 0 },
    ArrowUp: { days: -7, hours: 0 },
    ArrowDown: { days: 7, hours: 0 },
    'Alt+ArrowUp': { days: 0, hours: -1 },
    'Alt+ArrowDown': { days: 0, hours: 1 },
  },
  week: {
    ArrowLeft: { days: -1, hours: 0 },
    ArrowRight: { days: 1, hours: 0 },
    ArrowUp: { days: 0, hours: -1 },
    ArrowDown: { days: 0, hours: 1 },
    'Alt+ArrowUp': { days: -7, hours: 0 },
    'Alt+ArrowDown': { days: 7, hours: 0 },
  },
};

/** How far a key moves a chip in `view`, if it moves one (Alt with left or right is still a day). */
export function stepFor(key: string, altKey: boolean, view: 'week' | 'month'): Step | null {
  const keys = MOVE_KEYS[view];
  return (altKey ? keys[`Alt+${key}`] : undefined) ?? keys[key] ?? null;
}

/** A chip shown at a time it does not have yet: the move waits for Enter. */
export interface PendingMove {
  variantId: string;
  at: string;
}

export interface MovableChip {
  variantId: string;
  at: string | null;
  canMove: boolean;
}

export type ChipKeyOutcome =
  /** Not a key of the move: it does what it always does. */
  | { kind: 'none' }
  /** A move key on a chip whose time cannot change. */
  | { kind: 'refused' }
  /** Shown at `move.at`, nothing sent. */
  | { kind: 'moved'; move: PendingMove }
  | { kind: 'cancelled' }
  | { kind: 'confirmed'; at: string };

/** What a key pressed on `chip` does, while `moving` (this chip's move or another's) is shown. */
export function chipKey(
  moving: PendingMove | null,
  chip: MovableChip,
  key: { key: string; altKey: boolean },
  where: { zone: string; view: 'week' | 'month' },
): ChipKeyOutcome {
  const current = moving?.variantId === chip.variantId ? moving.at : chip.at;
  if (!current) return { kind: 'none' };
  if (key.key === 'Escape') return moving ? { kind: 'cancelled' } : { kind: 'none' };
  if (key.key === 'Enter')
    return moving?.variantId === chip.variantId ? { kind: 'confirmed', at: moving.at } : { kind: 'none' };
  const step = stepFor(key.key, key.altKey, where.view);
  if (!step) return { kind: 'none' };
  if (!chip.canMove) return { kind: 'refused' };
  const at = shiftTime(current, where.zone, step.days, step.hours);
  return { kind: 'moved', move: { variantId: chip.variantId, at } };
}
