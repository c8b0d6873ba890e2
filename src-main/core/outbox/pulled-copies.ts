// A change brought back from an older moment (an export, or a copy after a damaged file) may
// have gone out meanwhile from the machine it was made on, and a pull here may have brought the
// record it made before the change is read back. Such a record is linked here to a copy the
// pull made of it. The copy holds nothing of its own as long as nothing was ever done to it here:
// no change of it ever went to the outbox (done changes are kept, so none means none), its text
// is the service's, and nothing waits for the user on it. The brought-back create may then take
// the record over, and the copy goes: everything in it is on the service.
import { sql, type Kysely } from 'kysely';
import { linkedItem } from './links';
import { OpMoved } from './op-store';
import { deletePost, getPost, postBase } from '../store/post-repository';
import type { SyncContext } from '../store/unit-of-work';
import { deleteVariant, getVariant, listVariantsOfPost, variantBaseField } from '../store/variant-repository';
import { sameText } from './answer-check';
import type { Database, PostRow, VariantRow } from '../store/schema';

export type CopyKind = 'post' | 'variant';

/** Whether any change of this post (or of this variant) was ever put in the outbox here. */
async function everChanged(db: Kysely<Database>, kind: CopyKind, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbox_op')
    .select(sql<number>`1`.as('one'))
    .where(kind === 'post' ? 'post_id' : 'variant_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

const postIsCopy = (p: PostRow): boolean =>
  p.conflict === null && p.hidden_at === null && postBase(p)?.title === p.title;

const variantIsCopy = (v: VariantRow): boolean =>
  v.conflict === null && variantBaseField(v, 'content') === v.content;

/**
 * Whether the pulled post holds every text of the brought-back post `own`: a post that went out
 * from elsewhere took them with it, where someone else's post of the same title would not.
 */
async function holdsTextsOf(db: Kysely<Database>, copy: string, own: string): Promise<boolean> {
  const [theirs, mine] = await Promise.all([listVariantsOfPost(db, copy), listVariantsOfPost(db, own)]);
  return mine.every((m) => theirs.some((t) => t.platform === m.platform && sameText(t.content, m.content)));
}

/** Whether the local item `id` is nothing but the pull's copy of what the brought-back item `own` may have made. */
async function isPulledCopy(db: Kysely<Database>, kind: CopyKind, id: string, own: string): Promise<boolean> {
  const item = kind === 'post' ? await getPost(db, id) : await getVariant(db, id);
  if (item === undefined) return false;
  const untouched = kind === 'post' ? postIsCopy(item as PostRow) : variantIsCopy(item as VariantRow);
  if (!untouched || (await everChanged(db, kind, id))) return false;
  return kind === 'variant' || holdsTextsOf(db, id, own);
}

/** Of these linked service records, the ones whose local item is only the pull's copy of what `own` made. */
export async function pulledCopiesAmong(
  db: Kysely<Database>,
  kind: CopyKind,
  slug: string,
  serverIds: readonly string[],
  own: string,
): Promise<Set<string>> {
  const copies = new Set<string>();
  for (const serverId of serverIds) {
    const id = await linkedItem(db, kind, slug, serverId, own);
    if (id !== null && (await isPulledCopy(db, kind, id, own))) copies.add(serverId);
  }
  return copies;
}

/**
 * Removes the pull's copy linked to `serverId`, so that the brought-back item can be linked to it
 * instead. Checked again in the settling transaction: a copy changed here since the read-back
 * looked is kept, and the read-back runs again at the next sync.
 */
export async function foldPulledCopy(
  t: SyncContext,
  kind: CopyKind,
  slug: string,
  serverId: string,
  own: string,
): Promise<void> {
  const copy = await linkedItem(t.db, kind, slug, serverId, own);
  if (copy === null) return;
  if (!(await isPulledCopy(t.db, kind, copy, own)))
    throw new OpMoved(`The ${kind} linked to ${serverId} was changed here while it was being read back.`);
  const postId = kind === 'post' ? copy : ((await getVariant(t.db, copy)) as VariantRow).post_id;
  if (kind === 'post') await deletePost(t.db, copy);
  else await deleteVariant(t.db, copy);
  t.emit({ name: 'itemChanged', data: { postId, variantId: kind === 'post' ? null : copy } });
}
