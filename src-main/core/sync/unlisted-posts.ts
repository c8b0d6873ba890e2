// Posts that a complete listing of their workspace no longer shows. A listing can miss a row
// that shifted between its pages, so absence alone proves nothing: each such post is asked for
// by id, and only a 404 (spec: a post the caller cannot see) marks it removed. The local copy
// stays, drafts and all; a post listed again later is marked back (merge-posts.ts).
import type { ServiceClient } from '../api/client';
import { isServiceError } from '../api/errors';
import { giveWay } from '../give-way';
import { activeLinkedPostsPage, updatePost, type LinkedPost } from '../store/post-repository';
import { getSetting, setSetting } from '../store/settings-repository';
import { inTransaction, logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { syncImpact } from '../outbox/sync-impact';
import { messageOf } from '../error-message';

/** At most this many absent posts are asked for per workspace and sync; the rest next time. */
export const UNLISTED_CHECKS_PER_SYNC = 20;

export const REMOVED_WORDS =
  'This post is no longer on the service (removed there, or no longer shared with you). It is kept here.';

/**
 * Linked posts looked through at a time for those the listing left out. A page of 2,000 was among
 * the core's thread's longest stops in a 50,000-post first pull (tens of ms each, under a
 * profiler); a page a quarter the size stops the thread about a quarter as long.
 */
export const UNLISTED_SCAN_PAGE = 500;

/** Where the last sync's checks of the workspace stopped: the id of the last post asked for. */
const checkedUpToKey = (slug: string): string => `unlistedCheckedUpTo:${slug}`;

/**
 * The active linked posts `listed` leaves out, at most `limit` of them, in id order from just
 * after `from` round to it: a listing that keeps missing the same posts (still there by id) must
 * not keep the ones after them from ever being asked for. Read a page at a time, and the window's
 * commands come between the pages (give-way.ts): a large library's whole list is a scan of a
 * tenth of a second.
 */
async function absentFromListing(
  ctx: SyncContext,
  slug: string,
  listed: ReadonlySet<string>,
  limit: number,
  from: string | null,
): Promise<LinkedPost[]> {
  const absent: LinkedPost[] = [];
  // Two passes: after `from` to the end, then from the start up to `from` itself.
  const passes: Array<{ start: string | null; upTo: string | null }> =
    from === null
      ? [{ start: null, upTo: null }]
      : [
          { start: from, upTo: null },
          { start: null, upTo: from },
        ];
  for (const { start, upTo } of passes) {
    for (let after = start; absent.length < limit;) {
      const page = await activeLinkedPostsPage(ctx.db, slug, after, UNLISTED_SCAN_PAGE);
      const inPass = upTo === null ? page : page.filter((p) => p.id <= upTo);
      for (const p of inPass) if (absent.length < limit && !listed.has(p.server_id as string)) absent.push(p);
      const last = page.at(-1);
      if (inPass.length < UNLISTED_SCAN_PAGE || last === undefined) break;
      after = last.id;
      await giveWay(ctx.window);
    }
  }
  return absent;
}

/** Asks for the linked posts `listed` leaves out; answers how many were found removed. */
export async function confirmUnlisted(
  ctx: SyncContext,
  client: ServiceClient,
  slug: string,
  listed: ReadonlySet<string>,
): Promise<number> {
  let removed = 0;
  const from = await getSetting<string | null>(ctx.db, checkedUpToKey(slug), null);
  const absent = await absentFromListing(ctx, slug, listed, UNLISTED_CHECKS_PER_SYNC, from);
  for (const post of absent) {
    try {
      await client.getPost(slug, post.server_id as string);
      // Still there by id: the listing missed it while rows moved. Nothing to mark.
    } catch (error) {
      if (!isServiceError(error) || error.kind !== 'not_found') {
        if (syncImpact(error) !== 'item') throw error;
        await logDecision(ctx, {
          action: 'unlisted_check_failed',
          reason: messageOf(error),
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
  // The next sync starts after the last one asked for; when every absent post was, from the start.
  const last = absent.length < UNLISTED_CHECKS_PER_SYNC ? null : (absent.at(-1)?.id ?? null);
  if (last !== from) await setSetting(ctx.db, checkedUpToKey(slug), last);
  return removed;
}
