// Deleting posts and variants that never reached the service (the service offers no deletion):
// what is on its way there is withdrawn through the op machine, and the rows go, in one
// transaction. The undo entry keeps the rows and their ops as they were, and puts them back
// exactly: the item goes out again as it would have.
import { REFUSALS } from '@preload/words/refusals';
import {
  deletedPostsLabel,
  deletedVariantsLabel,
  itemName,
  namedReason,
  postName,
} from '@preload/words/undo';
import type { BulkReport, LocalId } from '@preload/bridge';
import { variantRefusal } from '../../outbox/item-actions';
import { OPEN_STATES } from '../../outbox/op-machine';
import { listAllOpsOfPost } from '../../outbox/op-queries';
import { restoreOps } from '../../outbox/op-store';
import { postRefusal } from '../../outbox/post-actions';
import { withdrawOps } from '../../outbox/withdraw';
import { deletePost, getPost, insertPost } from '../../store/post-repository';
import type { OutboxOpRow, PostRow, VariantRow } from '../../store/schema';
import type { SyncContext } from '../../store/unit-of-work';
import {
  deleteVariant,
  getVariant,
  insertVariants,
  listVariantsOfPost,
} from '../../store/variant-repository';
import type { AppContext } from '../app-context';
import type { Undoable } from '../command';
import { present, refuseIf, Refusals } from './report';
import type { UndoableChange, UndoRefusal } from '../command';

/** A post with what goes with it when it is removed: its variants and every op of it. */
export interface RemovedPost {
  post: PostRow;
  variants: VariantRow[];
  ops: OutboxOpRow[];
}

interface RemovedVariant {
  variant: VariantRow;
  postTitle: string;
  ops: OutboxOpRow[];
}

const isOpen = (op: OutboxOpRow): boolean => (OPEN_STATES as readonly string[]).includes(op.state);

/** The post's variants and ops, read in the transaction that may remove it. */
export async function readForRemoval(t: SyncContext, post: PostRow): Promise<RemovedPost> {
  const variants = await listVariantsOfPost(t.db, post.id);
  return { post, variants, ops: await listAllOpsOfPost(t.db, post.id) };
}

/**
 * Removes a post that never reached the service, in the caller's transaction, or refuses as
 * posts.delete does: what it has on its way there is withdrawn through the machine, its rows go.
 */
export async function removeUnsentPost(t: SyncContext, r: RemovedPost, reason: string): Promise<void> {
  refuseIf(postRefusal('delete', { post: r.post, variants: r.variants, ops: r.ops.filter(isOpen) }));
  await withdrawOps(t, r.ops, reason);
  await deletePost(t.db, r.post.id);
}

/** posts.delete; answers the posts removed too, for an undo of their own (a duplicate's). */
export async function deletePosts(
  app: AppContext,
  ids: readonly LocalId[],
): Promise<{ report: BulkReport; removed: RemovedPost[] }> {
  const refusals = new Refusals();
  const removed: RemovedPost[] = [];
  await app.inTransaction(async (t) => {
    for (const id of ids)
      await refusals.each(id, async () => {
        const r = await readForRemoval(t, present(await getPost(t.db, id)));
        await removeUnsentPost(
          t,
          r,
          `The user deleted ${postName(r.post.title)} before it reached the service.`,
        );
        removed.push(r);
      });
  });
  for (const r of removed) app.changed(r.post.id, null);
  return { report: refusals.report(ids, removed.length), removed };
}

/** The undo of a deletion of posts: every row and op back as it was. */
export function postsBackUndo(
  app: AppContext,
  removed: readonly RemovedPost[],
  label: string,
): UndoableChange {
  return {
    label,
    postIds: removed.map((r) => r.post.id),
    inverse: async () => {
      const refused: UndoRefusal[] = [];
      await app.inTransaction(async (t) => {
        for (const r of removed) {
          if (await getPost(t.db, r.post.id)) {
            refused.push({
              postId: r.post.id,
              reason: namedReason(postName(r.post.title), REFUSALS.backAlready),
            });
            continue;
          }
          await insertPost(t.db, r.post);
          await insertVariants(t.db, r.variants);
          await restoreOps(t, r.ops);
        }
      });
      const back = removed.filter((r) => !refused.some((x) => x.postId === r.post.id));
      for (const r of back) app.changed(r.post.id, null);
      return { undone: back.length, refused };
    },
  };
}

export async function deletePostsUndoably(
  app: AppContext,
  ids: readonly LocalId[],
): Promise<Undoable<BulkReport>> {
  const { report, removed } = await deletePosts(app, ids);
  const undo =
    removed.length > 0
      ? postsBackUndo(app, removed, deletedPostsLabel(removed.map((r) => r.post.title)))
      : null;
  return { value: report, undo };
}

/** variants.delete, with one undo entry for all of them. */
export async function deleteVariantsUndoably(
  app: AppContext,
  ids: readonly LocalId[],
): Promise<Undoable<BulkReport>> {
  const refusals = new Refusals();
  const removed: RemovedVariant[] = [];
  await app.inTransaction(async (t) => {
    for (const id of ids)
      await refusals.each(id, async () => {
        const v = present(await getVariant(t.db, id));
        const post = present(await getPost(t.db, v.post_id));
        const ops = (await listAllOpsOfPost(t.db, post.id)).filter((op) => op.variant_id === v.id);
        refuseIf(
          variantRefusal('delete', { variant: v, workspace: post.workspace, ops: ops.filter(isOpen) }),
        );
        await withdrawOps(
          t,
          ops,
          `The user deleted ${itemName(post.title, v.platform)} before it reached the service.`,
        );
        await deleteVariant(t.db, id);
        removed.push({ variant: v, postTitle: post.title, ops });
      });
  });
  for (const r of removed) app.changed(r.variant.post_id, r.variant.id);
  const undo: UndoableChange | null =
    removed.length === 0
      ? null
      : {
          label: deletedVariantsLabel(
            removed.map((r) => ({ postTitle: r.postTitle, platform: r.variant.platform })),
          ),
          postIds: [...new Set(removed.map((r) => r.variant.post_id))],
          inverse: () => variantsBack(app, removed),
        };
  return { value: refusals.report(ids, removed.length), undo };
}

async function variantsBack(app: AppContext, removed: readonly RemovedVariant[]) {
  const refused: UndoRefusal[] = [];
  const back: RemovedVariant[] = [];
  await app.inTransaction(async (t) => {
    for (const r of removed) {
      const name = itemName(r.postTitle, r.variant.platform);
      const reason = !(await getPost(t.db, r.variant.post_id))
        ? 'Its post is no longer in Outpost.'
        : (await getVariant(t.db, r.variant.id))
          ? REFUSALS.backAlready
          : null;
      if (reason !== null) {
        refused.push({ postId: r.variant.post_id, reason: namedReason(name, reason) });
        continue;
      }
      await insertVariants(t.db, [r.variant]);
      await restoreOps(t, r.ops);
      back.push(r);
    }
  });
  for (const r of back) app.changed(r.variant.post_id, r.variant.id);
  return { undone: back.length, refused };
}
