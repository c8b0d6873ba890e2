// Creating variants: one, or several at once from one text (the composer's "one text for
// several platforms"). Every variant is its row and its create op, all in one transaction, so a
// crash leaves all of them or none; each is sent and synced on its own afterwards.
import { COMMAND_ERRORS } from '@preload/words/errors';
import type { AccountChoice, VariantView } from '@preload/bridge';
import { accountColumns } from '../../domain/accounts';
import { enqueue } from '../../outbox/op-store';
import { unsentVariantColumns } from '../../store/local-item';
import { touchPost } from '../../store/post-repository';
import { insertVariant } from '../../store/variant-repository';
import type { AppContext } from '../app-context';
import { CommandError } from '../command-error';

export interface VariantTarget {
  platform: string;
  account: AccountChoice;
}

export async function createVariant(
  app: AppContext,
  p: { postId: string; platform: string; content: string; account: AccountChoice },
): Promise<VariantView> {
  const [created] = await createVariants(app, { postId: p.postId, content: p.content, targets: [p] });
  return created as VariantView;
}

/** A variant per target, each with the same text: answered in the targets' order. */
export async function createVariants(
  app: AppContext,
  p: { postId: string; content: string; targets: readonly VariantTarget[] },
): Promise<VariantView[]> {
  const post = await app.post(p.postId);
  if (post.remote_state === 'removed') throw new CommandError('invalid_state', COMMAND_ERRORS.postRemoved);
  const now = app.now();
  const ids = p.targets.map(() => app.newId());
  await app.inTransaction(async (t) => {
    for (const [i, target] of p.targets.entries()) {
      const id = ids[i] as string;
      await insertVariant(t.db, {
        id,
        post_id: post.id,
        platform: target.platform.trim(),
        content: p.content,
        ...accountColumns(target.account),
        ...unsentVariantColumns(now),
      });
      if (post.workspace !== null)
        await enqueue(t, { kind: 'create_variant', postId: post.id, variantId: id, now });
    }
    await touchPost(t.db, post.id, now);
  });
  for (const id of ids) {
    app.changed(post.id, id);
    if (p.content !== '') app.typed({ postId: post.id, variantId: id });
  }
  return Promise.all(ids.map((id) => app.variantView(id)));
}
