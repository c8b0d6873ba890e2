// Colleagues' changes within a minute. The API has no change feed (spec section 6), so each
// light sync asks every reachable workspace for its counted envelope with `limit=1`: one small
// request that says how many posts there are and which comes first. When either moved since the
// listing was last read, the first page is read and merged. When that page does not account for
// the change (posts removed, or new ones outside it: the spec promises no order), the whole
// listing is read. The post open in the window, and posts due to go out soon, have their
// variants read again, so a time set elsewhere is seen before it matters.
import type { ServiceClient } from '../api/client';
import { importHolds, mergeVariantsOfPosts, type VariantsRead } from '../outbox/merge-variants';
import { countLinkedPosts, getPost } from '../store/post-repository';
import { listPostsDueSoon, type DueSoonPost } from '../store/variant-repository';
import { listUnavailableWorkspaces, listWorkspaces } from '../store/workspace-repository';
import { logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { mergeServicePosts } from './merge-posts';
import { concernsAll, readEachWorkspace, type UnreadWorkspace } from './pull-all';
import { logImports, markOf, readListing, readVariants, type ListingMark } from './pull';

/** The first page read when a workspace's count or first post moved (the envelope's largest). */
export const FIRST_PAGE_POSTS = 100;
/** Posts due within this long count as "due soon". */
export const DUE_SOON_WITHIN_MS = 10 * 60_000;
/** A post due soon is read again once its variants are older than this. */
export const DUE_SOON_READ_EVERY_MS = 2 * 60_000;
/** Posts due soon read per light sync, at most: the idle cost stays bounded. */
export const DUE_SOON_POSTS_PER_SYNC = 3;

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

/** The open post and the posts due soon, in that order, each once. */
async function watchedPosts(ctx: SyncContext, openPostId: string | null): Promise<DueSoonPost[]> {
  const unavailable = new Set((await listUnavailableWorkspaces(ctx.db)).map((w) => w.slug));
  const now = ctx.clock.now().getTime();
  const posts: DueSoonPost[] = [];
  const open = openPostId === null ? undefined : await getPost(ctx.db, openPostId);
  if (open && open.server_id !== null && open.workspace !== null && open.remote_state === 'active')
    posts.push({ id: open.id, server_id: open.server_id, workspace: open.workspace });
  const due = await listPostsDueSoon(ctx.db, {
    now: nowIso(ctx),
    until: new Date(now + DUE_SOON_WITHIN_MS).toISOString(),
    readBefore: new Date(now - DUE_SOON_READ_EVERY_MS).toISOString(),
    limit: DUE_SOON_POSTS_PER_SYNC + 1,
  });
  posts.push(...due.filter((p) => p.id !== openPostId).slice(0, DUE_SOON_POSTS_PER_SYNC));
  return posts.filter((p) => !unavailable.has(p.workspace));
}

/**
 * Reads again the variants of the post open in the window and of the posts due soon: a time or a
 * text changed elsewhere is merged (three-way, as in a pull), a variant added elsewhere imported.
 */
export async function rereadWatched(
  ctx: SyncContext,
  client: ServiceClient,
  openPostId: string | null,
): Promise<void> {
  const posts = await watchedPosts(ctx, openPostId);
  if (posts.length === 0) return;
  const holds = await importHolds(ctx, 'create_variant', (r) => r.post_id);
  const reads: VariantsRead[] = [];
  for (const post of posts) {
    try {
      const variants = await client.listVariants(post.workspace, post.server_id);
      const hold = holds.get(post.id);
      reads.push({ post, variants, importHold: hold ?? null, readInFull: hold === undefined });
    } catch (error) {
      if (concernsAll(error)) throw error;
      await logDecision(ctx, {
        action: 'reread_failed',
        reason: error instanceof Error ? error.message : String(error),
        postId: post.id,
      });
    }
  }
  await mergeVariantsOfPosts(ctx, reads);
}
