// Many variants to one time (a post's "Schedule all"): each is checked as its own schedule is
// (what it allows, a time to come, its text and account), the refused ones are answered with
// their reasons while the others go, through the outbox as one local change and one undo entry.
import type { BulkReport, LocalId } from '@preload/bridge';
import type { AppContext } from '../app-context';
import type { Undoable } from '../command';
import { setScheduledTimes } from './schedule-changes';
import { timeChangeUndo } from './time-change-undo';

export async function scheduleMany(
  app: AppContext,
  variantIds: readonly LocalId[],
  at: string,
): Promise<Undoable<BulkReport>> {
  const when = new Date(at).toISOString();
  const { changed, refused } = await setScheduledTimes(
    app,
    variantIds.map((variantId) => ({ variantId, at: when })),
  );
  const value = {
    done: changed.length,
    refused: refused.map((r) => ({ id: r.variantId, reason: r.error.message })),
  };
  return { value, undo: timeChangeUndo(app, changed) };
}
