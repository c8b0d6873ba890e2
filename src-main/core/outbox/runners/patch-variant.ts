// update_variant, schedule, unschedule: PATCH the fields the op names, with their values as
// they are when it is claimed (an op may have been folded with newer edits since it was listed).
import type { ServiceVariant } from '../../api/client';
import type { OutboxOpRow, VariantRow } from '../../store/schema';
import { sameInstant } from '../../sync/reconcile';
import { parsePayload, withUnconfirmed, type SentPatch } from '../payload';
import { placeOf, readBackVariant, recordVariantAnswer, settled, type OpRunner } from './runner';

/** The fields a change op sends, read from the variant now; null when nothing the service takes changed. */
export function patchOf(op: Pick<OutboxOpRow, 'kind' | 'payload'>, variant: VariantRow): SentPatch | null {
  const patch: SentPatch = {};
  if (op.kind === 'update_variant') {
    const fields = parsePayload(op).fields ?? [];
    if (fields.includes('content')) patch.content = variant.content;
    if (fields.includes('account')) {
      if (variant.account_mode === 'none') patch.social_profile_id = null;
      if (variant.account_mode === 'profile') patch.social_profile_id = variant.social_profile_id;
      // 'default' cannot be expressed on an existing variant: the service chose at creation.
    }
  } else if (op.kind === 'schedule') {
    patch.scheduled_at = variant.scheduled_at;
  } else {
    patch.scheduled_at = null;
  }
  return Object.keys(patch).length === 0 ? null : patch;
}

/** Whether the service holds every value a patch carried. */
export function holdsPatch(sv: ServiceVariant, patch: SentPatch): boolean {
  if (patch.content !== undefined && sv.content !== patch.content) return false;
  if (patch.social_profile_id !== undefined && sv.social_profile_id !== patch.social_profile_id) return false;
  if (patch.scheduled_at !== undefined && !sameInstant(sv.scheduled_at, patch.scheduled_at)) return false;
  return true;
}

export const patchVariantRunner: OpRunner<SentPatch> = {
  build({ op, variant }) {
    const patch = patchOf(op, variant as VariantRow);
    if (patch === null) return { done: 'Nothing the service can take changed.' };
    return { request: patch, payload: withUnconfirmed(parsePayload(op), patch) };
  },

  send(rc, rows, patch) {
    return settled(rows, rc, 'request', async () => {
      const { slug, postId } = placeOf(rows);
      const sv = await rc.client.updateVariant(slug, postId, rows.variant?.server_id as string, patch);
      return {
        event: { type: 'answered', reason: `Sent ${Object.keys(patch).join(', ')}; the service accepted.` },
        action: rows.op.kind,
        record: recordVariantAnswer(rows, sv),
      };
    });
  },

  readBack(rc, rows) {
    return readBackVariant(rc, rows, (sv) => {
      const last = parsePayload(rows.op).unconfirmed?.at(-1);
      if (last !== undefined && holdsPatch(sv, last))
        return {
          event: {
            type: 'answered',
            reason: 'Read back: the service holds the change; it is not sent again.',
          },
          action: 'update_readback_applied',
          record: recordVariantAnswer(rows, sv),
        };
      return {
        event: { type: 'read_back_absent', reason: 'Read back: the change was not applied; it goes again.' },
        action: 'update_readback_absent',
      };
    });
  },
};
