// Posts that a complete listing of their workspace no longer shows. A listing can miss a row
// that shifted between its pages, so absence alone proves nothing: each such post is asked for
// by id, and only a 404 (spec: a post the caller cannot see) marks it removed. The local copy
// stays, drafts and all; a post listed again later is marked back (merge-posts.ts).
import type { ServiceClient } from '../api/client';
import { isServiceError } from '../api/errors';
import { listLinkedPosts, updatePost } from '../store/post-repository';
import { inTransaction, logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { syncImpact } from '../outbox/sync-impact';

/** At most this many absent posts are asked for per workspace and sync; the rest next time. */
export const UNLISTED_CHECKS_PER_SYNC = 20;

export const REMOVED_WORDS =
  'This post is no longer on the service (removed there, or no longer shared with you). It is kept here.';

/** Asks for the linked posts `listed` leaves out; answers how many were found removed. */
export async function confirmUnlisted(
  ctx: SyncContext,
  client: ServiceClient,
  slug: string,
  listed: ReadonlySet<string>,
): Promise<number> {
  const absent = (await listLinkedPosts(ctx.db, slug)).filter(
    (p) => p.remote_state === 'active' && !listed.has(p.server_id as string),
  );
  let removed = 0;
  for (const post of absent.slice(0, UNLISTED_CHECKS_PER_SYNC)) {
    try {
      await client.getPost(slug, post.server_id as string);
      // Still there by id: the listing missed it while rows moved. Nothing to mark.
    } catch (error) {
      if (!isServiceError(error) || error.kind !== 'not_found') {
        if (syncImpact(error) !== 'item') throw error;
        await logDecision(ctx, {
          action: 'unlisted_check_failed',
          reason: error instanceof Error ? error.message : String(error),
          postId: post.id,
        });
        continue;
      }
      await inTransaction(ctx, async (tctx) => {
        await updatePost(tctx.db, post.id, {
          remote_state: 'removed',
          error: REMOVED_WORDS,
          updated_at: nowIso(tctx),
        });
        await logDecision(tctx, { action: 'mark_removed', reason: REMOVED_WORDS, postId: post.id });
        tctx.emit({ name: 'itemChanged', data: { postId: post.id, variantId: null } });
      });
      removed++;
    }
  }
  return removed;
}
