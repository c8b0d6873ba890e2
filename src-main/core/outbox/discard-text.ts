// The unsent text a discard would drop, so the window can ask first and say what will go: a
// failed change that carries the variant's text, where that text differs from what the
// service holds (what actions.ts discardOp puts back).
import type { OutboxOpRow, VariantRow } from '../store/schema';
import { variantBaseField } from '../store/variant-repository';
import { parsePayload } from './payload';

type Op = Pick<OutboxOpRow, 'id' | 'kind' | 'state' | 'payload' | 'variant_id'>;

export function discardsText(
  op: Op,
  variant: Pick<VariantRow, 'content' | 'base'> | undefined,
): string | null {
  if (op.state !== 'failed' || op.kind !== 'update_variant' || variant === undefined) return null;
  if (!(parsePayload(op).fields ?? []).includes('content')) return null;
  if (variant.base === null) return null;
  return variantBaseField(variant, 'content') === variant.content ? null : variant.content;
}
