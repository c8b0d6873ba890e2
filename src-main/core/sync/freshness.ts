// Colleagues' changes within a minute. The API has no change feed (spec section 6), so each
// light sync asks every reachable workspace for its counted envelope with `limit=1`: one small
// request that says how many posts there are and which comes first. When either moved since the
// listing was last read, the first page is read and merged. When that page does not account for
// the change (posts removed, or new ones outside it: the spec promises no order), the whole
// listing is read. Changes to posts already here are read again by reread.ts.
import type { ServiceClient } from '../api/client';
import { countLinkedPosts } from '../store/post-repository';
import { listUnavailableWorkspaces, listWorkspaces } from '../store/workspace-repository';
import { logDecision, type SyncContext } from '../store/unit-of-work';
import { mergeServicePosts } from './merge-posts';
import { readEachWorkspace, type UnreadWorkspace } from './pull-all';
import { logImports, markOf, readListing, readVariants, type ListingMark } from './pull';

/** The first page read when a workspace's count or first post moved (the envelope's largest). */
export const FIRST_PAGE_POSTS = 100;

/** What a change in the counted envelope means, decided from the numbers alone. */
export type ListingMove =
  | { action: 'none'; reason: string }
  | { action: 'first_page'; reason: string }
  | { action: 'listing'; reason: string };

/** Whether the envelope's count and first post say the listing moved since `mark`. */
export function judgeHead(mark: ListingMark | undefined, head: ListingMark): ListingMove {
  if (mark === undefined)
    return { action: 'listing', reason: 'Not read in full yet: the whole listing is read.' };
  if (mark.count === head.count && mark.firstId === head.firstId)
    return { action: 'none', reason: `${head.count} post(s), as when last read.` };
  return {
    action: 'first_page',
    reason: `${head.count} post(s), ${mark.count} when last read; the first page is read.`,
  };
}

/**
 * Whether the first page, once merged, accounts for the change: the service counts exactly the
 * posts linked here (those just imported, and those this Outpost created, included) plus the
 * ones on the page held back for a create's read-back. Anything else (a post removed, new ones
 * outside the page) needs the whole listing.
 */
export function pageExplains(count: number, linkedHere: number, heldOnPage: number): boolean {
  return count === linkedHere + heldOnPage;
}

/** Checks one workspace; answers its listing's mark now. */
async function checkWorkspace(
  ctx: SyncContext,
  client: ServiceClient,
  slug: string,
  mark: ListingMark | undefined,
): Promise<ListingMark> {
  const head = await client.firstPostsPage(slug, 1);
  let move = judgeHead(mark, markOf(head.posts, head.count));
  if (move.action === 'none') return mark as ListingMark;
  if (move.action === 'first_page') {
    const page = await client.firstPostsPage(slug, FIRST_PAGE_POSTS);
    const merged = await mergeServicePosts(ctx, slug, page.posts);
    const linkedHere = await countLinkedPosts(ctx.db, slug);
    if (pageExplains(page.count, linkedHere, merged.unlinked - merged.imported)) {
      const listed = new Set(page.posts.map((p) => p.id));
      await logImports(ctx, slug, merged.imported, await readVariants(ctx, client, slug, listed, 'new'));
      await logDecision(ctx, { action: 'fresh_page', reason: `${slug}: ${move.reason}` });
      return markOf(page.posts, page.count);
    }
    move = { action: 'listing', reason: `${move.reason} It does not account for the change.` };
  }
  const { listed, mark: read, imported } = await readListing(ctx, client, slug);
  await logImports(ctx, slug, imported, await readVariants(ctx, client, slug, listed, 'new'));
  await logDecision(ctx, { action: 'fresh_listing', reason: `${slug}: ${move.reason}` });
  return read;
}

/**
 * Checks every reachable workspace for posts that came or went, updating `marks` as it reads;
 * answers the workspaces it could not read.
 */
export async function checkWorkspaces(
  ctx: SyncContext,
  client: ServiceClient,
  marks: Map<string, ListingMark>,
): Promise<UnreadWorkspace[]> {
  const unavailable = new Set((await listUnavailableWorkspaces(ctx.db)).map((w) => w.slug));
  const slugs = (await listWorkspaces(ctx.db)).map((w) => w.slug).filter((s) => !unavailable.has(s));
  return readEachWorkspace(ctx, slugs, async (slug) => {
    marks.set(slug, await checkWorkspace(ctx, client, slug, marks.get(slug)));
  });
}
