// Ops a newer choice of the user makes pointless, taken out of the outbox through the machine
// (`superseded`, with a log line), never deleted: a conflict's resolution replaces the variant's
// waiting changes, and a time moved back to what the service holds before it left needs none.
import type { OpKind } from '../store/schema';
import type { SyncContext } from '../store/unit-of-work';
import { settle } from './op-store';

const CHANGE_KINDS: OpKind[] = ['update_variant', 'schedule', 'unschedule'];
const TIME_KINDS: OpKind[] = ['schedule', 'unschedule'];

/** The pending or failed changes of a variant are superseded: a conflict's resolution replaces them. */
export async function supersedeChanges(ctx: SyncContext, variantId: string): Promise<void> {
  const ops = await ctx.db
    .selectFrom('outbox_op')
    .select(['id', 'state', 'kind', 'post_id', 'variant_id'])
    .where('variant_id', '=', variantId)
    .where('kind', 'in', CHANGE_KINDS)
    .where('state', 'in', ['pending', 'failed'])
    .execute();
  for (const op of ops)
    await settle(ctx, op, {
      event: { type: 'superseded' },
      reason: 'The user resolved a conflict: what they kept is sent instead.',
    });
}

/**
 * A variant's time change that would now send what the service already holds (moved back, or
 * undone, before it left) is withdrawn, only while none of its time changes was ever claimed:
 * one that may have reached the service changes what it holds, so what follows it must go.
 * Call in the change's transaction.
 */
export async function withdrawUnsentTimeChange(ctx: SyncContext, variantId: string): Promise<void> {
  const ops = await ctx.db
    .selectFrom('outbox_op')
    .select(['id', 'state', 'kind', 'post_id', 'variant_id'])
    .where('variant_id', '=', variantId)
    .where('kind', 'in', TIME_KINDS)
    .where('state', '=', 'pending')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('outbox_op as claimed')
            .select('claimed.id')
            .where('claimed.variant_id', '=', variantId)
            .where('claimed.kind', 'in', TIME_KINDS)
            .where('claimed.state', '!=', 'done')
            .where((c) => c.or([c('claimed.state', '!=', 'pending'), c('claimed.sent_at', 'is not', null)])),
        ),
      ),
    )
    .execute();
  for (const op of ops)
    await settle(ctx, op, {
      event: { type: 'superseded' },
      reason: 'The time is back to what the service holds before the change left: nothing is sent.',
    });
}
