// The post list's query: which posts it shows, and in which order. Built once here
// for every reader of the list (the window's list, the CLI, the conflicts view's order).
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { PostSort, TimeRange } from '@preload/bridge';
import { PLAN_AT, PUBLISHED, VARIANT_ACCOUNT } from './planning-queries';
import { selectByIds } from './chunks';
import type { Database } from './schema';
import { containsPattern } from './search-text';

export interface PostListSpec {
  /** null: the local space. */
  workspace: string | null;
  /** Folded words (searchWords): each must be in the title or in one of the variants' texts. */
  words: readonly string[];
  /** One platform's spellings, lower case (platformSpellings). */
  platforms?: readonly string[];
  /** A social profile id. */
  account?: string;
  /** ISO instants as the database writes them (toISOString): compared as text. */
  outAt?: TimeRange;
  /** Only the posts hidden here (true), only the others (false), or both (undefined). */
  hidden?: boolean;
  sort: PostSort;
}

type PostQuery<O> = SelectQueryBuilder<Database, 'post', O>;

/**
 * A post's title as the list orders and searches it: its folded copy, or, where it keeps none
 * (the fold would only lower ASCII letters: search-text.ts searchCopy), the title with those
 * lowered. The same text either way; indexed word for word (post_changed_order, migrations 0020
 * and 0023), so a search's walk down the list reads each title from the index, not the table.
 */
export const LIST_TITLE = sql<string>`coalesce(post.search_title, lower(post.title))`;

/**
 * What one variant must be, all at once, for its post to be listed: empty when the list asks
 * nothing of variants. Written against the `variant` table in a subquery of the post's.
 */
export function variantConditions(spec: PostListSpec): Array<Expression<SqlBool>> {
  const conditions: Array<Expression<SqlBool>> = [];
  if (spec.platforms !== undefined)
    conditions.push(sql<SqlBool>`lower(trim(variant.platform)) in (${sql.join(spec.platforms)})`);
  // An id the service sent as a number is a number in the JSON: compared as text.
  if (spec.account !== undefined)
    conditions.push(sql<SqlBool>`cast(${VARIANT_ACCOUNT} as text) = ${spec.account}`);
  if (spec.outAt?.from !== undefined) conditions.push(sql<SqlBool>`${PLAN_AT} >= ${spec.outAt.from}`);
  if (spec.outAt?.to !== undefined) conditions.push(sql<SqlBool>`${PLAN_AT} < ${spec.outAt.to}`);
  return conditions;
}

/** Whether the list asks anything of a post beyond its space: a search word, or of a variant. */
export function asksOfPosts(spec: PostListSpec): boolean {
  return spec.words.length > 0 || variantConditions(spec).length > 0;
}

/**
 * Whether the list's variants are found through an index of their own: a time range is, through
 * the planned times' (variant_plan_at), so one pass reads only the variants in it, where a walk
 * down the whole list looks up every post's variants.
 */
export function foundByTime(spec: PostListSpec): boolean {
  return spec.outAt !== undefined;
}

/** The posts of the list's space: one workspace (or the local space), hidden here or not. */
export function whereInSpace<O>(q: PostQuery<O>, spec: PostListSpec): PostQuery<O> {
  q =
    spec.workspace === null
      ? q.where('post.workspace', 'is', null)
      : q.where('post.workspace', '=', spec.workspace);
  if (spec.hidden !== undefined) q = q.where('post.hidden_at', spec.hidden ? 'is not' : 'is', null);
  return q;
}

/**
 * What a post of the space must meet to be listed: every search word in its title or in one of
 * its variants' texts, and a variant meeting the variant conditions. Empty: every post is.
 * `onePass`: the first word reads every variant once (IN), a third faster than once per post
 * (EXISTS) when the whole list is read, and a time range reads only its own variants; a page of
 * the list looks only at its own posts, where once per post is the cheaper. The other words are
 * looked for only in the posts that passed.
 */
export function matchConditions(
  eb: ExpressionBuilder<Database, 'post'>,
  spec: PostListSpec,
  onePass: boolean,
): Array<Expression<SqlBool>> {
  const out: Array<Expression<SqlBool>> = [];
  for (const [i, word] of spec.words.entries()) {
    const like = containsPattern(word);
    // The folded copies (a row written without one, by an older build or straight into the
    // file, is read as it is: LIKE still ignores the case of ASCII letters there). The title
    // as the list's index holds it: the folded words are lower case, so lowering the title's
    // ASCII letters first finds what LIKE finds in the title itself.
    const variants = eb
      .selectFrom('variant')
      .select('variant.post_id')
      .where(sql<SqlBool>`coalesce(variant.search_content, variant.content) like ${like} escape '\\'`);
    out.push(
      eb.or([
        sql<SqlBool>`${LIST_TITLE} like ${like} escape '\\'`,
        onePass && i === 0
          ? eb('post.id', 'in', variants)
          : eb.exists(variants.whereRef('variant.post_id', '=', 'post.id')),
      ]),
    );
  }
  const conditions = variantConditions(spec);
  if (conditions.length > 0) {
    const variants = eb
      .selectFrom('variant')
      .select('variant.post_id')
      .where((v) => v.and(conditions));
    out.push(
      onePass && foundByTime(spec)
        ? eb('post.id', 'in', variants)
        : eb.exists(variants.whereRef('variant.post_id', '=', 'post.id')),
    );
  }
  return out;
}

/** The posts the list shows, read whole: one space, every search word, the variant conditions. */
export function whereListed<O>(q: PostQuery<O>, spec: PostListSpec): PostQuery<O> {
  return whereInSpace(q, spec).where((eb) => eb.and(matchConditions(eb, spec, true)));
}

/**
 * The soonest time one of the post's variants waits for (scheduled, or waiting for sign-off,
 * and not published yet), or a text after every time when none does: ISO times all begin with
 * a digit, so 'z' sorts those posts last.
 */
const NEXT_TIME = sql<string>`coalesce((select min(variant.scheduled_at) from variant
  where variant.post_id = post.id and variant.scheduled_at is not null and not ${PUBLISHED}), 'z')`;

/**
 * Whether an index walks the list's order, a stretch of it read in a few milliseconds: "last
 * changed" (post_changed_order). The others are worked out over every post of the space.
 */
export function walkedByIndex(sort: PostSort): boolean {
  return sort === 'changed';
}

/**
 * The list's order. Ties go by the folded title, then by id: posts a pull imports share one
 * time, and their order must not look random. "Last changed" walks one index
 * (post_changed_order) backwards, in exactly this order.
 */
export function orderListed<O>(q: PostQuery<O>, sort: PostSort): PostQuery<O> {
  switch (sort) {
    case 'changed':
      q = q.orderBy('post.updated_at', 'desc');
      break;
    case 'created':
      q = q.orderBy('post.created_at', 'desc');
      break;
    case 'scheduled':
      q = q.orderBy(NEXT_TIME);
      break;
    case 'title':
      break;
  }
  return q.orderBy(LIST_TITLE).orderBy('post.id');
}

/**
 * A stretch of the list's space in its order, `size` posts from position `from`, each with
 * whether it meets the list's search and variant conditions. A page of the list looks at a
 * bounded stretch, so that no page reads the whole library however rare the matches.
 */
export async function listPageWindow(
  db: Kysely<Database>,
  spec: PostListSpec,
  window: { from: number; size: number },
): Promise<Array<{ id: string; listed: boolean }>> {
  const rows = await listPageWindowQuery(db, spec, window).execute();
  return rows.map((r) => ({ id: r.id, listed: Number(r.listed) === 1 }));
}

/** The ids of the posts `where` keeps, in the list's order, read in one pass. */
async function idsInOrder(
  db: Kysely<Database>,
  spec: PostListSpec,
  where: (q: PostQuery<{ id: string }>, spec: PostListSpec) => PostQuery<{ id: string }>,
): Promise<string[]> {
  const rows = await orderListed(where(db.selectFrom('post').select('post.id'), spec), spec.sort).execute();
  return rows.map((r) => r.id);
}

/** The ids of every post the list shows, in its order: the list's order without its summaries (posts.refresh). */
export function listedIds(db: Kysely<Database>, spec: PostListSpec): Promise<string[]> {
  return idsInOrder(db, spec, whereListed);
}

/** The ids of every post of the list's space, in its order: a list with no search or filter. */
export function listSpaceIds(db: Kysely<Database>, spec: PostListSpec): Promise<string[]> {
  return idsInOrder(db, spec, whereInSpace);
}

/**
 * Which of these posts (of the list's space) meet the list's search and variant conditions: a
 * stretch of a list whose order is worked out apart (the space's order, kept between pages)
 * asks its own posts only.
 */
export async function listedAmong(
  db: Kysely<Database>,
  spec: PostListSpec,
  ids: readonly string[],
): Promise<Set<string>> {
  if (!asksOfPosts(spec)) return new Set(ids);
  const rows = await selectByIds(ids, (part) =>
    db
      .selectFrom('post')
      .select('post.id')
      .where('post.id', 'in', part)
      .where((eb) => eb.and(matchConditions(eb, spec, false)))
      .execute(),
  );
  return new Set(rows.map((r) => r.id));
}

/** listPageWindow's statement, for a test to see which index it walks. */
export function listPageWindowQuery(
  db: Kysely<Database>,
  spec: PostListSpec,
  window: { from: number; size: number },
) {
  return orderListed(
    whereInSpace(db.selectFrom('post'), spec).select((eb) => {
      const conditions = matchConditions(eb, spec, false);
      const listed: Expression<SqlBool> = conditions.length === 0 ? sql<SqlBool>`1` : eb.and(conditions);
      return ['post.id', sql<number>`${listed}`.as('listed')];
    }),
    spec.sort,
  )
    .limit(window.size)
    .offset(window.from);
}
