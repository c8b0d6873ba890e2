// The unsent text a discard would drop, so the window can ask first and say what will go: a
// failed change that carries the variant's text, where that text differs from what the
// service holds (what outbox/actions.ts discardOp puts back).
import type { Kysely } from 'kysely';
import { parsePayload } from '../../outbox/payload';
import { chunked, IDS_PER_STATEMENT } from '../../store/chunks';
import { parseJson } from '../../store/post-repository';
import type { Database, OutboxOpRow, VariantRow } from '../../store/schema';
import type { VariantBase } from '../../store/variant-repository';

type Op = Pick<OutboxOpRow, 'id' | 'kind' | 'state' | 'payload' | 'variant_id'>;

export function discardsText(
  op: Op,
  variant: Pick<VariantRow, 'content' | 'base'> | undefined,
): string | null {
  if (op.state !== 'failed' || op.kind !== 'update_variant' || variant === undefined) return null;
  if (!(parsePayload(op).fields ?? []).includes('content')) return null;
  const base = parseJson<VariantBase>(variant.base);
  return base === null || base.content === variant.content ? null : variant.content;
}

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
