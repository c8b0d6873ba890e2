// Variants: the per-platform content of a post, with the account choice kept in three states.
import { preparedQuery, preparedUpdateById } from './prepared';
import { sql, type Kysely } from 'kysely';
import type { Database, NewVariantRow, VariantRow, VariantUpdate } from './schema';
import { chunked, ROWS_PER_INSERT, selectByIds } from './chunks';
import { foldForSearch } from './search-text';

/** The last server state of a variant, for three-way comparison. */
export interface VariantBase {
  content: string;
  scheduled_at: string | null;
  social_profile_id: string | null;
  status: string | null;
  platform_post_url: string | null;
  /**
   * After a change's answer, until the next read: the values the change replaced. A read that
   * finds one of them back shows the service answered the change without keeping it.
   */
  replaced?: { content?: string; scheduled_at?: string | null; social_profile_id?: string | null };
  /** How many times the service has answered that change without keeping it. */
  notKept?: number;
  /** The service keeps the text sent in another form (HTML-escaped): both, while it does. */
  storedAs?: { sent: string; stored: string };
}

/**
 * What a post's summary needs of each variant (app/items/views.ts postSummary): its platform and the
 * columns its state depends on, never the service's raw JSON or the base snapshot.
 */
export const SUMMARY_VARIANT_COLUMNS = [
  'id',
  'server_id',
  'platform',
  'status',
  'platform_post_url',
  'scheduled_at',
  'remote_state',
  'conflict',
] as const;
export type VariantSummaryRow = Pick<VariantRow, (typeof SUMMARY_VARIANT_COLUMNS)[number]>;

/** A row or a change with the folded text beside its text, for search. */
function withSearchContent<R extends { content?: string | undefined }>(row: R): R {
  return row.content === undefined ? row : { ...row, search_content: foldForSearch(row.content) };
}

export async function insertVariant(db: Kysely<Database>, row: NewVariantRow): Promise<void> {
  await db.insertInto('variant').values(withSearchContent(row)).execute();
}

export async function insertVariants(db: Kysely<Database>, rows: readonly NewVariantRow[]): Promise<void> {
  for (const part of chunked(rows, ROWS_PER_INSERT))
    await db.insertInto('variant').values(part.map(withSearchContent)).execute();
}

// Run several times per synced op and per keystroke: compiled once (prepared.ts).
const variantById = preparedQuery((db, id: string) =>
  db.selectFrom('variant').selectAll().where('id', '=', id),
);
const variantUpdate = preparedUpdateById('variant');

export async function getVariant(db: Kysely<Database>, id: string): Promise<VariantRow | undefined> {
  return (await variantById(db, id)).rows[0];
}

export async function updateVariant(db: Kysely<Database>, id: string, patch: VariantUpdate): Promise<void> {
  await variantUpdate(db, id, withSearchContent(patch));
}

export async function listVariantsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<VariantRow[]> {
  return selectByIds(ids, (part) => db.selectFrom('variant').selectAll().where('id', 'in', part).execute());
}

/** Deletes a variant row; its ops go with it (foreign keys cascade). */
export async function deleteVariant(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('variant').where('id', '=', id).execute();
}

export async function listVariantsOfPost(db: Kysely<Database>, postId: string): Promise<VariantRow[]> {
  return (
    db
      .selectFrom('variant')
      .selectAll()
      .where('post_id', '=', postId)
      // Ties (a pull writes a post's variants with one created_at, quick drafting within one
      // millisecond) keep insertion order, as the post list shows them.
      .orderBy('created_at')
      .orderBy(sql`rowid`)
      .execute()
  );
}

export async function listVariantsOfPosts(db: Kysely<Database>, postIds: string[]): Promise<VariantRow[]> {
  return selectByIds(postIds, (part) =>
    db
      .selectFrom('variant')
      .selectAll()
      .where('post_id', 'in', part)
      .orderBy('created_at')
      .orderBy(sql`rowid`)
      .execute(),
  );
}

export async function listVariantsDueForReconcile(
  db: Kysely<Database>,
  nowIso: string,
): Promise<VariantRow[]> {
  return db
    .selectFrom('variant')
    .selectAll()
    .where('reconcile_at', 'is not', null)
    .where('reconcile_at', '<=', nowIso)
    .execute();
}

export async function nextReconcileAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('variant')
    .select((eb) => eb.fn.min<string>('reconcile_at').as('at'))
    .where('reconcile_at', 'is not', null)
    .executeTakeFirst();
  return row?.at ?? null;
}

/** A linked post with a variant whose time comes soon: what a light sync reads again. */
export type DueSoonPost = { id: string; server_id: string; workspace: string };

/**
 * Posts with a scheduled variant whose time falls in (now, until], whose variants were not read
 * since `readBefore`, soonest first: the reconcile index finds them without a scan.
 */
export async function listPostsDueSoon(
  db: Kysely<Database>,
  range: { now: string; until: string; readBefore: string; limit: number },
): Promise<DueSoonPost[]> {
  const rows = await db
    .selectFrom('variant')
    .innerJoin('post', 'post.id', 'variant.post_id')
    .select(['post.id as id', 'post.server_id as server_id', 'post.workspace as workspace'])
    .select((eb) => eb.fn.min<string>('variant.reconcile_at').as('due'))
    .where('variant.reconcile_at', '>', range.now)
    .where('variant.reconcile_at', '<=', range.until)
    .where('variant.scheduled_at', 'is not', null)
    .where('variant.server_id', 'is not', null)
    .where('post.server_id', 'is not', null)
    .where('post.workspace', 'is not', null)
    .where('post.remote_state', '=', 'active')
    .where((eb) =>
      eb.or([eb('post.variants_read_at', 'is', null), eb('post.variants_read_at', '<', range.readBefore)]),
    )
    .groupBy('post.id')
    .orderBy('due')
    .limit(range.limit)
    .execute();
  return rows.map((r) => ({ id: r.id, server_id: r.server_id as string, workspace: r.workspace as string }));
}
