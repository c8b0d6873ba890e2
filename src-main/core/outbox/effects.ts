// What some settlements bring with them beyond the op's state: the user told, the item marked.
import { platformName } from '@preload/platforms';
import { updatePost } from '../store/post-repository';
import type { OutboxOpRow } from '../store/schema';
import { getVariant, updateVariant } from '../store/variant-repository';
import { notify } from '../domain/notices';
import { nowIso, type SyncContext } from '../store/unit-of-work';
import { notKeptNotice } from './not-kept';
import type { OpEvent } from './op-events';

/** A decision or a refusal now waits for the user: they hear it once, with what to do. */
export async function tellUser(ctx: SyncContext, op: OutboxOpRow, event: OpEvent): Promise<void> {
  const variant = op.variant_id === null ? undefined : await getVariant(ctx.db, op.variant_id);
  const what = variant ? `the ${platformName(variant.platform)} variant` : 'the post';
  const reason = 'reason' in event ? event.reason : '';
  const body =
    event.type === 'read_back_ambiguous'
      ? `Outpost cannot tell which of ${event.candidates.length} look-alikes on the service is ${what}. Choose in the outbox; nothing is changed meanwhile.`
      : event.type === 'read_back_absent'
        ? `Outpost cannot tell whether ${what} was published. Please decide.`
        : event.type === 'locked'
          ? `A change to ${what} was not sent: ${reason}`
          : event.type === 'not_kept'
            ? notKeptNotice(what, reason)
            : `The service refused a change to ${what}: ${reason}`;
  await notify(ctx, 'needs_user', body, { postId: op.post_id, variantId: op.variant_id });
}

/** The item is gone on the service (its workspace is still there): the local copy stays, marked. */
export async function markRemoved(t: SyncContext, op: OutboxOpRow, reason: string): Promise<void> {
  const now = nowIso(t);
  if (op.variant_id !== null && op.kind !== 'create_variant')
    await updateVariant(t.db, op.variant_id, { remote_state: 'removed', error: reason, updated_at: now });
  else await updatePost(t.db, op.post_id, { remote_state: 'removed', error: reason, updated_at: now });
}
