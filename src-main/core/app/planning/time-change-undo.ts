// The undo entry of a time set or cleared (one variant or many at once): its inverse goes
// through the path of a user's own change (schedule-changes.ts) and checks first that its items
// have not moved on since; undo/journal.ts says what an entry promises.
import { itemName, refusalReason, timeChangeLabel, timePassed } from '@preload/words/undo';
import { sameInstant } from '../../domain/merge';
import type { AppContext } from '../app-context';
import type { UndoableChange, UndoRefusal } from '../command';
import { setScheduledTimes, type TimeChange, type TimeChanged } from './schedule-changes';

/** The entry that puts back the times `changed` replaced; null when nothing changed. */
export function timeChangeUndo(app: AppContext, changed: readonly TimeChanged[]): UndoableChange | null {
  const moved = changed.filter((c) => !sameInstant(c.before, c.after));
  if (moved.length === 0) return null;
  return {
    label: timeChangeLabel(moved),
    postIds: [...new Set(moved.map((c) => c.postId))],
    inverse: async () => {
      const now = Date.parse(app.now());
      const refused: UndoRefusal[] = [];
      const back: TimeChange[] = [];
      for (const c of moved) {
        // A time gone by would send at once: never without the user asking.
        if (c.before !== null && Date.parse(c.before) <= now)
          refused.push({ postId: c.postId, reason: timePassed(itemName(c.postTitle, c.platform), c.before) });
        else back.push({ variantId: c.variantId, at: c.before, expected: c.after });
      }
      const result = await setScheduledTimes(app, back);
      const byVariant = new Map(moved.map((c) => [c.variantId, c]));
      for (const r of result.refused) {
        const c = byVariant.get(r.variantId) as TimeChanged;
        refused.push({ postId: c.postId, reason: refusalReason(itemName(c.postTitle, c.platform), r.error) });
      }
      return { undone: result.changed.length, refused };
    },
  };
}
