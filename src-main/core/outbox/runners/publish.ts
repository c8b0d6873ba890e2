// publish: POST publish, at most once by itself. A publish whose answer was lost is read back;
// when the service does not show it published (or waiting for sign-off), the user decides.
import type { VariantRow } from '../../store/schema';
import { decidePublishReadBack, isPublished, NEEDS_APPROVAL } from '../../domain/service-state';
import { checkPublishAnswer } from '../answer-check';
import { notePublishAnswer } from '../sign-off';
import {
  checkNotLinkedElsewhere,
  placeOf,
  readBackVariant,
  recordVariantAnswer,
  settled,
  type OpRows,
  type OpRunner,
} from './runner';
import type { ServiceVariant } from '../../api/client';
import type { SyncContext } from '../../store/unit-of-work';

export const publishRunner: OpRunner<null> = {
  build({ variant }) {
    const v = variant as VariantRow;
    if (isPublished(v)) return { done: 'The variant is already published.' };
    if (v.status === NEEDS_APPROVAL)
      return { done: "The variant is already waiting for the channel's approvers." };
    return { request: null };
  },

  send(rc, rows) {
    return settled(rows, rc, 'request', async () => {
      const { slug, postId } = placeOf(rows);
      const addressed = rows.variant?.server_id as string;
      const sv = await rc.client.publishVariant(slug, postId, addressed);
      checkPublishAnswer(addressed, sv);
      await checkNotLinkedElsewhere(rc.ctx.db, 'variant', slug, sv.id, (rows.variant as VariantRow).id);
      return {
        event: {
          type: 'answered',
          reason: `The service answered ${sv.platform_post_url ? 'published' : (sv.status ?? 'without a status')}.`,
        },
        action: 'publish',
        record: recordPublishAnswer(rows, sv),
      };
    });
  },

  readBack(rc, rows) {
    return readBackVariant(rc, rows, (sv) => {
      const d = decidePublishReadBack(sv);
      if (d.action === 'record')
        return {
          event: { type: 'answered', reason: d.reason },
          action: 'publish_readback_record',
          record: recordPublishAnswer(rows, sv),
        };
      return { event: { type: 'read_back_absent', reason: d.reason }, action: 'publish_readback_ask_user' };
    });
  },
};

/** The variant as answered, and what the answer says of its account's sign-off (sign-off.ts). */
function recordPublishAnswer(rows: OpRows, sv: ServiceVariant) {
  const record = recordVariantAnswer(rows, sv);
  return async (t: SyncContext): Promise<void> => {
    await record(t);
    await notePublishAnswer(t, rows.post.id, sv);
  };
}
