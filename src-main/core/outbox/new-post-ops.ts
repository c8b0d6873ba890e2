// The ops that take a post made here to the service, in order: the post, then each variant and
// its time. A new post in a workspace, a local draft moved into one and a duplicate all add
// these to the outbox.
import type { SyncContext } from '../store/unit-of-work';
import { enqueue } from './op-store';

export async function enqueueCreates(
  t: SyncContext,
  postId: string,
  variants: ReadonlyArray<{ id: string; scheduled_at?: string | null }>,
  now: string,
): Promise<void> {
  await enqueue(t, { kind: 'create_post', postId, variantId: null, now });
  for (const v of variants) {
    await enqueue(t, { kind: 'create_variant', postId, variantId: v.id, now });
    // A copy has no time; a draft moved in keeps its own.
    if (typeof v.scheduled_at === 'string')
      await enqueue(t, { kind: 'schedule', postId, variantId: v.id, now });
  }
}
