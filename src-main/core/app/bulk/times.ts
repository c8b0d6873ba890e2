// Reschedule and unschedule many variants at once: each variant's new time is worked out from
// its own (a shift on the wall clock of the window's zone), checked against what it allows
// (`move`, `unschedule`), and the lot goes through setScheduledTimes as one local change: one
// transaction, one outbox op per variant, a time moved back before it left sending nothing.
// The whole action is one undo entry.
import { REFUSALS } from '@preload/words/refusals';
import type { BulkReport, LocalId, TimeShift } from '@preload/bridge';
import { applyShift } from '@preload/time-shift';
import { variantRefusal } from '../../outbox/item-actions';
import { getPost } from '../../store/post-repository';
import type { PostRow } from '../../store/schema';
import { getVariant } from '../../store/variant-repository';
import type { AppContext } from '../app-context';
import type { Undoable } from '../command';
import { present, refuseIf, Refusals } from './report';
import { setScheduledTimes, type TimeChange } from '../planning/schedule-changes';
import { timeChangeUndo } from '../planning/time-change-undo';

/** Each variant's time after the change, or null to clear it. */
type NewTime = (scheduledAt: string) => string | null;

export function rescheduleMany(
  app: AppContext,
  ids: readonly LocalId[],
  shift: TimeShift,
  zone: string,
): Promise<Undoable<BulkReport>> {
  return changeTimes(app, ids, 'move', (at) => applyShift(at, shift, zone));
}

export function unscheduleMany(app: AppContext, ids: readonly LocalId[]): Promise<Undoable<BulkReport>> {
  return changeTimes(app, ids, 'unschedule', () => null);
}

async function changeTimes(
  app: AppContext,
  ids: readonly LocalId[],
  action: 'move' | 'unschedule',
  newTime: NewTime,
): Promise<Undoable<BulkReport>> {
  const refusals = new Refusals();
  const changes: TimeChange[] = [];
  const posts = new Map<string, PostRow | undefined>();
  for (const id of ids)
    await refusals.each(id, async () => {
      const variant = present(await getVariant(app.db, id));
      if (!posts.has(variant.post_id)) posts.set(variant.post_id, await getPost(app.db, variant.post_id));
      const workspace = posts.get(variant.post_id)?.workspace ?? null;
      refuseIf(variantRefusal(action, { variant, workspace, ops: [] }));
      // Unscheduling what has no time would send a change of nothing.
      const at = variant.scheduled_at;
      refuseIf(at === null ? REFUSALS.noTimeToClear : null);
      // Read outside the change's transaction: a time changed meanwhile is refused there.
      changes.push({ variantId: id, at: newTime(at as string), expected: at });
    });
  const result = await setScheduledTimes(app, changes);
  for (const r of result.refused) refusals.add(r.variantId, r.error.message);
  return { value: refusals.report(ids, result.changed.length), undo: timeChangeUndo(app, result.changed) };
}
