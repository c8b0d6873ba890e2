// The outbox's moments in a text's history: the text a request is about to carry (kept in the
// claim's own transaction, so the versions hold everything that ever left), and the text a
// change never delivered because the variant was published first.
import { keepVersion } from '../history/versions';
import type { VariantRow } from '../store/schema';
import type { SyncContext } from '../store/unit-of-work';
import { variantBase } from '../store/variant-repository';
import { parsePayload } from './payload';
import type { OpRows } from './runners/runner';

/** Keeps the text an op's request carries, when it carries one and the versions lack it. */
export async function keepTextSent(t: SyncContext, { op, post, variant }: OpRows): Promise<void> {
  if (op.kind === 'create_post') {
    await keepVersion(t, { postId: post.id, variantId: null }, 'typed', post.title);
    return;
  }
  const carriesText =
    op.kind === 'create_variant' ||
    (op.kind === 'update_variant' && (parsePayload(op).fields ?? []).includes('content'));
  if (variant !== null && carriesText)
    await keepVersion(t, { postId: post.id, variantId: variant.id }, 'typed', variant.content);
}

/**
 * The variant was published on the service before its change could go: the local text that
 * differs from what went out never left, and stays findable in the history.
 */
export async function keepTextNotSent(t: SyncContext, variant: VariantRow): Promise<void> {
  const base = variantBase(variant);
  if (base === null || base.content === variant.content) return;
  await keepVersion(
    t,
    { postId: variant.post_id, variantId: variant.id },
    'not_sent_published',
    variant.content,
  );
}
