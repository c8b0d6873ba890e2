// The unsent text each failed change of a list would drop (outbox/discard-text.ts), reading
// only the variants of failed text changes, so the Outbox can ask before a discard.
import type { Kysely } from 'kysely';
import { discardsText } from '../../outbox/discard-text';
import { chunked, IDS_PER_STATEMENT } from '../../store/chunks';
import type { Database, OutboxOpRow, VariantRow } from '../../store/schema';

type Op = Pick<OutboxOpRow, 'id' | 'kind' | 'state' | 'payload' | 'variant_id'>;

/** discardsText of each op of a list, by op id, reading only the variants of failed text changes. */
export async function discardsTexts(db: Kysely<Database>, ops: readonly Op[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      ops.filter((op) => op.state === 'failed' && op.kind === 'update_variant').map((op) => op.variant_id),
    ),
  ].filter((id): id is string => id !== null);
  const variants = new Map<string, Pick<VariantRow, 'content' | 'base'>>();
  for (const part of chunked(ids, IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('variant')
      .select(['id', 'content', 'base'])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) variants.set(row.id, row);
  }
  const texts = new Map<string, string>();
  for (const op of ops) {
    const text = op.variant_id === null ? null : discardsText(op, variants.get(op.variant_id));
    if (text !== null) texts.set(op.id, text);
  }
  return texts;
}
