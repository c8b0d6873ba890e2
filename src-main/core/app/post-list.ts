// posts.list (issue 25): the list filtered, searched and sorted by the core, never by the window
// over a page. Lean rows only (no raw or base JSON, no full variant views): at 10,000 posts this
// command is most of the window's first list.
import type { CommandPayload, PostSummary, TimeRange } from '../../../src-preload/bridge';
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

/** Times as the database writes them, so that they compare as text. */
function isoRange(range: TimeRange): TimeRange {
  const iso = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
  return { from: iso(range.from), to: iso(range.to) };
}

export function listSpec(p: ListPayload): PostListSpec {
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

/** Posts read at a time when a state filter looks for a first screenful: states need summaries. */
const STATE_PAGE = 500;

export async function postList(app: AppContext, p: ListPayload): Promise<PostSummary[]> {
  const spec = listSpec(p);
  const filter = p.filter ?? 'all';
  if (filter === 'all') {
    const rows = await listPostSummaryRows(
      app.db,
      spec,
      p.limit === undefined ? undefined : { limit: p.limit },
    );
    // A first screenful reads the open ops of its own posts, not the whole outbox (thousands of
    // ops after a day of drafting offline).
    const shown = rows.map((r) => r.post.id);
    const ops =
      p.limit === undefined ? await listOpenOpStates(app.db) : await listOpenOpsOfPosts(app.db, shown);
    const opsBy = groupBy(ops, (o) => o.post_id);
    return rows.map(({ post, variants }) => postSummary(post, variants, opsBy.get(post.id) ?? []));
  }
  // States come from the open ops, not from SQL. A first screenful reads the posts a page at a
  // time, in the list's order, until it is found: not every post's summary for a few of them.
  const opsBy = groupBy(await listOpenOpStates(app.db), (o) => o.post_id);
  const ofVariants = variantConditions(spec).length > 0;
  const listed: PostSummary[] = [];
  const keep = (rows: Awaited<ReturnType<typeof listPostSummaryRows>>): void => {
    for (const { post, variants } of rows) {
      const summary = postSummary(post, variants, opsBy.get(post.id) ?? []);
      if (inState(summary, ofVariants ? variants : null, filter)) listed.push(summary);
    }
  };
  if (p.limit === undefined) {
    keep(await listPostSummaryRows(app.db, spec));
    return listed;
  }
  for (let offset = 0; listed.length < p.limit; offset += STATE_PAGE) {
    const rows = await listPostSummaryRows(app.db, spec, { limit: STATE_PAGE, offset });
    keep(rows);
    if (rows.length < STATE_PAGE) break;
  }
  return listed.slice(0, p.limit);
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
