// The post list's query (issue 25): which posts it shows, and in which order. Built once here
// for every reader of the list (the window's list, the CLI, the conflicts view's order).
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { PostSort, TimeRange } from '../../../src-preload/bridge';
import { PLAN_AT, PUBLISHED, VARIANT_ACCOUNT } from './planning-queries';
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

/** The posts the list shows: one space, every search word, a variant meeting the conditions. */
export function whereListed<O>(q: PostQuery<O>, spec: PostListSpec): PostQuery<O> {
  q =
    spec.workspace === null
      ? q.where('post.workspace', 'is', null)
      : q.where('post.workspace', '=', spec.workspace);
  if (spec.hidden !== undefined) q = q.where('post.hidden_at', spec.hidden ? 'is not' : 'is', null);
  for (const [i, word] of spec.words.entries()) {
    const like = containsPattern(word);
    // The folded copies (a row written without one, by an older build or straight into the
    // file, is read as it is: LIKE still ignores the case of ASCII letters there).
    const inText = sql<SqlBool>`coalesce(variant.search_content, variant.content) like ${like} escape '\\'`;
    const variants = (eb: ExpressionBuilder<Database, 'post'>) =>
      eb.selectFrom('variant').select('variant.post_id').where(inText);
    // The first word reads every variant in one pass (IN), a third faster at 50,000 posts than
    // once per post (EXISTS); the others are looked for only in the posts that passed it.
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`coalesce(post.search_title, post.title) like ${like} escape '\\'`,
        i === 0
          ? eb('post.id', 'in', variants(eb))
          : eb.exists(variants(eb).whereRef('variant.post_id', '=', 'post.id')),
      ]),
    );
  }
  const conditions = variantConditions(spec);
  if (conditions.length > 0)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('variant')
          .select('variant.id')
          .whereRef('variant.post_id', '=', 'post.id')
          .where((v) => v.and(conditions)),
      ),
    );
  return q;
}

/**
 * The soonest time one of the post's variants waits for (scheduled, or waiting for sign-off,
 * and not published yet), or a text after every time when none does: ISO times all begin with
 * a digit, so 'z' sorts those posts last.
 */
const NEXT_TIME = sql<string>`coalesce((select min(variant.scheduled_at) from variant
  where variant.post_id = post.id and variant.scheduled_at is not null and not ${PUBLISHED}), 'z')`;

/**
 * The list's order. Ties go by the folded title, then by id: posts a pull imports share one
 * time, and their order must not look random. "Last changed" walks one index
 * (post_changed_order) in exactly this order.
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
  return q.orderBy('post.search_title').orderBy('post.id');
}
