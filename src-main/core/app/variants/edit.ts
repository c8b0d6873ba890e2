// variants.update, the hot path of typing: one short transaction (the row and its outbox op,
// or the op already waiting folded with it), an answer built from the rows in hand, and never a
// wait on the network.
import { COMMAND_ERRORS } from '@preload/words/errors';
import type { AccountChoice, VariantView } from '@preload/bridge';
import { accountColumns, sameAccount } from '../../domain/accounts';
import { listOpenOpsOfPost } from '../../outbox/op-queries';
import { enqueue, reviveRefusedCreate } from '../../outbox/op-store';
import type { VariantField } from '../../outbox/payload';
import { touchPost } from '../../store/post-repository';
import type { VariantRow } from '../../store/schema';
import type { SyncContext } from '../../store/unit-of-work';
import { updateVariant } from '../../store/variant-repository';
import { assertAllows, type AppContext } from '../app-context';
import { CommandError } from '../command-error';
import { signOffFacts } from '../items/send-checks';
import { variantView } from '../items/views';

/** An edit of these fields of the variant, in the outbox (or folded into one already waiting). */
export function enqueueEdit(
  t: SyncContext,
  v: VariantRow,
  fields: VariantField[],
  now: string,
): Promise<string> {
  return enqueue(t, { kind: 'update_variant', postId: v.post_id, variantId: v.id, payload: { fields }, now });
}

/** The columns an edit changes, and the fields the service will be sent. */
function editOf(
  v: VariantRow,
  p: { content?: string; account?: AccountChoice },
): { patch: Partial<VariantRow>; fields: VariantField[] } {
  const fields: VariantField[] = [];
  const patch: Partial<VariantRow> = {};
  if (p.content !== undefined && p.content !== v.content) {
    patch.content = p.content;
    fields.push('content');
  }
  if (p.account !== undefined) {
    const cols = accountColumns(p.account);
    if (!sameAccount(cols, v)) {
      if (v.server_id !== null && cols.account_mode === 'default')
        throw new CommandError('invalid_state', COMMAND_ERRORS.defaultOnlyAtCreate);
      Object.assign(patch, cols);
      fields.push('account');
    }
  }
  return { patch, fields };
}

export async function editVariant(
  app: AppContext,
  p: { id: string; content?: string; account?: AccountChoice },
): Promise<VariantView> {
  const v = await app.variant(p.id);
  const post = await app.post(v.post_id);
  // A publish on its way holds the text it goes out with: the variant's open ops are read.
  assertAllows('edit', {
    variant: v,
    workspace: post.workspace,
    ops: await listOpenOpsOfPost(app.db, post.id),
  });
  const { patch, fields } = editOf(v, p);
  if (fields.length === 0) return app.variantView(v.id);
  const now = app.now();
  await app.inTransaction(async (t) => {
    await updateVariant(t.db, v.id, { ...patch, updated_at: now });
    await touchPost(t.db, post.id, now);
    if (post.workspace === null) return;
    if (v.server_id === null) await reviveRefusedCreate(t, post.id, v.id);
    await enqueueEdit(t, v, fields, now);
  });
  app.changed(post.id, v.id);
  if (patch.content !== undefined) app.typed({ postId: post.id, variantId: v.id });
  // Answered from the rows in hand rather than reading them again.
  const ops = await listOpenOpsOfPost(app.db, post.id);
  return variantView(
    { ...v, ...patch, updated_at: now },
    post,
    ops,
    await signOffFacts(app.db, post.workspace),
  );
}
