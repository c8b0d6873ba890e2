// create_variant: POST the variant with the account in one of its three states (omitted, null
// or an id), built from the row as it is when the op is claimed.
import { accountField } from '../../domain/accounts';
import { listVariantsOfPost } from '../../store/variant-repository';
import type { ServiceVariant } from '../../api/client';
import { checkCreatedVariant, sameText, storedFormOf } from '../answer-check';
import { parsePayload } from '../payload';
import { foldPulledCopy, pulledCopiesAmong } from '../pulled-copies';
import type { SyncContext } from '../../store/unit-of-work';
import { candidateOf, matchUnlinked, settleMatch } from '../read-back';
import {
  checkNotLinkedElsewhere,
  placeOf,
  recordVariantAnswer,
  settled,
  type OpRunner,
  type OpRows,
} from './runner';

type CreateBody = { platform: string; content: string; social_profile_id?: string | null };

export const createVariantRunner: OpRunner<CreateBody> = {
  build({ op, variant }) {
    const v = variant as NonNullable<OpRows['variant']>;
    if (v.server_id !== null) return { done: 'The variant is already linked to the service.' };
    // The three account states reach the request apart: key omitted, null, or the id.
    const request: CreateBody = { platform: v.platform, content: v.content, ...accountField(v) };
    return { request, payload: { ...parsePayload(op), sent: { platform: v.platform, content: v.content } } };
  },

  send(rc, rows, body) {
    return settled(rows, rc, 'request', async () => {
      const { slug, postId } = placeOf(rows);
      const created = await rc.client.createVariant(slug, postId, body);
      const storedAs = checkCreatedVariant(body, created);
      // A record some item here is linked to is not what this create made (a cache's old answer).
      await checkNotLinkedElsewhere(
        rc.ctx.db,
        'variant',
        slug,
        created.id,
        (rows.variant as { id: string }).id,
      );
      return {
        event: { type: 'answered', reason: `The service created the variant, as variant ${created.id}.` },
        action: 'create_variant',
        record: recordVariantAnswer(rows, created, undefined, storedAs),
      };
    });
  },

  readBack(rc, rows) {
    return settled(rows, rc, 'read_back', async () => {
      const { slug, postId } = placeOf(rows);
      const variant = rows.variant as NonNullable<OpRows['variant']>;
      const payload = parsePayload(rows.op);
      const sent = payload.sent ?? { platform: variant.platform, content: variant.content };
      const listed = await rc.client.listVariants(slug, postId);
      const locals = await listVariantsOfPost(rc.ctx.db, rows.post.id);
      const linked = new Set(locals.filter((v) => v.server_id !== null).map((v) => v.server_id as string));
      const same = (c: ServiceVariant) =>
        c.platform === sent.platform && sent.content !== undefined && sameText(c.content, sent.content);
      // Brought back from an older moment: what it made may be here already as the pull's copy.
      if (payload.broughtBack) {
        const lookalikes = listed.filter((c) => linked.has(c.id) && same(c)).map((c) => c.id);
        for (const id of await pulledCopiesAmong(rc.ctx.db, 'variant', slug, lookalikes, variant.id))
          linked.delete(id);
      }
      const m = matchUnlinked(listed, linked, same);
      const linkOf = (v: ServiceVariant) => async (t: SyncContext) => {
        if (payload.broughtBack) await foldPulledCopy(t, 'variant', slug, v.id, variant.id);
        await recordVariantAnswer(rows, v, undefined, storedFormOf(sent.content ?? v.content, v.content))(t);
      };
      return settleMatch(
        'create_variant',
        m,
        {
          several: `identical ${sent.platform ?? ''} variants of the post`,
          candidate: (v) => candidateOf(v.id, v.content),
          link: linkOf,
        },
        {
          unknownSends: payload.unknownSends ?? 0,
          answeredIds: payload.answeredIds ?? [],
          unlinked: listed.filter((v) => !linked.has(v.id)),
        },
      );
    });
  },
};
