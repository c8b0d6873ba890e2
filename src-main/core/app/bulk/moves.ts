// Where a post lives: moved to another workspace (or back to the local drafts) while it has
// never reached the service, which offers no move; hidden here ("Hide here") or shown again,
// which the service never hears of. Each command is one transaction and one undo entry.
import { REFUSALS } from '@preload/words/refusals';
import { hiddenLabel, movedLabel, namedReason, postName } from '@preload/words/undo';
import type { BulkReport, LocalId } from '@preload/bridge';
import { listOpenOpsOfPost } from '../../outbox/op-queries';
import { enqueueCreates } from '../../outbox/new-post-ops';
import { reviveRefusedCreate } from '../../outbox/op-store';
import { postRefusal } from '../../outbox/post-actions';
import { withdrawOps } from '../../outbox/withdraw';
import { getPost, updatePost } from '../../store/post-repository';
import type { PostRow, VariantRow } from '../../store/schema';
import type { SyncContext } from '../../store/unit-of-work';
import { listVariantsOfPost, updateVariant } from '../../store/variant-repository';
import { listProfiles } from '../../store/workspace-repository';
import type { AppContext } from '../app-context';
import type { Undoable } from '../command';
import { present, refuseIf, Refusals } from './report';
import type { UndoRefusal } from '../command';

type AccountColumns = Pick<VariantRow, 'id' | 'account_mode' | 'social_profile_id'>;

interface Move {
  postId: LocalId;
  to: string | null;
  /** Where it must still be (an undo's post that moved on is refused). */
  from?: string | null;
  /** The accounts to give its variants (an undo puts back those the move let go). */
  accounts?: readonly AccountColumns[];
}

interface Moved {
  post: PostRow;
  /** The accounts the move let go (chosen in a workspace the post left). */
  accounts: AccountColumns[];
}

export async function movePostsUndoably(
  app: AppContext,
  ids: readonly LocalId[],
  to: string | null,
): Promise<Undoable<BulkReport>> {
  if (to !== null) await app.knownWorkspace(to);
  const refusals = new Refusals();
  const moved = await moveEach(
    app,
    ids.map((postId) => ({ postId, to })),
    refusals,
  );
  if (moved.length === 0) return { value: refusals.report(ids, 0), undo: null };
  return {
    value: refusals.report(ids, moved.length),
    undo: {
      label: movedLabel(
        moved.map((m) => m.post.title),
        to,
      ),
      postIds: moved.map((m) => m.post.id),
      inverse: async () => {
        const back = new Refusals();
        const undone = await moveEach(
          app,
          moved.map((m) => ({ postId: m.post.id, to: m.post.workspace, from: to, accounts: m.accounts })),
          back,
        );
        const refused: UndoRefusal[] = moved.flatMap((m) => {
          const why = back.reasonOf(m.post.id);
          return why === null
            ? []
            : [{ postId: m.post.id, reason: namedReason(postName(m.post.title), why) }];
        });
        return { undone: undone.length, refused };
      },
    },
  };
}

async function moveEach(app: AppContext, moves: readonly Move[], refusals: Refusals): Promise<Moved[]> {
  const now = app.now();
  const moved: Moved[] = [];
  await app.inTransaction(async (t) => {
    for (const move of moves)
      await refusals.each(move.postId, async () => {
        const post = present(await getPost(t.db, move.postId));
        if (move.from !== undefined && post.workspace !== move.from) refuseIf(REFUSALS.moved);
        refuseIf(post.workspace === move.to ? REFUSALS.alreadyThere : null);
        const variants = await listVariantsOfPost(t.db, post.id);
        const ops = await listOpenOpsOfPost(t.db, post.id);
        refuseIf(postRefusal('move', { post, variants, ops }));
        await updatePost(t.db, post.id, { workspace: move.to, updated_at: now });
        const accounts = await placeAccounts(t, variants, move);
        if (post.workspace === null) await enqueueCreates(t, post.id, variants, now);
        else if (move.to === null)
          await withdrawOps(t, ops, `The user took ${postName(post.title)} back to the local drafts.`);
        else {
          // Refused by the other workspace, a create may well be taken by this one.
          await reviveRefusedCreate(t, post.id, null);
          for (const v of variants) await reviveRefusedCreate(t, post.id, v.id);
        }
        moved.push({ post, accounts });
      });
  });
  for (const m of moved) app.changed(m.post.id, null);
  return moved;
}

/**
 * Accounts are a workspace's own: one chosen in the workspace the post leaves becomes the
 * platform's default there (an undo puts it back). Answers the choices it let go.
 */
async function placeAccounts(
  t: SyncContext,
  variants: readonly VariantRow[],
  move: Move,
): Promise<AccountColumns[]> {
  if (move.accounts !== undefined) {
    for (const a of move.accounts)
      await updateVariant(t.db, a.id, {
        account_mode: a.account_mode,
        social_profile_id: a.social_profile_id,
      });
    return [];
  }
  const known = new Set(move.to === null ? [] : (await listProfiles(t.db, move.to)).map((p) => p.id));
  const letGo = variants.filter(
    (v) => v.account_mode === 'profile' && move.to !== null && !known.has(v.social_profile_id ?? ''),
  );
  for (const v of letGo)
    await updateVariant(t.db, v.id, { account_mode: 'default', social_profile_id: null });
  return letGo.map((v) => ({
    id: v.id,
    account_mode: v.account_mode,
    social_profile_id: v.social_profile_id,
  }));
}

/** posts.hide and posts.show: the local archive, one undo entry for all of them. */
export async function setHiddenUndoably(
  app: AppContext,
  ids: readonly LocalId[],
  hidden: boolean,
): Promise<Undoable<BulkReport>> {
  const refusals = new Refusals();
  const changed = await setHidden(app, ids, hidden, refusals);
  if (changed.length === 0) return { value: refusals.report(ids, 0), undo: null };
  return {
    value: refusals.report(ids, changed.length),
    undo: {
      label: hiddenLabel(
        changed.map((p) => p.title),
        hidden,
      ),
      postIds: changed.map((p) => p.id),
      inverse: async () => {
        const back = new Refusals();
        const undone = await setHidden(
          app,
          changed.map((p) => p.id),
          !hidden,
          back,
        );
        const refused: UndoRefusal[] = changed.flatMap((p) => {
          const why = back.reasonOf(p.id);
          return why === null ? [] : [{ postId: p.id, reason: namedReason(postName(p.title), why) }];
        });
        return { undone: undone.length, refused };
      },
    },
  };
}

async function setHidden(
  app: AppContext,
  ids: readonly LocalId[],
  hidden: boolean,
  refusals: Refusals,
): Promise<PostRow[]> {
  const changed: PostRow[] = [];
  const now = app.now();
  await app.inTransaction(async (t) => {
    for (const id of ids)
      await refusals.each(id, async () => {
        const post = present(await getPost(t.db, id));
        refuseIf(postRefusal(hidden ? 'hide' : 'show', { post, variants: [], ops: [] }));
        await updatePost(t.db, id, { hidden_at: hidden ? now : null });
        changed.push(post);
      });
  });
  for (const p of changed) app.changed(p.id, null);
  return changed;
}
