// A change the service answered as if it kept it, which a later read shows it did not keep (the
// value it replaced is back). Nothing in such an answer tells it apart from a real one, so the
// read after it is where it shows (merge-variant.ts). The change goes again as a new edit of the
// same fields would, carrying its count; the op machine fails it at NOT_KEPT_LIMIT.
import type { OpKind, VariantRow } from '../store/schema';
import type { VariantBase } from '../store/variant-repository';
import { nowIso, type SyncContext } from '../store/unit-of-work';
import { fieldsNotHeld, notKeptReason, sameValue, type ChangeField } from './answer-check';
import { enqueue, settle } from './op-store';
import type { SentPatch, VariantField } from './payload';

/** A variant's values that a change sends, as held here, in the base or on the service. */
type Held = { content: string; scheduled_at: string | null; social_profile_id: string | null };

/** The values a change replaced, from the base it was sent over; null when it replaced none. */
export function replacedBy(before: VariantBase, sent: SentPatch): VariantBase['replaced'] | null {
  const fields = fieldsNotHeld(before, sent);
  return fields.length === 0 ? null : Object.fromEntries(fields.map((f) => [f, before[f]]));
}

/**
 * The fields whose value the last answered change replaced, which the service holds again: it
 * answered the change but did not keep it. Only those the user still wants changed count.
 */
export function notKeptFields(base: VariantBase, theirs: Held, mine: Held): ChangeField[] {
  const replaced = base.replaced ?? {};
  return (Object.keys(replaced) as ChangeField[]).filter(
    (f) =>
      sameValue(f, theirs[f], replaced[f] ?? null) &&
      !sameValue(f, theirs[f], base[f]) &&
      !sameValue(f, mine[f], theirs[f]),
  );
}

/** What the user is told when such a change fails: `what` names the item ("the X variant"). */
export function notKeptNotice(what: string, reason: string): string {
  return `A change to ${what} failed: ${reason}`;
}

/** The ops that send the fields again, with the variant's values as they are when they leave. */
function changesFor(variant: VariantRow, fields: readonly ChangeField[]) {
  const edited: VariantField[] = [];
  if (fields.includes('content')) edited.push('content');
  if (fields.includes('social_profile_id')) edited.push('account');
  const changes: Array<{ kind: OpKind; fields?: VariantField[] }> = [];
  if (edited.length > 0) changes.push({ kind: 'update_variant', fields: edited });
  if (fields.includes('scheduled_at'))
    changes.push({ kind: variant.scheduled_at === null ? 'unschedule' : 'schedule' });
  return changes;
}

/**
 * Sends the change again, `times` being how often the service has now answered it without
 * keeping it. Returns the reason when that was once too often (the op failed).
 */
export async function sendAgainNotKept(
  ctx: SyncContext,
  variant: VariantRow,
  fields: readonly ChangeField[],
  times: number,
): Promise<string | null> {
  const reason = notKeptReason(fields, times);
  let failed = false;
  for (const change of changesFor(variant, fields)) {
    const id = await enqueue(ctx, {
      kind: change.kind,
      postId: variant.post_id,
      variantId: variant.id,
      payload: { ...(change.fields ? { fields: change.fields } : {}), notKept: times },
      now: nowIso(ctx),
    });
    const op = {
      id,
      state: 'pending' as const,
      kind: change.kind,
      post_id: variant.post_id,
      variant_id: variant.id,
    };
    const applied = await settle(ctx, op, {
      event: { type: 'not_kept', reason, times },
      action: `${change.kind}_not_kept`,
    });
    failed ||= applied.state === 'failed';
  }
  return failed ? reason : null;
}
