// What a discard of an op puts back, in one place: the fields a change carries go back to what
// the service last held (the variant's base). discardOp (actions.ts) writes it and the views
// show it first (the window asks, showing what goes and what comes back), so the two cannot
// differ. Beyond the machine's rule, a change is discarded only where going back is known.
import type { DiscardPreview } from '@preload/bridge';
import { REFUSALS } from '@preload/words/refusals';
import { sameAccount, serviceAccountColumns } from '../domain/accounts';
import { sameInstant } from '../domain/merge';
import type { OutboxOpRow, VariantRow } from '../store/schema';
import { variantBase, type VariantBase, type VariantBaseRow } from '../store/variant-repository';
import { KIND_GROUPS, refusal } from './op-machine';
import { parsePayload } from './payload';

type OpFacts = Pick<OutboxOpRow, 'kind' | 'state' | 'variant_id'>;

/** The variant columns a discard reads: its base, and the row the base is read beside. */
export type DiscardVariant = VariantBaseRow & Pick<VariantRow, 'server_id' | 'account_mode'>;

/** The values a discard of the op writes back to its variant: the service's, for the fields it carries. */
export function putBack(op: Pick<OutboxOpRow, 'kind' | 'payload'>, base: VariantBase): Partial<VariantRow> {
  const back: Partial<VariantRow> = {};
  const fields = parsePayload(op).fields ?? [];
  if (op.kind === 'update_variant' && fields.includes('content')) back.content = base.content;
  if (op.kind === 'update_variant' && fields.includes('account'))
    Object.assign(back, serviceAccountColumns(base.social_profile_id));
  if (op.kind === 'schedule' || op.kind === 'unschedule') back.scheduled_at = base.scheduled_at;
  return back;
}

/**
 * Why the op cannot be discarded now, or null: the machine's rule first. A change goes back to
 * what the service last held, so its variant must have reached the service, and no other change
 * of it may be on its way (what the service holds is known only once that one is answered).
 * `others`: open ops of the variant or of its post, the op itself among them or not (one the
 * machine lets go is not in flight).
 */
export function discardRefusal(op: OpFacts, onService: boolean, others: readonly OpFacts[]): string | null {
  const why = refusal(op, 'discard');
  if (why !== null || KIND_GROUPS[op.kind] !== 'change') return why;
  if (!onService) return REFUSALS.changeOfNewVariant;
  const inFlight = others.some(
    (o) =>
      o.variant_id === op.variant_id &&
      KIND_GROUPS[o.kind] === 'change' &&
      (o.state === 'sending' || o.state === 'unknown'),
  );
  return inFlight ? REFUSALS.changeInFlight : null;
}

/** Whether the variant has reached the service and Outpost knows what it holds there. */
export function knownOnService(v: Pick<VariantRow, 'server_id' | 'base'> | undefined): boolean {
  return v !== undefined && v.server_id !== null && v.base !== null;
}

/** What a discard of the op would put back, field by field; null when it cannot be discarded. */
export function discardPreview(
  op: OpFacts & Pick<OutboxOpRow, 'payload'>,
  v: DiscardVariant | undefined,
  others: readonly OpFacts[],
): DiscardPreview | null {
  if (discardRefusal(op, knownOnService(v), others) !== null) return null;
  const base = v ? variantBase(v) : null;
  if (!v || !base) return { text: null, time: null, account: false };
  const back = putBack(op, base);
  const accountBack =
    back.account_mode === undefined
      ? null
      : { account_mode: back.account_mode, social_profile_id: back.social_profile_id ?? null };
  return {
    text:
      back.content !== undefined && back.content !== v.content
        ? { goes: v.content, comesBack: back.content }
        : null,
    time:
      back.scheduled_at !== undefined && !sameInstant(back.scheduled_at, v.scheduled_at)
        ? { goes: v.scheduled_at, comesBack: back.scheduled_at }
        : null,
    account: accountBack !== null && !sameAccount(v, accountBack),
  };
}
