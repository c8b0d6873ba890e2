// A new post left as New post made it (no title, no variant, nothing sent) goes quietly when the
// person leaves it, as an empty draft does in a mail app: nothing is lost, so there is no notice
// and no Undo. Whether it is untouched is checked in the transaction that removes it, so a title
// saved first keeps it. The same check drops, when a window's core starts, those a crash or a
// closed window left behind: their create would otherwise wait for a title for ever.
import { OUTBOX_REASONS } from '@preload/words/outbox';
import type { Kysely } from 'kysely';
import { listEmptyPostsWaitingToBeCreated } from '../../outbox/op-queries';
import { getPost, hasNoVariant } from '../../store/post-repository';
import { processIsAlive } from '../../store/sync-lease';
import { anotherWindowCoreOpen, registerWindowCore, releaseWindowCore } from '../../store/window-cores';
import type { Database } from '../../store/schema';
import { inTransaction, type SyncContext } from '../../store/unit-of-work';
import { readForRemoval, removeUnsentPost, type RemovedPost } from '../bulk/removal';
import { messageOf } from '../../error-message';

/** Whether the undo journal names the post: its undo would look for it. */
export type NamedInUndo = (postId: string) => boolean;

/**
 * Whether the post is as New post made it: no title, no variant (an import's post has one or
 * the other), never linked, hidden or in conflict, and its ops only the create New post queued,
 * still waiting and never claimed (a post of the local space has none).
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
  for (const table of ['text_version', 'activity_entry'] as const) {
    const row = await db
      .selectFrom(table)
      .select('post_id')
      .where('post_id', '=', postId)
      .limit(1)
      .executeTakeFirst();
    if (row !== undefined) return true;
  }
  return false;
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

/**
 * At a start: every untouched post goes, through the same check, in one transaction. Found from
 * the waiting creates and the local space's posts without a title (both read through an index).
 * Answers the posts dropped.
 */
export async function dropUntouchedPosts(ctx: SyncContext, namedInUndo: NamedInUndo): Promise<string[]> {
  // Untitled posts with variants (an import's, say) are no candidates: not read one by one.
  const local = await ctx.db
    .selectFrom('post')
    .select('post.id')
    .where('post.workspace', 'is', null)
    .where('post.title', '=', '')
    .where(hasNoVariant)
    .execute();
  const waiting = await listEmptyPostsWaitingToBeCreated(ctx.db);
  const ids = [...new Set([...waiting, ...local.map((p) => p.id)])];
  if (ids.length === 0) return [];
  return inTransaction(ctx, async (t) => {
    const dropped: string[] = [];
    for (const id of ids) if ((await dropIfUntouched(t, id, namedInUndo)) === true) dropped.push(id);
    return dropped;
  });
}

type WindowStart = {
  host: 'electron' | 'browser' | 'cli';
  syncLease?: { me: string; gone: readonly string[] };
};

/** Drops them unless another window's core has the folder open; a failure only leaves them. */
async function dropUnlessOthersOpen(
  ctx: SyncContext,
  lease: WindowStart['syncLease'],
  when: string,
): Promise<void> {
  try {
    if (lease !== undefined && (await anotherWindowCoreOpen(ctx.db, lease.me, lease.gone, processIsAlive)))
      return;
    await dropUntouchedPosts(ctx, () => false);
  } catch (error) {
    ctx.logger.warn(`empty new posts could not be dropped ${when}`, {
      message: messageOf(error),
    });
  }
}

/**
 * When a window's core starts: the untouched posts a crash or a closed window left go. Not in
 * the command line (a window beside it may be showing one), nor while another window's core has
 * the folder open, nor in a core started again under a window that stayed open (the lease then
 * names a dead core of this process). A failure only leaves them waiting, as before.
 */
export async function dropLeftAtStart(ctx: SyncContext, start: WindowStart): Promise<void> {
  if (start.host === 'cli') return;
  const lease = start.syncLease;
  if (lease !== undefined) {
    try {
      await registerWindowCore(ctx.db, lease.me);
    } catch (error) {
      // Unsaid, another window's start would drop what this one shows: none is dropped here.
      ctx.logger.warn('this window could not be noted as open', {
        message: messageOf(error),
      });
      return;
    }
    if (lease.gone.length > 0) return;
  }
  await dropUnlessOthersOpen(ctx, lease, 'at the start');
}

/**
 * When a window's core closes (the app quits, the host stops): its window goes with it, so an
 * empty new post on screen goes too, as on closing the window, unless another window's core has
 * the folder open; and it no longer holds back another's drop.
 */
export async function windowCoreClosing(ctx: SyncContext, start: WindowStart): Promise<void> {
  if (start.host === 'cli') return;
  await dropUnlessOthersOpen(ctx, start.syncLease, 'at the close');
  if (start.syncLease !== undefined)
    await releaseWindowCore(ctx.db, start.syncLease.me).catch(() => undefined);
}
