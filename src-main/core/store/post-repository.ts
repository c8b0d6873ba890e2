// Posts: local rows with an optional server id and the base snapshot of the last server state.
import { preparedQuery, preparedUpdateById } from './prepared';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/sqlite';
import type { Database, NewPostRow, PostRow, PostUpdate } from './schema';
import { SUMMARY_VARIANT_COLUMNS, type VariantSummaryRow } from './variant-repository';
import { chunked, IDS_PER_STATEMENT, ROWS_PER_INSERT, selectByIds } from './chunks';
import {
  LIST_TITLE,
  orderListed,
  variantConditions,
  whereListed,
  type PostListSpec,
} from './post-list-query';
import { parseBuiltJson } from './json';
import { searchCopy } from './search-text';
import { baseWrittenBy, compactBase, expandBase } from './stored-base';

/** A `where` that keeps the posts with no variant (an empty new post, a title-only import row's). */
export function hasNoVariant(eb: ExpressionBuilder<Database, 'post'>) {
  return eb.not(
    eb.exists(eb.selectFrom('variant').select('variant.id').whereRef('variant.post_id', '=', 'post.id')),
  );
}

export interface PostBase {
  title: string;
}

/** The field of a post's base that mirrors its row: stored only where it differs (stored-base.ts). */
const POST_BASE_MIRRORS = ['title'] as const;

/** A full base as a post with this title stores it. */
export function storedPostBase(base: string | null | undefined, title: string) {
  return compactBase(base, { title }, POST_BASE_MIRRORS);
}

/** The post's base in full; null when it has none (never synced). */
export function postBase(p: Pick<PostRow, 'base' | 'title'>): PostBase | null {
  return expandBase<PostBase, 'title'>(p.base, p, POST_BASE_MIRRORS);
}

/** A row or a change with the folded title beside its title where needed: search and the list's order read it. */
function withSearchTitle<R extends { title?: string | undefined }>(row: R): R {
  return row.title === undefined ? row : { ...row, search_title: searchCopy(row.title) };
}

/** A new row as it is stored: its base without what equals the row, the folded title beside its title. */
function storedRow(row: NewPostRow): NewPostRow {
  return withSearchTitle({ ...row, base: storedPostBase(row.base, row.title) });
}

export async function insertPost(db: Kysely<Database>, row: NewPostRow): Promise<void> {
  await db.insertInto('post').values(storedRow(row)).execute();
}

export async function insertPosts(db: Kysely<Database>, rows: readonly NewPostRow[]): Promise<void> {
  for (const part of chunked(rows, ROWS_PER_INSERT))
    await db.insertInto('post').values(part.map(storedRow)).execute();
}

// Run several times per synced op and per keystroke: compiled once (prepared.ts).
const postById = preparedQuery((db, id: string) => db.selectFrom('post').selectAll().where('id', '=', id));
const postUpdate = preparedUpdateById('post', (set) => {
  const base = baseWrittenBy(set, POST_BASE_MIRRORS);
  return base === undefined ? {} : { base };
});

export async function getPost(db: Kysely<Database>, id: string): Promise<PostRow | undefined> {
  return (await postById(db, id)).rows[0];
}

export async function listPostsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<PostRow[]> {
  return selectByIds(ids, (part) => db.selectFrom('post').selectAll().where('id', 'in', part).execute());
}

/**
 * Writes `patch`; a `base` in it is the full base (JSON), stored without what equals the row as
 * the patch leaves it. A change of the title keeps the old title in the base.
 */
export async function updatePost(db: Kysely<Database>, id: string, patch: PostUpdate): Promise<void> {
  await postUpdate(db, id, withSearchTitle(patch));
}

/**
 * The post, or one of its variants, changed (here or on the service): its title, a text, an
 * account, a time. What the list calls "last changed"; what only records the service's answer
 * (a link, a status) is no change to the post.
 */
export async function touchPost(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await postUpdate(db, id, { updated_at: at });
}

/** Deletes a post row; its variants and ops go with it (foreign keys cascade). */
export async function deletePost(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('post').where('id', '=', id).execute();
}

/** The workspace's posts linked to these server ids, by server id (one query per chunk). */
export async function findPostsByServerIds(
  db: Kysely<Database>,
  workspace: string,
  serverIds: readonly string[],
): Promise<Map<string, PostRow>> {
  const rows = await selectByIds(serverIds, (part) =>
    db
      .selectFrom('post')
      .selectAll()
      .where('workspace', '=', workspace)
      .where('server_id', 'in', part)
      .execute(),
  );
  return new Map(rows.map((row) => [row.server_id as string, row]));
}

/** Marks posts whose variants were just read in full (the full pull's rotation). */
export async function markVariantsRead(
  db: Kysely<Database>,
  postIds: readonly string[],
  at: string,
): Promise<void> {
  for (const part of chunked(postIds, IDS_PER_STATEMENT)) {
    await db.updateTable('post').set({ variants_read_at: at }).where('id', 'in', part).execute();
  }
}

/** Every post of a list, as full rows, in its order (the local drafts a move takes, say). */
export async function listPosts(db: Kysely<Database>, spec: PostListSpec): Promise<PostRow[]> {
  return orderListed(whereListed(db.selectFrom('post').selectAll(), spec), spec.sort).execute();
}

/** Every post of one space, in the list's default order. */
export function allPostsOf(db: Kysely<Database>, workspace: string | null): Promise<PostRow[]> {
  return listPosts(db, { workspace, words: [], sort: 'changed' });
}

export type PostSummaryRow = Pick<
  PostRow,
  'id' | 'server_id' | 'workspace' | 'title' | 'remote_state' | 'conflict' | 'updated_at'
>;

/**
 * Changes as soon as anything in the database does: the rows this connection changed, and
 * SQLite's count of commits by other connections (another process on the same file).
 */
export async function databaseVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ changes: number; version: number }>`
    select total_changes() as changes, (select data_version from pragma_data_version) as version`.execute(db);
  return `${rows[0]?.changes}:${rows[0]?.version}`;
}

/** A variant's lean columns, and whether it meets the list's variant conditions (when it has some). */
export type ListedVariantRow = VariantSummaryRow & { matches?: 0 | 1 };

/**
 * The rows behind posts.list, one per post in the list's order: the summary's post columns and
 * its variants' lean columns (SUMMARY_VARIANT_COLUMNS) as one JSON array. better-sqlite3 pays
 * per value it returns, so at 10,000 posts a JSON text per post is cheaper than a row per
 * variant (and far cheaper than full rows with their base JSON). A page of the list is
 * chosen first by the posts' ids alone: a sort reads every listed post, and must not build each one's
 * JSON to keep the first few.
 */
export async function listPostSummaryRows(
  db: Kysely<Database>,
  spec: PostListSpec,
  page?: { limit: number; offset?: number } | { ids: readonly string[] },
): Promise<Array<{ post: PostSummaryRow; variants: ListedVariantRow[] }>> {
  const conditions = variantConditions(spec);
  const columns = Object.fromEntries(SUMMARY_VARIANT_COLUMNS.map((c) => [c, sql.ref(`variant.${c}`)]));
  if (conditions.length > 0) Object.assign(columns, { matches: sql`(${sql.join(conditions, sql` and `)})` });
  let q = db
    .selectFrom('post')
    .select([
      'post.id',
      'post.server_id',
      'post.workspace',
      'post.title',
      'post.remote_state',
      'post.conflict',
      'post.updated_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('variant')
        .select((v) =>
          v.fn
            .agg<string>('json_group_array', [jsonBuildObject(columns)])
            // Ties (a pull writes a post's variants with one created_at) keep insertion order,
            // as the list always showed them. An aggregate's ORDER BY needs SQLite 3.44+.
            .orderBy('variant.created_at')
            .orderBy(sql`variant.rowid`)
            .as('variants'),
        )
        .whereRef('variant.post_id', '=', 'post.id')
        .as('variants'),
    );
  if (page !== undefined && 'ids' in page) {
    // Posts a page already chose (listPageWindow): read in pieces, put back in the page's order.
    const at = new Map(page.ids.map((id, i) => [id, i]));
    const rows = await selectByIds(page.ids, (part) => q.where('post.id', 'in', part).execute());
    rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
    return rows.map((row) => ({
      post: row,
      variants: parseBuiltJson<ListedVariantRow[]>(row.variants) ?? [],
    }));
  }
  q =
    page === undefined
      ? whereListed(q, spec)
      : q.where(
          'post.id',
          'in',
          orderListed(whereListed(db.selectFrom('post').select('post.id'), spec), spec.sort)
            .limit(page.limit)
            .offset(page.offset ?? 0),
        );
  const rows = await orderListed(q, spec.sort).execute();
  // No object rest/spread: copying 10,000 rows showed up in profiles next to the parse itself.
  return rows.map((row) => ({ post: row, variants: parseBuiltJson<ListedVariantRow[]>(row.variants) ?? [] }));
}

/** What a pull needs to know of each linked post: never its JSON columns (thousands of them). */
export type LinkedPost = Pick<PostRow, 'id' | 'server_id' | 'remote_state' | 'variants_read_at'>;

/**
 * The workspace's active linked posts: what a pull reads the variants of, a page at a time.
 * `inIdOrder`: the workspace is checked row by row (`+workspace` keeps SQLite from the index on
 * (workspace, server_id)), so a page in local id order walks the primary key instead of sorting
 * every unread post of the workspace for each page.
 */
function activeLinkedPosts(db: Kysely<Database>, workspace: string, inIdOrder = false) {
  return db
    .selectFrom('post')
    .select(['id', 'server_id', 'remote_state', 'variants_read_at'])
    .where(inIdOrder ? sql<string>`+workspace` : sql.ref('workspace'), '=', workspace)
    .where('server_id', 'is not', null)
    .where('remote_state', '=', 'active');
}

/**
 * A page of the active linked posts whose variants were never read in full, after `afterId` in
 * the order of their local ids: the order a pull made them in (local ids grow with time). So a
 * first pull writes each post's variants after those of the post made before it, and the index
 * that finds a post's variants (post_id first) fills its pages in order instead of splitting
 * them half empty, as it did when posts were read in another order than they were made.
 */
export function unreadLinkedPosts(db: Kysely<Database>, ...page: IdPage): Promise<LinkedPost[]> {
  return unreadLinkedPostsQuery(db, ...page).execute();
}

/** unreadLinkedPosts's statement, for a test to see which index it walks. */
export function unreadLinkedPostsQuery(db: Kysely<Database>, ...page: IdPage) {
  return inIdOrder(db, ...page).where('variants_read_at', 'is', null);
}

/** A page of the workspace's active linked posts after an id, in id order: all of them, in steps. */
export function activeLinkedPostsPage(db: Kysely<Database>, ...page: IdPage): Promise<LinkedPost[]> {
  return inIdOrder(db, ...page).execute();
}

/** The workspace, the last id of the page before (null: from the first) and the page's size. */
type IdPage = [workspace: string, afterId: string | null, limit: number];

function inIdOrder(db: Kysely<Database>, workspace: string, afterId: string | null, limit: number) {
  return activeLinkedPosts(db, workspace, true)
    .$if(afterId !== null, (q) => q.where('id', '>', afterId as string))
    .orderBy('id')
    .limit(limit);
}

/** A page of the active linked posts whose variants were read, longest ago first, after `after`. */
export function linkedPostsByReadTime(
  db: Kysely<Database>,
  workspace: string,
  after: { readAt: string; id: string } | null,
  limit: number,
): Promise<LinkedPost[]> {
  return activeLinkedPosts(db, workspace)
    .where('variants_read_at', 'is not', null)
    .$if(after !== null, (q) =>
      q.where((eb) => {
        const { readAt, id } = after as { readAt: string; id: string };
        return eb.or([
          eb('variants_read_at', '>', readAt),
          eb.and([eb('variants_read_at', '=', readAt), eb('id', '>', id)]),
        ]);
      }),
    )
    .orderBy('variants_read_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The active linked posts among these local ids. */
export function activeLinkedPostsByIds(
  db: Kysely<Database>,
  workspace: string,
  ids: readonly string[],
): Promise<LinkedPost[]> {
  return selectByIds(ids, (part) => activeLinkedPosts(db, workspace).where('id', 'in', part).execute());
}

export async function listLinkedPosts(db: Kysely<Database>, workspace: string): Promise<LinkedPost[]> {
  return db
    .selectFrom('post')
    .select(['id', 'server_id', 'remote_state', 'variants_read_at'])
    .where('workspace', '=', workspace)
    .where('server_id', 'is not', null)
    .execute();
}

/** The workspace's posts linked to the service and not removed there: what its listing should count. */
export async function countLinkedPosts(db: Kysely<Database>, workspace: string): Promise<number> {
  const row = await db
    .selectFrom('post')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace', '=', workspace)
    .where('server_id', 'is not', null)
    .where('remote_state', '=', 'active')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countPostsByWorkspace(db: Kysely<Database>): Promise<Map<string | null, number>> {
  const rows = await db
    .selectFrom('post')
    .select(['workspace', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('workspace')
    .execute();
  return new Map(rows.map((r) => [r.workspace, Number(r.n)]));
}

/**
 * The posts in conflict, on their title or on a variant: the local space first, then by
 * workspace, newest first within one (the order `posts.list` gives each space).
 */
export async function listConflictedPostIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('post')
    .select('post.id')
    .where((eb) =>
      eb.or([
        eb('post.conflict', 'is not', null),
        eb.exists(
          eb
            .selectFrom('variant')
            .select('variant.id')
            .whereRef('variant.post_id', '=', 'post.id')
            .where('variant.conflict', 'is not', null),
        ),
      ]),
    )
    // SQLite sorts NULL (the local space) first.
    .orderBy('post.workspace')
    .orderBy('post.updated_at', 'desc')
    .orderBy(LIST_TITLE)
    .orderBy('post.id')
    .execute();
  return rows.map((row) => row.id);
}
