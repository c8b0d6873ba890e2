// The versions of every text, kept in `text_version`: a variant's content, or a post's title.
// keepVersion is the one way a version is written: an identical text is not kept twice in a
// row, and each new one thins the older ones by age and bytes (thinning.ts, byte-bound.ts). It
// joins the caller's unit of work, so a version and the change it stands before commit together.
import { sql, type Kysely } from 'kysely';
import type { VersionOrigin } from '@preload/bridge';
import { getPost } from '../store/post-repository';
import { preparedQuery } from '../store/prepared';
import type { Database, TextVersionRow } from '../store/schema';
import { nowIso, type SyncContext } from '../store/unit-of-work';
import { getVariant } from '../store/variant-repository';
import { boundAllVersions, overTextBound } from './byte-bound';
import { relabels } from './origins';
import type { TextOf } from './text-of';
import { versionsToDrop } from './thinning';

export type { TextOf };

export type VersionRow = Pick<TextVersionRow, 'number' | 'at' | 'origin' | 'text'>;

// A claim asks these of every text it sends: compiled once (store/prepared.ts).
const newestOfVariant = preparedQuery((db, variantId: string) =>
  db
    .selectFrom('text_version')
    .select(['number', 'at', 'origin', 'text'])
    .where('variant_id', '=', variantId)
    .orderBy('number', 'desc')
    .limit(1),
);
const newestOfTitle = preparedQuery((db, postId: string) =>
  db
    .selectFrom('text_version')
    .select(['number', 'at', 'origin', 'text'])
    .where('post_id', '=', postId)
    .where('variant_id', 'is', null)
    .orderBy('number', 'desc')
    .limit(1),
);
const insertVersion = preparedQuery(
  (
    db,
    postId: string,
    variantId: string | null,
    number: number,
    at: string,
    origin: VersionOrigin,
    text: string,
  ) =>
    db
      .insertInto('text_version')
      .values({ post_id: postId, variant_id: variantId, number, at, origin, text }),
);

function ofText(db: Kysely<Database>, of: TextOf) {
  const q = db.selectFrom('text_version');
  return of.variantId === null
    ? q.where('post_id', '=', of.postId).where('variant_id', 'is', null)
    : q.where('variant_id', '=', of.variantId);
}

async function newest(db: Kysely<Database>, of: TextOf): Promise<VersionRow | undefined> {
  const found = of.variantId === null ? newestOfTitle(db, of.postId) : newestOfVariant(db, of.variantId);
  return (await found).rows[0];
}

/**
 * Keeps `text` as the newest version of a text, unless the newest already holds it. Answers the
 * new version's number, or null when nothing new was kept. Never the first version empty: a
 * text that was never written has nothing to go back to.
 */
export async function keepVersion(
  ctx: SyncContext,
  of: TextOf,
  origin: VersionOrigin,
  text: string,
): Promise<number | null> {
  const db = ctx.db;
  const last = await newest(db, of);
  if (last?.text === text) {
    if (!relabels(last.origin, origin)) return null;
    await db
      .updateTable('text_version')
      .set({ origin })
      .where('id', 'in', ofText(db, of).select('id').where('number', '=', last.number))
      .execute();
    ctx.emit({ name: 'versionSaved', data: of });
    return null;
  }
  if (last === undefined && text === '') return null;
  const number = (last?.number ?? 0) + 1;
  const at = nowIso(ctx);
  await insertVersion(db, of.postId, of.variantId, number, at, origin, text);
  if (last !== undefined) await thin(ctx, of);
  await boundAllVersions(ctx);
  ctx.emit({ name: 'versionSaved', data: of });
  return number;
}

/** Lets go of this text's versions its age rule and its byte bound no longer keep. */
async function thin(ctx: SyncContext, of: TextOf): Promise<void> {
  const db = ctx.db;
  const kept = await ofText(db, of)
    .select(['number', 'at', sql<number>`octet_length(text)`.as('bytes')])
    .execute();
  const byAge = new Set(versionsToDrop(kept, ctx.clock.now()));
  const drop = [...byAge, ...(await overTextBound(ctx, of, kept, byAge))];
  if (drop.length === 0) return;
  await db
    .deleteFrom('text_version')
    .where('id', 'in', ofText(db, of).select('id').where('number', 'in', drop))
    .execute();
}

/** Every kept version of a text, newest first. */
export function listVersions(db: Kysely<Database>, of: TextOf): Promise<VersionRow[]> {
  return ofText(db, of).select(['number', 'at', 'origin', 'text']).orderBy('number', 'desc').execute();
}

export function getVersion(
  db: Kysely<Database>,
  of: TextOf,
  number: number,
): Promise<VersionRow | undefined> {
  return ofText(db, of)
    .select(['number', 'at', 'origin', 'text'])
    .where('number', '=', number)
    .executeTakeFirst();
}

/** A text as it is now: a post's title or a variant's content; undefined once it is gone. */
async function currentText(db: Kysely<Database>, of: TextOf): Promise<string | undefined> {
  return of.variantId === null
    ? (await getPost(db, of.postId))?.title
    : (await getVariant(db, of.variantId))?.content;
}

/**
 * Whether keeping the text as typed would keep nothing (keepVersion's own two checks): it is its
 * newest version already, it was never written, or it is gone. Read with no transaction: a pause
 * often ends after a push has claimed the same text and kept it, and then a transaction and its
 * commit would be spent for nothing. An edit after the reads sets the pause again, so it is never
 * missed.
 */
export async function isKeptAlready(db: Kysely<Database>, of: TextOf): Promise<boolean> {
  const text = await currentText(db, of);
  if (text === undefined) return true;
  const last = await newest(db, of);
  return last?.text === text || (last === undefined && text === '');
}

/** Keeps the text as it is now (a variant's content, a post's title) as a version; see keepVersion. */
export async function keepCurrent(
  ctx: SyncContext,
  of: TextOf,
  origin: VersionOrigin,
): Promise<number | null> {
  const text = await currentText(ctx.db, of);
  return text === undefined ? null : keepVersion(ctx, of, origin, text);
}
