// Which linked posts a pull reads the variants of, a page at a time: a first pull of a large
// library reads every one of its posts, and their list is never held whole.
import { listPostsWithOpenOps } from '../outbox/op-queries';
import {
  activeLinkedPostsByIds,
  linkedPostsByReadTime,
  unreadLinkedPosts,
  type LinkedPost,
} from '../store/post-repository';
import type { SyncContext } from '../store/unit-of-work';

/**
 * Posts whose variants a full pull reads beyond the new ones and those changed here: the ones
 * read longest ago. The API has no change feed, so reading every post on every full pull costs
 * a request per post; this bound keeps a large library's idle cost flat. Between full pulls the
 * light syncs' sweep (reread.ts) reads the rest at a steady pace, so this share stays small.
 */
export const ROTATION_PER_PULL = 50;

/** Posts asked of the database at a time. */
export const POSTS_PER_PAGE = 500;

/**
 * The listed posts a pull reads: for a full pull (`pull`), every post never read in full, every
 * post with local changes still open (so a conflict is seen before the push writes) and the
 * rotation's share of the rest; for a light sync (`new`), only the posts never read.
 */
export async function* postsToRead(
  ctx: SyncContext,
  slug: string,
  listed: ReadonlySet<string>,
  which: 'pull' | 'new',
): AsyncGenerator<LinkedPost[]> {
  const isListed = (p: LinkedPost): boolean => listed.has(p.server_id as string);
  // Chosen before any is read: a post read now must not come round again as one read long ago.
  const changed = which === 'pull' ? await listPostsWithOpenOps(ctx.db) : new Set<string>();
  const rotation =
    which === 'pull'
      ? await readLongestAgo(ctx, slug, (p) => isListed(p) && !changed.has(p.id), ctx.rotationPerPull)
      : [];
  // Keyset paging: reading a post marks it read, which moves nothing past the last one seen.
  for (let after: string | null = null; ;) {
    const page = await unreadLinkedPosts(ctx.db, slug, after, POSTS_PER_PAGE);
    yield page.filter(isListed);
    if (page.length < POSTS_PER_PAGE) break;
    after = (page[page.length - 1] as LinkedPost).id;
  }
  const changedRead = (await activeLinkedPostsByIds(ctx.db, slug, [...changed])).filter(
    (p) => p.variants_read_at !== null && isListed(p),
  );
  yield changedRead;
  yield rotation;
}

/** The rotation's share: up to `count` posts that `wanted` takes, read longest ago first. */
async function readLongestAgo(
  ctx: SyncContext,
  slug: string,
  wanted: (p: LinkedPost) => boolean,
  count = ROTATION_PER_PULL,
): Promise<LinkedPost[]> {
  const chosen: LinkedPost[] = [];
  let after: { readAt: string; id: string } | null = null;
  while (chosen.length < count) {
    const page = await linkedPostsByReadTime(ctx.db, slug, after, POSTS_PER_PAGE);
    for (const p of page) if (chosen.length < count && wanted(p)) chosen.push(p);
    const last = page[page.length - 1];
    if (page.length < POSTS_PER_PAGE || last === undefined) break;
    after = { readAt: last.variants_read_at as string, id: last.id };
  }
  return chosen;
}
