// Withdrawing what an item still has on its way to the service, when the user deletes it (or
// takes a draft back to the local space) before it got there. The op machine decides which ops
// can go (`withdrawn`): only those nothing of which may be on the service, waiting or refused.
// An item whose create is being sent, or of unknown outcome, may exist there already: it stays.
import { REFUSALS } from '@preload/words/refusals';
import type { OutboxOpRow } from '../store/schema';
import type { SyncContext } from '../store/unit-of-work';
import { transition, type OpFacts } from './op-machine';
import { settle } from './op-store';

/** Why each state keeps its op (and its item) from being withdrawn. */
const KEPT_BECAUSE: Partial<Record<OpFacts['state'], string>> = {
  sending: REFUSALS.beingSent,
  unknown: REFUSALS.beingChecked,
  needs_user: REFUSALS.decideInOutbox,
};

/** Why these ops keep their item (it may be on the service already), or null when all can go. */
export function withdrawalRefusal(ops: readonly OpFacts[]): string | null {
  for (const op of ops) {
    if (op.state === 'done' || transition(op, { type: 'withdrawn' }).ok) continue;
    return KEPT_BECAUSE[op.state] ?? REFUSALS.mayBeOnService;
  }
  return null;
}

/**
 * Withdraws every open op of an item, through the machine, with a line in the decision log.
 * Call after `withdrawalRefusal` said yes, in the transaction that removes the item.
 */
export async function withdrawOps(
  ctx: SyncContext,
  ops: ReadonlyArray<Pick<OutboxOpRow, 'id' | 'state' | 'kind' | 'post_id' | 'variant_id'>>,
  reason: string,
): Promise<void> {
  for (const op of ops)
    if (op.state !== 'done') await settle(ctx, op, { event: { type: 'withdrawn' }, reason });
}
