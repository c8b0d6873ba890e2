// posts.list (issue 25): the list filtered, searched and sorted by the core, never by the window
// over a page. Lean rows only (no raw or base JSON, no full variant views): at 10,000 posts this
// command is most of the window's first list.
import type { CommandPayload, PostPage, PostSummary, TimeRange } from '../../../src-preload/bridge';
import { platformSpellings } from '../../../src-preload/platforms';
import { groupBy } from '../collections';
import { listOpenOpStates, listOpenOpsOfPosts } from '../outbox/op-queries';
import { variantConditions, type PostListSpec } from '../store/post-list-query';
import { listPostSummaryRows, type ListedVariantRow } from '../store/post-repository';
import { searchWords } from '../store/search-text';
import type { AppContext } from './app-context';
import { matchesFilter } from './planning-views';
import { postSummary } from './views';

type ListPayload = CommandPayload<'posts.list'>;
type PagePayload = CommandPayload<'posts.page'>;

/** Times as the database writes them, so that they compare as text. */
function isoRange(range: TimeRange): TimeRange {
  const iso = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
  return { from: iso(range.from), to: iso(range.to) };
}

export function listSpec(p: ListPayload | PagePayload): PostListSpec {
  return {
    workspace: p.workspace,
    words: searchWords(p.query),
    platforms: p.platform === undefined ? undefined : platformSpellings(p.platform),
    account: p.account,
    outAt: p.outAt === undefined ? undefined : isoRange(p.outAt),
    hidden: p.hidden ?? false,
    sort: p.sort ?? 'changed',
  };
}

/**
 * Posts a state filter reads per page, at least: states come from the open ops, not from SQL,
 * so a page reads the list in order and keeps the posts in that state. Bounded, so that a rare
 * state over a large library answers in short pages instead of one long one.
 */
const STATE_PAGE = 500;

/** Every post the list shows: the CLI's list, or the first `limit` of them. */
export async function postList(app: AppContext, p: ListPayload): Promise<PostSummary[]> {
  const spec = listSpec(p);
  const filter = p.filter ?? 'all';
  if (p.limit !== undefined) {
    // A first screenful may take several state pages when the state is rare.
    const listed: PostSummary[] = [];
    let from: number | null = 0;
    while (from !== null && listed.length < p.limit) {
      const page = await readPage(app, spec, filter, from, p.limit - listed.length);
      listed.push(...page.posts);
      from = page.next;
    }
    return listed;
  }
  const rows = await listPostSummaryRows(app.db, spec);
  const opsBy = groupBy(await listOpenOpStates(app.db), (o) => o.post_id);
  const ofVariants = variantConditions(spec).length > 0;
  const listed: PostSummary[] = [];
  for (const { post, variants } of rows) {
    const summary = postSummary(post, variants, opsBy.get(post.id) ?? []);
    if (filter === 'all' || inState(summary, ofVariants ? variants : null, filter)) listed.push(summary);
  }
  return listed;
}

/** posts.page: the window's list a page at a time (the first screenful, then the rest). */
export function postPage(app: AppContext, p: PagePayload): Promise<PostPage> {
  return readPage(app, listSpec(p), p.filter ?? 'all', p.from, p.limit);
}

/**
 * One page: from position `from` of the posts the query lists. Without a state filter that is
 * the page itself; with one, the page reads at most max(limit, STATE_PAGE) posts and keeps
 * those in the state, and `next` says where it stopped reading.
 */
async function readPage(
  app: AppContext,
  spec: PostListSpec,
  filter: NonNullable<ListPayload['filter']>,
  from: number,
  limit: number,
): Promise<PostPage> {
  const read = filter === 'all' ? limit : Math.max(limit, STATE_PAGE);
  const rows = await listPostSummaryRows(app.db, spec, { limit: read, offset: from });
  // A page reads the open ops of its own posts, not the whole outbox (thousands of ops after a
  // day of drafting offline).
  const opsBy = groupBy(
    await listOpenOpsOfPosts(
      app.db,
      rows.map((r) => r.post.id),
    ),
    (o) => o.post_id,
  );
  const ofVariants = variantConditions(spec).length > 0;
  const posts: PostSummary[] = [];
  for (const [i, { post, variants }] of rows.entries()) {
    const summary = postSummary(post, variants, opsBy.get(post.id) ?? []);
    if (filter !== 'all' && !inState(summary, ofVariants ? variants : null, filter)) continue;
    posts.push(summary);
    // Full: the next page starts right after this post, even if more were read.
    if (posts.length === limit)
      return { posts, next: i + 1 < rows.length || rows.length === read ? from + i + 1 : null };
  }
  return { posts, next: rows.length < read ? null : from + rows.length };
}

/**
 * A post is in a state by its own state or by any of its variants'; when the list asks for
 * variants of a platform, an account or a time, by one of those variants' ("X · Scheduled": its
 * X variant is scheduled, not its LinkedIn one).
 */
function inState(
  summary: PostSummary,
  matching: readonly ListedVariantRow[] | null,
  filter: NonNullable<ListPayload['filter']>,
): boolean {
  if (matching === null) return matchesFilter(summary, filter);
  return summary.variants.some((v, i) => matching[i]?.matches === 1 && v.state === filter);
}
