// Merging the service's posts into the local rows, a batch per transaction: the full pull's
// complete listing and a light sync's newest page both come through here. A title is merged
// three-way against `base`; a post new to Outpost is imported, unless a create of unknown
// outcome in its workspace may have made it (then it waits for that create to be settled).
import { windowFirst } from '../give-way';
import { newLocalId } from '../store/ids';
import type { ServicePost } from '../api/client';
import { mergeField } from '../domain/merge';
import { keepVersion } from '../history/versions';
import { notify } from '../domain/notices';
import { sameText } from '../outbox/answer-check';
import { held, importHolds } from '../outbox/merge-variants';
import {
  findPostsByServerIds,
  insertPosts,
  postBase,
  updatePost,
  type PostBase,
} from '../store/post-repository';
import type { NewPostRow, PostRow } from '../store/schema';
import { inTransaction, logDecision, nowIso, type SyncContext } from '../store/unit-of-work';

/**
 * Posts merged per transaction: a commit per post cost more than the merging itself, and a
 * batch this size still commits within milliseconds, so a local edit is not held up.
 */
export const MERGE_BATCH_POSTS = 100;

export interface MergedPosts {
  /** Posts new to Outpost, now imported. */
  imported: number;
  /** Posts listed that were not linked here before: imported, or held back for a create's read-back. */
  unlinked: number;
}

/**
 * Merges a listing (or a page of one) of a workspace's posts. Database work only, no request.
 * `now` is the time the posts imported are stamped with: one time for a whole listing merged a
 * page at a time, so the posts it brings tie and the list orders them by title.
 */
export async function mergeServicePosts(
  ctx: SyncContext,
  slug: string,
  posts: readonly ServicePost[],
  now: string = nowIso(ctx),
): Promise<MergedPosts> {
  const hold = (await importHolds(ctx, 'create_post', (r) => r.workspace)).get(slug);
  const merged: MergedPosts = { imported: 0, unlinked: 0 };
  for (let i = 0; i < posts.length;) {
    const batch = posts.slice(i, i + MERGE_BATCH_POSTS);
    i += await inTransaction(ctx, async (tctx) => {
      const locals = await findPostsByServerIds(
        tctx.db,
        slug,
        batch.map((sp) => sp.id),
      );
      const imports: NewPostRow[] = [];
      let done = 0;
      // The window's command goes first: what is merged commits, the rest follows in the next batch.
      for (const sp of batch) {
        if (done > 0 && windowFirst(ctx.window)) break;
        const local = locals.get(sp.id);
        if (!local) merged.unlinked++;
        await mergePost(tctx, slug, sp, local, held(hold, sp.id), imports, now);
        done++;
      }
      await insertPosts(tctx.db, imports);
      for (const row of imports)
        tctx.emit({ name: 'itemChanged', data: { postId: row.id, variantId: null } });
      merged.imported += imports.length;
      return done;
    });
  }
  return merged;
}

/** A post that exists only on the service (made elsewhere), as the local row that keeps it. */
function importedPostRow(slug: string, sp: ServicePost, now: string): NewPostRow {
  return {
    id: newLocalId(),
    server_id: sp.id,
    workspace: slug,
    title: sp.title,
    base: JSON.stringify({ title: sp.title } satisfies PostBase),
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: now,
    updated_at: now,
  };
}

/** Merges one service post; a post new to Outpost is added to `imports`, for the caller to insert. */
async function mergePost(
  ctx: SyncContext,
  slug: string,
  sp: ServicePost,
  local: PostRow | undefined,
  blocked: boolean,
  imports: NewPostRow[],
  now: string,
): Promise<void> {
  if (local) return mergeLinkedPost(ctx, sp, local, now);
  if (!blocked) {
    imports.push(importedPostRow(slug, sp, now));
    return;
  }
  await logDecision(ctx, {
    action: 'import_deferred',
    reason: `Post ${sp.id} is not linked here, and a create of unknown outcome is pending in ${slug}: it may be ours.`,
  });
}

/** A post linked here: its title merged three-way against the base, the rest taken as listed. */
async function mergeLinkedPost(
  ctx: SyncContext,
  sp: ServicePost,
  local: PostRow,
  now: string,
): Promise<void> {
  const base = postBase(local) ?? { title: sp.title };
  // A title the service keeps in another form (whitespace, NFC, HTML-escaped) is the same title.
  const d = mergeField(base.title, local.title, sp.title, sameText);
  if (d.action === 'take_theirs') await takeServiceTitle(ctx, sp, local, now, d.reason);
  else if (d.action === 'conflict') await recordTitleConflict(ctx, sp, local, now, d.reason);
  else await refreshListedPost(ctx, local);
}

async function takeServiceTitle(ctx: SyncContext, sp: ServicePost, local: PostRow, now: string, why: string) {
  if (local.title !== sp.title) {
    const of = { postId: local.id, variantId: null };
    await keepVersion(ctx, of, 'before_merge', local.title);
    await keepVersion(ctx, of, 'service', sp.title);
  }
  await updatePost(ctx.db, local.id, {
    title: sp.title,
    base: JSON.stringify({ title: sp.title }),
    conflict: null,
    remote_state: 'active',
    updated_at: now,
  });
  await logDecision(ctx, { action: 'take_theirs', reason: `Title: ${why}`, postId: local.id });
  ctx.emit({ name: 'itemChanged', data: { postId: local.id, variantId: null } });
}

/** Changed both here and on the service: recorded (once) for the user to choose. */
async function recordTitleConflict(
  ctx: SyncContext,
  sp: ServicePost,
  local: PostRow,
  now: string,
  why: string,
) {
  const conflict = JSON.stringify([{ field: 'title', mine: local.title, theirs: sp.title }]);
  if (conflict === local.conflict) return;
  await updatePost(ctx.db, local.id, { conflict, updated_at: now });
  await logDecision(ctx, { action: 'conflict', reason: `Title: ${why}`, postId: local.id });
  await notify(ctx, 'needs_user', `The title of "${local.title}" was changed both here and on the service.`, {
    postId: local.id,
    variantId: null,
  });
  ctx.emit({ name: 'itemChanged', data: { postId: local.id, variantId: null } });
}

/** The title agrees: a post marked removed is back, and a conflict the service settled is gone. */
async function refreshListedPost(ctx: SyncContext, local: PostRow) {
  if (local.remote_state === 'active' && local.conflict === null) return;
  // Listed again: a post marked removed is back (and the window hears of it).
  const back = local.remote_state !== 'active';
  await updatePost(ctx.db, local.id, {
    remote_state: 'active',
    conflict: null,
    ...(back ? { error: null } : {}),
  });
  if (back) ctx.emit({ name: 'itemChanged', data: { postId: local.id, variantId: null } });
}
