// posts.list, posts.page and posts.refresh: the list filtered, searched and sorted by the core,
// never by the window over a page. Lean rows only (no base JSON, no full variant views).
// The window asks for its first screenful with posts.list (one pass over the library, the
// fastest way to the first matches of a search), then for the rest with posts.page, each page
// bounded however large the library, so the next keystroke's search never waits long. Once it
// holds the list, a sync's changes come with posts.refresh: the order, and the changed posts.
import type {
  CommandPayload,
  PostFilter,
  PostPage,
  PostRefresh,
  PostSummary,
  TimeRange,
} from '@preload/bridge';
import { createHash } from 'node:crypto';
import { platformSpellings } from '@preload/platforms';
import { groupBy } from '../../collections';
import { listOpenOpStates, listOpenOpsOfPosts } from '../../outbox/op-queries';
import {
  asksOfPosts,
  foundByTime,
  listedAmong,
  listedIds,
  listPageWindow,
  listSpaceIds,
  variantConditions,
  walkedByIndex,
  type PostListSpec,
} from '../../store/post-list-query';
import { databaseVersion, listPostSummaryRows, type ListedVariantRow } from '../../store/post-repository';
import { searchWords } from '../../store/search-text';
import type { AppContext } from '../app-context';
import { postSummary } from '../items/views';

type ListPayload = CommandPayload<'posts.list'>;
type PagePayload = CommandPayload<'posts.page'>;
type RefreshPayload = CommandPayload<'posts.refresh'>;

/** Times as the database writes them, so that they compare as text. */
function isoRange(range: TimeRange): TimeRange {
  const iso = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
  return { from: iso(range.from), to: iso(range.to) };
}

export function listSpec(p: ListPayload | PagePayload | RefreshPayload): PostListSpec {
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
 * How far one page looks through the list for posts that meet a search or a filter, at most:
 * a page answers `limit` posts or what this stretch held, whichever comes first. At 50,000
 * posts a stretch of 5,000 takes 20 to 45 ms with its summaries, one of 10,000 took up to 100,
 * and the whole library in one answer 250: the next keystroke's search waits at most a page.
 */
export const SEARCH_WINDOW = 5_000;
/** The same for a state filter, whose states come from the posts' summaries (not from SQL). */
const STATE_WINDOW = 1_000;
/**
 * How far a first screenful looks, a post at a time, before it reads the whole library in one
 * pass: 1,000 posts take 2 to 5 ms, and a word in one post in 17 fills a screenful there.
 */
export const FIRST_STRETCH = 1_000;

type Filter = NonNullable<ListPayload['filter']>;
type SummaryRows = Awaited<ReturnType<typeof listPostSummaryRows>>;
/** An open op as a summary's state needs it. */
type OpOfPost = Parameters<typeof postSummary>[2][number];

/** Every post the list shows (the CLI's list), or the first `limit` of them (a first screenful). */
export async function postList(app: AppContext, p: ListPayload): Promise<PostSummary[]> {
  const spec = listSpec(p);
  const filter = p.filter ?? 'all';
  if (p.limit === undefined) {
    const opsBy = groupBy(await listOpenOpStates(app.db), (o) => o.post_id);
    return keep(spec, filter, await listPostSummaryRows(app.db, spec), opsBy);
  }
  if (filter === 'all') return summaries(app, spec, filter, await firstScreenful(app, spec, p.limit));
  // States come from the open ops, not from SQL: the list a stretch at a time, in its order,
  // until the screen is full (one stretch, for a common state).
  const listed: PostSummary[] = [];
  for (let from: number | null = 0; from !== null && listed.length < p.limit;) {
    const page = await postPage(app, { ...p, from, limit: p.limit - listed.length });
    listed.push(...page.posts);
    from = page.next;
  }
  return listed;
}

/**
 * The first `limit` posts of a list. A common word or filter fills the screen from the list's
 * first posts: they are looked through first, a post at a time (a few milliseconds), before
 * one pass over every variant, which is what a rare word needs (the whole library has to be
 * read to know its matches are all found): at 50,000 posts, ~50 ms whatever it finds. A time
 * range with no words goes straight to its one pass, which reads only the range's variants.
 */
async function firstScreenful(app: AppContext, spec: PostListSpec, limit: number): Promise<SummaryRows> {
  const onlyByTime = spec.words.length === 0 && foundByTime(spec);
  // Only where an index walks the list's order: the other orders are worked out over every post
  // first, which the one pass does for its matches alone.
  if (walkedByIndex(spec.sort) && asksOfPosts(spec) && !onlyByTime) {
    const stretch = await listPageWindow(app.db, spec, { from: 0, size: FIRST_STRETCH });
    const ids = stretch.flatMap((w) => (w.listed ? [w.id] : [])).slice(0, limit);
    // Full, or the stretch was the whole list: nothing further on could come before these.
    if (ids.length === limit || stretch.length < FIRST_STRETCH)
      return listPostSummaryRows(app.db, spec, { ids });
  }
  return listPostSummaryRows(app.db, spec, { limit });
}

/**
 * posts.page: from position `from` of the list's space, in its order. Without a search, a
 * filter or a state, that is the page itself. With them, the page looks through a bounded
 * stretch of posts (SEARCH_WINDOW, STATE_WINDOW) and keeps those that are listed, up to
 * `limit`; `next` says where it stopped looking.
 */
export async function postPage(app: AppContext, p: PagePayload): Promise<PostPage> {
  const spec = listSpec(p);
  const filter = p.filter ?? 'all';
  const { from, limit } = p;
  if (!asksOfPosts(spec) && filter === 'all') {
    const ids = await orderedSpace(app, spec);
    const rows = await listPostSummaryRows(app.db, spec, { ids: ids.slice(from, from + limit) });
    return {
      posts: await summaries(app, spec, filter, rows),
      next: from + limit < ids.length ? from + limit : null,
    };
  }
  const size = filter !== 'all' ? Math.max(limit, STATE_WINDOW) : Math.max(limit, SEARCH_WINDOW);
  const window = await listStretch(app, spec, { from, size });
  const candidates = window.flatMap((w, at) => (w.listed ? [{ id: w.id, at }] : []));
  // Without a state, every candidate is listed: only the first `limit` need a summary.
  const read = filter === 'all' ? candidates.slice(0, limit) : candidates;
  const rows = await listPostSummaryRows(app.db, spec, { ids: read.map((c) => c.id) });
  const listed = await summaries(app, spec, filter, rows);
  if (listed.length < limit)
    return { posts: listed, next: window.length < size ? null : from + window.length };
  // Full: the next page starts right after its last post, unless that was the list's last.
  const posts = listed.slice(0, limit);
  const last = read.find((c) => c.id === posts[posts.length - 1]?.id)?.at ?? window.length - 1;
  const after = last + 1;
  return { posts, next: after < window.length || window.length === size ? from + after : null };
}

/**
 * posts.refresh: the list's order whole, as ids, and the summaries of the changed posts it
 * shows. A window that holds the list asks this after a sync changed some of its posts, where
 * it read every page again: at 10,000 posts, 10 pages of 480 KB for each change a pull made.
 * A state filter's order comes from every post's summary (the states are not in SQL): it is
 * worked out whole here, and still only the changed posts' summaries go to the window.
 */
export async function postRefresh(app: AppContext, p: RefreshPayload): Promise<PostRefresh> {
  const { changed, orderKey: held, ...list } = p;
  const spec = listSpec(list);
  const filter = list.filter ?? 'all';
  const asked = new Set(changed);
  let order: string[];
  let posts: PostSummary[];
  if (filter !== 'all') {
    const listed = await postList(app, list);
    order = listed.map((s) => s.id);
    posts = listed.filter((s) => asked.has(s.id));
  } else {
    order = asksOfPosts(spec) ? await listedIds(app.db, spec) : await orderedSpace(app, spec);
    const rows = await listPostSummaryRows(app.db, spec, { ids: order.filter((id) => asked.has(id)) });
    posts = await summaries(app, spec, filter, rows);
  }
  // While a pull fills in the posts' variants, the order stays as it is: at 50,000 posts it is
  // 2 MB of ids, sent only when it changed.
  const orderKey = keyOf(order);
  return { order: orderKey === held ? null : order, orderKey, posts };
}

/** Names an order: the same ids in the same order, the same key. */
function keyOf(order: readonly string[]): string {
  return createHash('sha256').update(order.join('\n')).digest('base64url');
}

/**
 * A stretch of the list in its order, each post with whether it is listed. "Last changed" is
 * walked through its index, which holds all a search's walk reads (post_changed_order). The
 * other orders are not an index's: SQLite would sort every post of the space for each stretch,
 * with the search's conditions worked out for each (200 ms a stretch at 50,000 posts, sorted
 * by the time made). They take the space's order, kept between pages (orderedSpace), and ask
 * the stretch's own posts.
 */
async function listStretch(
  app: AppContext,
  spec: PostListSpec,
  window: { from: number; size: number },
): Promise<Array<{ id: string; listed: boolean }>> {
  if (walkedByIndex(spec.sort)) return listPageWindow(app.db, spec, window);
  const ids = (await orderedSpace(app, spec)).slice(window.from, window.from + window.size);
  const listed = await listedAmong(app.db, spec, ids);
  return ids.map((id) => ({ id, listed: listed.has(id) }));
}

/**
 * The order of a list's space (its posts with no search or filter), kept while nothing in the
 * database changes: sorted by scheduled time, the order is worked out over every post (~100 to
 * 200 ms at 50,000 posts), and the pages of one list must not each pay for it again. One order
 * is kept, the last asked; a search in the same order uses it too.
 */
const spaceOrders = new WeakMap<AppContext, { list: string; version: string; ids: string[] }>();

async function orderedSpace(app: AppContext, spec: PostListSpec): Promise<string[]> {
  const list = JSON.stringify([spec.workspace, spec.hidden, spec.sort]);
  const version = await databaseVersion(app.db);
  const kept = spaceOrders.get(app);
  if (kept !== undefined && kept.list === list && kept.version === version) return kept.ids;
  const ids = await listSpaceIds(app.db, spec);
  spaceOrders.set(app, { list, version, ids });
  return ids;
}

/** The rows' summaries, those in the state asked for. Reads the open ops of these posts only. */
async function summaries(
  app: AppContext,
  spec: PostListSpec,
  filter: Filter,
  rows: SummaryRows,
): Promise<PostSummary[]> {
  // Not the whole outbox: thousands of ops after a day of drafting offline.
  const ops = await listOpenOpsOfPosts(
    app.db,
    rows.map((r) => r.post.id),
  );
  return keep(
    spec,
    filter,
    rows,
    groupBy(ops, (o) => o.post_id),
  );
}

/** Each row's summary, with its open ops; only those in the state asked for. */
function keep(
  spec: PostListSpec,
  filter: Filter,
  rows: SummaryRows,
  opsBy: ReadonlyMap<string, OpOfPost[]>,
): PostSummary[] {
  const ofVariants = variantConditions(spec).length > 0;
  const listed: PostSummary[] = [];
  for (const { post, variants } of rows) {
    const summary = postSummary(post, variants, opsBy.get(post.id) ?? []);
    if (filter === 'all' || inState(summary, ofVariants ? variants : null, filter)) listed.push(summary);
  }
  return listed;
}

/** A post matches a state by its own state or by any of its variants' (a live LinkedIn variant
 * makes the post "Published" to the filter even while its X variant is still scheduled). */
export function matchesFilter(post: Pick<PostSummary, 'state' | 'variants'>, filter: PostFilter): boolean {
  if (filter === 'all') return true;
  return post.state === filter || post.variants.some((v) => v.state === filter);
}

/**
 * A post is in a state by its own state or by any of its variants'; when the list asks for
 * variants of a platform, an account or a time, by one of those variants' ("X · Scheduled": its
 * X variant is scheduled, not its LinkedIn one).
 */
function inState(
  summary: PostSummary,
  matching: readonly ListedVariantRow[] | null,
  filter: Filter,
): boolean {
  if (matching === null) return matchesFilter(summary, filter);
  return summary.variants.some((v, i) => matching[i]?.matches === 1 && v.state === filter);
}
