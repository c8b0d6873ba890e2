// outbox.discard with its undo entry: the values the discard dropped are kept in the entry, and
// its inverse puts them back through the path of a user's own change (variants.update, or a
// schedule change), after checking that the variant has not moved on since.
import { changedSinceUndo, discardLabel, itemName, refusalReason, timePassed } from '@preload/words/undo';
import { sameInstant } from '../../domain/merge';
import { discardOp } from '../../outbox/actions';
import { getOp } from '../../outbox/op-queries';
import type { OutboxOpRow, PostRow, VariantRow } from '../../store/schema';
import { getVariant } from '../../store/variant-repository';
import type { AppContext } from '../app-context';
import type { Undoable } from '../command';
import { CommandError } from '../command-error';
import { accountChoiceOf, sameAccount } from '../../domain/accounts';
import { setScheduledTimes } from '../planning/schedule-changes';
import type { UndoableChange, UndoOutcome } from '../command';

/**
 * outbox.discard, recorded: the values the discard dropped are kept in the entry, and its undo
 * puts them back as a new local edit that goes out again.
 */
export async function discardUndoably(app: AppContext, opId: string): Promise<Undoable<OutboxOpRow>> {
  const op = await getOp(app.db, opId);
  const before = op?.variant_id ? await getVariant(app.db, op.variant_id) : undefined;
  const settled = await discardOp(app.syncCtx(), opId);
  const after = before && (await getVariant(app.db, before.id));
  const undo = before && after ? discardUndo(app, await app.post(before.post_id), before, after) : null;
  return { value: settled, undo };
}

interface Dropped {
  content: boolean;
  account: boolean;
  time: boolean;
}

function discardUndo(
  app: AppContext,
  post: PostRow,
  before: VariantRow,
  after: VariantRow,
): UndoableChange | null {
  const dropped: Dropped = {
    content: before.content !== after.content,
    account: !sameAccount(before, after),
    time: !sameInstant(before.scheduled_at, after.scheduled_at),
  };
  if (!dropped.content && !dropped.account && !dropped.time) return null;
  const name = itemName(post.title, before.platform);
  const refuse = (reason: string): UndoOutcome => ({ undone: 0, refused: [{ postId: post.id, reason }] });
  return {
    label: discardLabel(dropped, name),
    postIds: [post.id],
    inverse: async () => {
      const now = await getVariant(app.db, before.id);
      if (!now) return refuse(refusalReason(name, { code: 'not_found', message: '' }));
      if (changedSince(now, after, dropped)) return refuse(changedSinceUndo(name, 'the discard'));
      if (dropped.time) {
        if (before.scheduled_at !== null && Date.parse(before.scheduled_at) <= Date.parse(app.now()))
          return refuse(timePassed(name, before.scheduled_at));
        const result = await setScheduledTimes(app, [
          { variantId: before.id, at: before.scheduled_at, expected: after.scheduled_at },
        ]);
        if (result.refused[0]) return refuse(refusalReason(name, result.refused[0].error));
        return { undone: 1, refused: [] };
      }
      try {
        await app.run('variants.update', {
          id: before.id,
          ...(dropped.content ? { content: before.content } : {}),
          ...(dropped.account ? { account: accountChoiceOf(before) } : {}),
        });
      } catch (error) {
        if (error instanceof CommandError) return refuse(refusalReason(name, error));
        throw error;
      }
      return { undone: 1, refused: [] };
    },
  };
}

/** Whether a dropped field holds something else now than what the discard left there. */
function changedSince(now: VariantRow, left: VariantRow, dropped: Dropped): boolean {
  return (
    (dropped.content && now.content !== left.content) ||
    (dropped.account && !sameAccount(now, left)) ||
    (dropped.time && !sameInstant(now.scheduled_at, left.scheduled_at))
  );
}
