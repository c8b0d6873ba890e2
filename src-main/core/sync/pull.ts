// Pull: workspaces, scheduling profiles, posts (counted envelope), variants per post with
// bounded concurrency, skills. Every service value is merged three-way against `base`;
// nothing local is overwritten silently.
import { eachBoundedOfPages } from '../collections';
import { giveWay } from '../give-way';
import type { ServiceClient, ServicePost } from '../api/client';
import { importHolds, mergeVariantsOfPosts, type VariantsRead } from '../outbox/merge-variants';
import { logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { replaceProfiles, replaceSkills, upsertWorkspaces } from '../store/workspace-repository';
import { MERGE_BATCH_POSTS, mergeServicePosts } from './merge-posts';
import { postsToRead } from './posts-to-read';
import { confirmUnlisted } from './unlisted-posts';
import { messageOf } from '../error-message';

export { ROTATION_PER_PULL } from './posts-to-read';

/**
 * What a workspace's post listing looked like when last read: its count and its first post. A
 * light sync compares the service's counted envelope with it to tell whether posts came or went.
 */
export interface ListingMark {
  count: number;
  firstId: string | null;
}

export function markOf(posts: readonly ServicePost[], count = posts.length): ListingMark {
  return { count, firstId: posts[0]?.id ?? null };
}

export async function pullWorkspaceList(ctx: SyncContext, client: ServiceClient): Promise<string[]> {
  const workspaces = await client.listWorkspaces();
  await upsertWorkspaces(ctx.db, workspaces, nowIso(ctx));
  return workspaces.map((w) => w.slug);
}

/** Reads one workspace in full; answers its listing's mark. */
export async function pullWorkspace(
  ctx: SyncContext,
  client: ServiceClient,
  slug: string,
): Promise<ListingMark> {
  const profiles = await client.listProfiles(slug);
  await replaceProfiles(ctx.db, slug, profiles, nowIso(ctx));

  const { listed, mark, imported } = await readListing(ctx, client, slug);
  await logImports(ctx, slug, imported, await readVariants(ctx, client, slug, listed, 'pull'));

  try {
    await replaceSkills(ctx.db, slug, await client.listSkills(slug), nowIso(ctx));
  } catch (error) {
    // Skills are a convenience: a failure here must not fail the sync of drafts.
    await logDecision(ctx, {
      action: 'skills_skipped',
      reason: messageOf(error),
    });
  }
  return mark;
}

/**
 * Reads and merges the workspace's complete post listing, a page at a time as it comes (a
 * large library's listing is never held whole), then asks for the linked posts it left out
 * (unlisted-posts.ts). Answers the server ids listed and the listing's mark.
 */
export async function readListing(
  ctx: SyncContext,
  client: ServiceClient,
  slug: string,
): Promise<{ listed: Set<string>; mark: ListingMark; imported: number }> {
  const now = nowIso(ctx);
  const listed = new Set<string>();
  let firstId: string | null = null;
  let imported = 0;
  for await (const page of client.postsPages(slug)) {
    // Rows can shift between pages while someone else writes; a post is merged once.
    const fresh: ServicePost[] = [];
    for (const p of page) if (!listed.has(p.id)) fresh.push((listed.add(p.id), p));
    firstId ??= fresh[0]?.id ?? null;
    imported += (await mergeServicePosts(ctx, slug, fresh, now)).imported;
  }
  await confirmUnlisted(ctx, client, slug, listed);
  return { listed, mark: { count: listed.size, firstId }, imported };
}

/**
 * Reads the variants of the workspace's listed posts: for a full pull (`pull`), the new ones,
 * those changed here and the rotation's share; for a light sync (`new`), only the posts never
 * read, the ones it has just imported. Answers how many variants were imported.
 */
export async function readVariants(
  ctx: SyncContext,
  client: ServiceClient,
  slug: string,
  listed: ReadonlySet<string>,
  which: 'pull' | 'new',
): Promise<number> {
  const variantHolds = await importHolds(ctx, 'create_variant', (r) => r.post_id);
  let importedVariants = 0;
  // Lists read meanwhile wait here and are merged a batch per transaction: a commit per post
  // cost more than all of the merging. Workers that fill a batch merge it while the others keep
  // reading, so the connection and the service stay busy together.
  let waiting: VariantsRead[] = [];
  const mergeWaiting = async (): Promise<void> => {
    const reads = waiting;
    waiting = [];
    importedVariants += await mergeVariantsOfPosts(ctx, reads);
  };
  await eachBoundedOfPages(postsToRead(ctx, slug, listed, which), ctx.concurrency, async (post) => {
    // No new request while the window's command waits: each answer is work for this thread.
    await giveWay(ctx.window);
    const variants = await client.listVariants(slug, post.server_id as string);
    const hold = variantHolds.get(post.id);
    // A deferred import means this read was not taken in full: the post is read again next time.
    waiting.push({ post, variants, importHold: hold ?? null, readInFull: hold === undefined });
    if (waiting.length >= MERGE_BATCH_POSTS) await mergeWaiting();
  });
  await mergeWaiting();
  return importedVariants;
}

/** One summary line, not one per row: a first pull can bring thousands. */
export async function logImports(
  ctx: SyncContext,
  slug: string,
  posts: number,
  variants: number,
): Promise<void> {
  if (posts + variants === 0) return;
  await logDecision(ctx, {
    action: 'import',
    reason: `${slug}: ${posts} post(s) and ${variants} variant(s) exist on the service only; kept here as they are.`,
  });
}
