// What a discard of each op of a list would put back (outbox/discard-preview.ts), reading only
// the variants of ops the machine lets the user discard, so the Outbox can ask before a discard.
import type { Kysely } from 'kysely';
import type { DiscardPreview } from '@preload/bridge';
import { discardPreview, type DiscardVariant } from '../../outbox/discard-preview';
import { allowed } from '../../outbox/op-machine';
import { chunked, IDS_PER_STATEMENT } from '../../store/chunks';
import type { Database, OutboxOpRow } from '../../store/schema';

type Op = Pick<OutboxOpRow, 'id' | 'kind' | 'state' | 'payload' | 'variant_id'>;

/** discardPreview of each op of a list of open ops, by op id (null: it cannot be discarded). */
export async function discardPreviews(
  db: Kysely<Database>,
  ops: readonly Op[],
): Promise<Map<string, DiscardPreview | null>> {
  const byVariant = new Map<string, Op[]>();
  for (const op of ops)
    if (op.variant_id !== null) byVariant.set(op.variant_id, [...(byVariant.get(op.variant_id) ?? []), op]);
  const ids = [...new Set(ops.filter((op) => allowed(op, 'discard')).map((op) => op.variant_id))].filter(
    (id): id is string => id !== null,
  );
  const variants = new Map<string, DiscardVariant>();
  for (const part of chunked(ids, IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('variant')
      .select([
        'id',
        'server_id',
        'content',
        'base',
        'scheduled_at',
        'account_mode',
        'social_profile_id',
        'status',
        'platform_post_url',
      ])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) variants.set(row.id, row);
  }
  const previews = new Map<string, DiscardPreview | null>();
  for (const op of ops) {
    const mine = op.variant_id === null ? [] : (byVariant.get(op.variant_id) ?? []);
    const v = op.variant_id === null ? undefined : variants.get(op.variant_id);
    previews.set(op.id, allowed(op, 'discard') ? discardPreview(op, v, mine) : null);
  }
  return previews;
}
