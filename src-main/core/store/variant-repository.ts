// Variants: the per-platform content of a post, with the account choice kept in three states.
import { preparedQuery, preparedUpdateById } from './prepared';
import { sql, type Kysely } from 'kysely';
import type { Database, NewVariantRow, VariantRow, VariantUpdate } from './schema';
import { chunked, ROWS_PER_INSERT, selectByIds } from './chunks';
import { searchCopy } from './search-text';
import { baseFieldOf, baseWrittenBy, compactBase, expandBase } from './stored-base';

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

/** The fields of a base that mirror a column of the variant's row: stored only where they differ (stored-base.ts). */
export const VARIANT_BASE_MIRRORS = [
  'content',
  'scheduled_at',
  'social_profile_id',
  'status',
  'platform_post_url',
] as const;
type Mirror = (typeof VARIANT_BASE_MIRRORS)[number];

/** The columns a variant's base is read from. */
export type VariantBaseRow = Pick<VariantRow, 'base' | Mirror>;

/** The variant's base in full; null when it has none (never synced). */
export function variantBase(v: VariantBaseRow): VariantBase | null {
  return expandBase<VariantBase, Mirror>(v.base, v, VARIANT_BASE_MIRRORS);
}

/** One field of the variant's base, read from the base and that one column; null without a base. */
export function variantBaseField<F extends Mirror>(
  v: Pick<VariantRow, 'base' | F>,
  field: F,
): VariantBase[F] | null {
  return baseFieldOf(v.base, v, field) as VariantBase[F] | null;
}

/** A full base as the row `v` (as it is written) stores it. */
export function storedVariantBase(base: string | null | undefined, v: Partial<Pick<VariantRow, Mirror>>) {
  return compactBase(base, v, VARIANT_BASE_MIRRORS);
}

/**
 * What a post's summary needs of each variant (app/items/views.ts postSummary): its platform and the
 * columns its state depends on, never the base snapshot.
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

/** A row or a change with the folded text beside its text, where search needs one. */
function withSearchContent<R extends { content?: string | undefined }>(row: R): R {
  return row.content === undefined ? row : { ...row, search_content: searchCopy(row.content) };
}

/** A new row as it is stored: its base without what equals the row, its text's folded copy if any. */
function storedRow(row: NewVariantRow): NewVariantRow {
  return withSearchContent({ ...row, base: storedVariantBase(row.base, row) });
}

export async function insertVariant(db: Kysely<Database>, row: NewVariantRow): Promise<void> {
  await db.insertInto('variant').values(storedRow(row)).execute();
}

export async function insertVariants(db: Kysely<Database>, rows: readonly NewVariantRow[]): Promise<void> {
  for (const part of chunked(rows, ROWS_PER_INSERT))
    await db.insertInto('variant').values(part.map(storedRow)).execute();
}

// Run several times per synced op and per keystroke: compiled once (prepared.ts).
const variantById = preparedQuery((db, id: string) =>
  db.selectFrom('variant').selectAll().where('id', '=', id),
);
const variantUpdate = preparedUpdateById('variant', (set) => {
  const base = baseWrittenBy(set, VARIANT_BASE_MIRRORS);
  return base === undefined ? {} : { base };
});

export async function getVariant(db: Kysely<Database>, id: string): Promise<VariantRow | undefined> {
  return (await variantById(db, id)).rows[0];
}

/**
 * Writes `patch`; a `base` in it is the full base (JSON), stored without what equals the row as
 * the patch leaves it. A change of a column the base mirrors keeps the old value in the base.
 */
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
