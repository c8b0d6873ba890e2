// A new post left as New post made it (no title, no variant, nothing sent) goes quietly when the
// person leaves it, as an empty draft does in a mail app: nothing is lost, so there is no notice
// and no Undo. Whether it is untouched is checked in the transaction that removes it, so a title
// saved first keeps it.
import { OUTBOX_REASONS } from '@preload/words/outbox';
import type { Kysely } from 'kysely';
import { getPost } from '../../store/post-repository';
import type { Database } from '../../store/schema';
import type { SyncContext } from '../../store/unit-of-work';
import { readForRemoval, removeUnsentPost, type RemovedPost } from '../bulk/removal';

/** Whether the undo journal names the post: its undo would look for it. */
export type NamedInUndo = (postId: string) => boolean;

/**
 * Whether the post is as New post made it: no title, no variant (an import makes none without
 * one), never linked, hidden or in conflict, and its ops only the create New post queued, still
 * waiting and never claimed (a post of the local space has none).
 */
export function isUntouched({ post, variants, ops }: RemovedPost): boolean {
  if (post.title !== '' || post.server_id !== null || post.base !== null) return false;
  if (post.hidden_at !== null || post.conflict !== null || variants.length > 0) return false;
  if (ops.length !== (post.workspace === null ? 0 : 1)) return false;
  return ops.every(
    (op) => op.kind === 'create_post' && op.state === 'pending' && op.attempts === 0 && op.sent_at === null,
  );
}

/** Whether anything else keeps the post's id: a kept version of its title, its activity on the service. */
async function keptElsewhere(db: Kysely<Database>, postId: string): Promise<boolean> {
  const version = await db
    .selectFrom('text_version')
    .select('post_id')
    .where('post_id', '=', postId)
    .limit(1)
    .executeTakeFirst();
  if (version !== undefined) return true;
  const activity = await db
    .selectFrom('activity_entry')
    .select('post_id')
    .where('post_id', '=', postId)
    .limit(1)
    .executeTakeFirst();
  return activity !== undefined;
}

/**
 * Removes the post if it is untouched, in the caller's transaction; answers whether it went
 * (undefined: there is no such post). Its create is withdrawn as a deleted draft's is.
 */
export async function dropIfUntouched(
  t: SyncContext,
  postId: string,
  namedInUndo: NamedInUndo,
): Promise<boolean | undefined> {
  const post = await getPost(t.db, postId);
  if (post === undefined) return undefined;
  const r = await readForRemoval(t, post);
  if (!isUntouched(r) || namedInUndo(postId) || (await keptElsewhere(t.db, postId))) return false;
  await removeUnsentPost(t, r, OUTBOX_REASONS.emptyPostDropped);
  return true;
}
