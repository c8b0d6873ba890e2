// The byte bound on the versions in the database; the rule itself is thinning.ts's beyondBytes.
// A version's size is octet_length(text); triggers keep the total in `text_version_total`, so it
// is one row read; the texts themselves are read only once a bound is passed, to tell
// which versions hold what an item has now. Nothing else reads the versions: the merge and the
// outbox work from the item's own text and base, so letting a version go never loses either.
import { sql, type Kysely } from 'kysely';
import { jsonFieldOf } from '../store/json';
import { preparedQuery } from '../store/prepared';
import type { Database } from '../store/schema';
import type { SyncContext } from '../store/unit-of-work';
import { beyondBytes, BYTE_BOUNDS, TOTAL_THINNED_TO, type Sized } from './thinning';
import type { TextOf } from './text-of';

interface SizedRow extends Sized {
  id: number;
  post_id: string;
  variant_id: string | null;
}

/** Versions with their size, and whether each holds the item's text or base as it is now. */
function sized(db: Kysely<Database>, of: TextOf | null) {
  let q = db
    .selectFrom('text_version as tv')
    .innerJoin('post as p', 'p.id', 'tv.post_id')
    .leftJoin('variant as v', 'v.id', 'tv.variant_id')
    .select([
      'tv.id',
      'tv.post_id',
      'tv.variant_id',
      'tv.number',
      'tv.at',
      sql<string>`coalesce(tv.variant_id, 'title ' || tv.post_id)`.as('text'),
      sql<number>`octet_length(tv.text)`.as('bytes'),
      // The base's text, or null when it has none or it cannot be read: a field the base leaves
      // out is the row's own (store/stored-base.ts), which the row's column holds anyway.
      sql<number>`coalesce(case when tv.variant_id is null
        then tv.text in (p.title, ${jsonFieldOf('p.base', 'title')})
        else tv.text in (v.content, ${jsonFieldOf('v.base', 'content')}) end, 0)`.as('held'),
    ]);
  if (of !== null)
    q =
      of.variantId === null
        ? q.where('tv.post_id', '=', of.postId).where('tv.variant_id', 'is', null)
        : q.where('tv.variant_id', '=', of.variantId);
  return q;
}

async function sizedRows(db: Kysely<Database>, of: TextOf | null): Promise<SizedRow[]> {
  const rows = await sized(db, of).execute();
  return rows.map(({ held, ...row }) => ({ ...row, heldNow: held === 1 }));
}

/**
 * The numbers of one text's versions to let go for its bound, besides those `dropping` already
 * lets go. `kept` are the text's versions with their size; the texts are read only when over.
 */
export async function overTextBound(
  ctx: SyncContext,
  of: TextOf,
  kept: ReadonlyArray<{ number: number; bytes: number }>,
  dropping: ReadonlySet<number>,
): Promise<number[]> {
  const budget = (ctx.versionBytes ?? BYTE_BOUNDS).perText;
  const bytes = kept.reduce((sum, v) => sum + (dropping.has(v.number) ? 0 : v.bytes), 0);
  if (bytes <= budget) return [];
  const rows = (await sizedRows(ctx.db, of)).filter((v) => !dropping.has(v.number));
  return beyondBytes(rows, budget).map((v) => v.number);
}

// Read after every version kept (a push keeps one per text it sends): compiled once.
const totalBytes = preparedQuery((db) => db.selectFrom('text_version_total').select('bytes'));

/** Over the total, the oldest versions of every text go, down to a share of it. */
export async function boundAllVersions(ctx: SyncContext): Promise<void> {
  const budget = (ctx.versionBytes ?? BYTE_BOUNDS).total;
  const total = (await totalBytes(ctx.db)).rows[0];
  if ((total?.bytes ?? 0) <= budget) return;
  const drop = beyondBytes(await sizedRows(ctx.db, null), Math.floor(budget * TOTAL_THINNED_TO));
  // In slices: one statement's parameters are limited.
  for (let i = 0; i < drop.length; i += 500) {
    const ids = drop.slice(i, i + 500).map((v) => v.id);
    await ctx.db.deleteFrom('text_version').where('id', 'in', ids).execute();
  }
  const texts = new Map(drop.map((v) => [v.text, { postId: v.post_id, variantId: v.variant_id }]));
  for (const of of texts.values()) ctx.emit({ name: 'versionSaved', data: of });
}
