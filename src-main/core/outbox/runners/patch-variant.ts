// update_variant, schedule, unschedule: PATCH the fields the op names, with their values as
// they are when it is claimed (an op may have been folded with newer edits since it was listed).
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { accountAsSent, accountField } from '../../domain/accounts';
import { variantBase } from '../../store/variant-repository';
import type { OutboxOpRow, VariantRow } from '../../store/schema';
import {
  checkChangeAnswer,
  fieldsNotHeld,
  notKeptReason,
  sameValue,
  type ChangeField,
} from '../answer-check';
import { NOT_KEPT_LIMIT } from '../op-machine';
import type { Settlement } from '../op-store';
import {
  parsePayload,
  withUnconfirmed,
  type OutboxPayload,
  type SentPatch,
  type VariantField,
} from '../payload';
import {
  checkNotLinkedElsewhere,
  placeOf,
  readBackVariant,
  recordVariantAnswer,
  settled,
  type OpRunner,
} from './runner';

/** The fields in which the variant differs from the service's last copy (its base); all without one. */
function changedHere(variant: VariantRow): VariantField[] {
  const base = variantBase(variant);
  if (base === null) return ['account', 'content'];
  const fields: VariantField[] = [];
  if (accountAsSent(variant, base) !== base.social_profile_id) fields.push('account');
  if (!sameValue('content', variant.content, base.content)) fields.push('content');
  return fields;
}

/**
 * The op's payload. One that could not be read (a damaged row) is worked out again: a change
 * names the fields changed here, so what was typed still goes and what was not changed here is
 * not sent over a colleague's change; the claim keeps it so, with nothing unreadable left.
 */
function payloadOf(op: Pick<OutboxOpRow, 'kind' | 'payload'>, variant: VariantRow): OutboxPayload {
  const { unreadable, ...payload } = parsePayload(op);
  if (unreadable !== true || op.kind !== 'update_variant') return payload;
  return { ...payload, fields: changedHere(variant) };
}

/** The fields a change op sends, read from the variant now; null when nothing the service takes changed. */
function patchOf(kind: OutboxOpRow['kind'], payload: OutboxPayload, variant: VariantRow): SentPatch | null {
  const patch: SentPatch = {};
  if (kind === 'update_variant') {
    const fields = payload.fields ?? [];
    if (fields.includes('content')) patch.content = variant.content;
    // 'default' cannot be expressed on an existing variant: the service chose at creation.
    if (fields.includes('account')) Object.assign(patch, accountField(variant));
  } else if (kind === 'schedule') {
    patch.scheduled_at = variant.scheduled_at;
  } else {
    patch.scheduled_at = null;
  }
  return Object.keys(patch).length === 0 ? null : patch;
}

export const patchVariantRunner: OpRunner<SentPatch> = {
  build({ op, variant }) {
    const payload = payloadOf(op, variant as VariantRow);
    const patch = patchOf(op.kind, payload, variant as VariantRow);
    if (patch === null) return { done: 'Nothing the service can take changed.' };
    return { request: patch, payload: withUnconfirmed(payload, patch) };
  },

  send(rc, rows, patch) {
    return settled(rows, rc, 'request', async () => {
      const { slug, postId } = placeOf(rows);
      const addressed = rows.variant?.server_id as string;
      const sv = await rc.client.updateVariant(slug, postId, addressed, patch);
      const storedAs = checkChangeAnswer(addressed, patch, sv);
      await checkNotLinkedElsewhere(rc.ctx.db, 'variant', slug, sv.id, (rows.variant as VariantRow).id);
      const change = { sent: patch, notKept: parsePayload(rows.op).notKept ?? 0 };
      return {
        event: { type: 'answered', reason: `Sent ${Object.keys(patch).join(', ')}; the service accepted.` },
        action: rows.op.kind,
        record: recordVariantAnswer(rows, sv, change, storedAs),
      };
    });
  },

  readBack(rc, rows) {
    return readBackVariant(rc, rows, (sv) => {
      const payload = parsePayload(rows.op);
      const last = payload.unconfirmed?.at(-1);
      const missing = last === undefined ? null : fieldsNotHeld(sv, last);
      if (missing !== null && missing.length === 0)
        return {
          event: {
            type: 'answered',
            reason: OUTBOX_REASONS.changeFound,
          },
          action: 'update_readback_applied',
          record: recordVariantAnswer(rows, sv),
        };
      // Answered, but not about it, and not held: the service did not keep it.
      if (missing !== null && payload.answerMismatch === true)
        return notKept(missing, (payload.notKept ?? 0) + 1);
      return {
        event: { type: 'read_back_absent', reason: OUTBOX_REASONS.changeMissing },
        action: 'update_readback_absent',
      };
    });
  },
};

function notKept(fields: ChangeField[], times: number): Settlement {
  const reason = notKeptReason(fields, times);
  return {
    event: { type: 'not_kept', reason, times },
    action: 'update_not_kept',
    payload: { notKept: times, answerMismatch: null },
    // The last try's reason is the status bar's too, not only the item's.
    ...(times >= NOT_KEPT_LIMIT ? { note: reason } : {}),
  };
}
