// Reuse: a post duplicated (its title marked "(copy)", every variant's text, platform and
// account, no time: a new post, local until it syncs), and another variant's text copied into
// this one as an edit. Both can be undone: a copy that has not reached the service is deleted,
// a copied text is put back as it was.
import { REFUSALS } from '@preload/words/refusals';
import {
  copiedTextLabel,
  copyTitle,
  duplicatedLabel,
  itemName,
  namedReason,
  postName,
  refusalReason,
} from '@preload/words/undo';
import type { BulkReport, LocalId, VariantView } from '@preload/bridge';
import { enqueueCreates } from '../../outbox/new-post-ops';
import { unsentVariantColumns, unsyncedColumns } from '../../store/local-item';
import { getPost, insertPost } from '../../store/post-repository';
import type { NewVariantRow } from '../../store/schema';
import { insertVariants, listVariantsOfPost } from '../../store/variant-repository';
import type { AppContext } from '../app-context';
import type { Undoable } from '../command';
import type { UndoableChange } from '../command';
import { present, Refusals } from './report';
import { CommandError } from '../command-error';
import { deletePosts } from './removal';

export async function duplicatePostsUndoably(
  app: AppContext,
  ids: readonly LocalId[],
): Promise<Undoable<BulkReport & { created: Array<{ from: LocalId; id: LocalId }> }>> {
  const refusals = new Refusals();
  const created: Array<{ from: LocalId; id: LocalId; title: string; original: string }> = [];
  const now = app.now();
  await app.inTransaction(async (t) => {
    for (const from of ids)
      await refusals.each(from, async () => {
        const post = present(await getPost(t.db, from));
        const id = app.newId();
        const title = copyTitle(post.title);
        await insertPost(t.db, { id, workspace: post.workspace, title, ...unsyncedColumns(now) });
        const variants = (await listVariantsOfPost(t.db, from)).map((v): NewVariantRow => ({
          id: app.newId(),
          post_id: id,
          platform: v.platform,
          content: v.content,
          account_mode: v.account_mode,
          social_profile_id: v.social_profile_id,
          ...unsentVariantColumns(now),
        }));
        await insertVariants(t.db, variants);
        if (post.workspace !== null) await enqueueCreates(t, id, variants, now);
        created.push({ from, id, title, original: post.title });
      });
  });
  for (const c of created) app.changed(c.id, null);
  const value = {
    ...refusals.report(ids, created.length),
    created: created.map(({ from, id }) => ({ from, id })),
  };
  if (created.length === 0) return { value, undo: null };
  return {
    value,
    undo: {
      label: duplicatedLabel(created.map((c) => c.original)),
      postIds: created.map((c) => c.id),
      // The copies go again, unless one has reached the service meanwhile.
      inverse: async () => {
        const { report } = await deletePosts(
          app,
          created.map((c) => c.id),
        );
        const refused = report.refused.map((r) => ({
          postId: r.id,
          reason: namedReason(postName(created.find((c) => c.id === r.id)?.title ?? ''), r.reason),
        }));
        return { undone: report.done, refused };
      },
    },
  };
}

/** variants.copyText: the other variant's text, as the user's own edit of this one. */
export async function copyTextUndoably(
  app: AppContext,
  id: LocalId,
  fromId: LocalId,
): Promise<Undoable<VariantView>> {
  const into = await app.variant(id);
  const from = await app.variant(fromId);
  if (from.post_id !== into.post_id) throw new CommandError('invalid_state', REFUSALS.copyFromSamePost);
  if (from.id === into.id) throw new CommandError('invalid_state', REFUSALS.copyFromItself);
  const post = await app.post(into.post_id);
  const view = await app.run('variants.update', { id, content: from.content });
  if (from.content === into.content) return { value: view, undo: null };
  const name = itemName(post.title, into.platform);
  const undo: UndoableChange = {
    label: copiedTextLabel(from.platform, { postTitle: post.title, platform: into.platform }),
    postIds: [post.id],
    inverse: async () => {
      const refuse = (reason: string) => ({ undone: 0, refused: [{ postId: post.id, reason }] });
      const now = await app.variant(id).catch(() => null);
      if (now === null) return refuse(namedReason(name, REFUSALS.gone));
      if (now.content !== from.content) return refuse(namedReason(name, REFUSALS.textChanged));
      try {
        await app.run('variants.update', { id, content: into.content });
      } catch (error) {
        if (error instanceof CommandError) return refuse(refusalReason(name, error));
        throw error;
      }
      return { undone: 1, refused: [] };
    },
  };
  return { value: view, undo };
}
