// Merging the service's variant lists into the local rows, a batch of posts per transaction:
// the full pull's reads and a light sync's read before a write both come through here. A
// variant the service holds that a create of unknown outcome may have made is not imported
// while that create is being read back.
import { groupBy } from '../collections';
import { windowFirst } from '../give-way';
import type { ServiceVariant } from '../api/client';
import { markVariantsRead } from '../store/post-repository';
import type { NewVariantRow, PostRow, VariantRow } from '../store/schema';
import { insertVariants, listVariantsOfPosts } from '../store/variant-repository';
import { inTransaction, logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { importedVariantRow, mergeServiceVariant } from './merge-variant';
import { listUnsettledCreates } from './op-queries';
import { parseQuestion } from './payload';
import { noteWaitingForSignOff } from './sign-off';

/**
 * What a pull must not import yet because a create of unknown outcome may have made it: while a
 * create is being read back, anything unknown in its workspace (or post); once the user was asked
 * to choose among look-alikes, only those candidates.
 */
export interface ImportHold {
  all: boolean;
  ids: Set<string>;
}

export async function importHolds(
  ctx: SyncContext,
  kind: 'create_post' | 'create_variant',
  keyOf: (r: { post_id: string; workspace: string | null }) => string | null,
): Promise<Map<string, ImportHold>> {
  const holds = new Map<string, ImportHold>();
  for (const r of await listUnsettledCreates(ctx.db, kind)) {
    const key = keyOf(r);
    if (key === null) continue;
    const hold = holds.get(key) ?? { all: false, ids: new Set<string>() };
    const asked = r.state === 'needs_user' ? parseQuestion(r) : null;
    // A question whose candidates cannot be read holds every look-alike, as an unsettled create does.
    if (r.state === 'needs_user' && asked?.unreadable !== true)
      for (const c of asked?.candidates ?? []) hold.ids.add(c.serverId);
    else hold.all = true;
    holds.set(key, hold);
  }
  return holds;
}

export function held(hold: ImportHold | undefined, serverId: string): boolean {
  return hold !== undefined && (hold.all || hold.ids.has(serverId));
}

/** One post's variant list as the service gave it, waiting to be merged. */
export interface VariantsRead {
  post: Pick<PostRow, 'id'>;
  variants: ServiceVariant[];
  /** Variants not linked here that are not imported yet (a create of unknown outcome may have made them). */
  importHold: ImportHold | null;
  /** The list is the post's whole list, taken in full: the rotation's mark is set. */
  readInFull: boolean;
}

/**
 * Merges several posts' lists, in one transaction unless the window's command comes first (then
 * in as many as it takes). Database work only: they were fetched before. Answers how many
 * variants were imported.
 */
export async function mergeVariantsOfPosts(ctx: SyncContext, reads: VariantsRead[]): Promise<number> {
  let imported = 0;
  for (let i = 0; i < reads.length;) {
    const batch = reads.slice(i);
    const merged = await inTransaction(ctx, async (tctx) => {
      const localsByPost = groupBy(
        await listVariantsOfPosts(
          tctx.db,
          batch.map((r) => r.post.id),
        ),
        (v) => v.post_id,
      );
      const imports: NewVariantRow[] = [];
      const done: VariantsRead[] = [];
      for (const r of batch) {
        if (done.length > 0 && windowFirst(ctx.window)) break;
        await mergeVariantsIn(tctx, r, localsByPost.get(r.post.id) ?? [], imports);
        done.push(r);
      }
      await insertVariants(tctx.db, imports);
      for (const row of imports)
        tctx.emit({ name: 'itemChanged', data: { postId: row.post_id, variantId: row.id } });
      const readInFull = done.filter((r) => r.readInFull).map((r) => r.post.id);
      if (readInFull.length > 0) await markVariantsRead(tctx.db, readInFull, nowIso(ctx));
      return { posts: done.length, imported: imports.length };
    });
    i += merged.posts;
    imported += merged.imported;
  }
  return imported;
}

/** Merges one post's list read outside a full pull: variants not linked here are left for the pull. */
export function mergeVariantsOfPost(
  ctx: SyncContext,
  post: PostRow,
  variants: ServiceVariant[],
): Promise<number> {
  return mergeVariantsOfPosts(ctx, [
    { post, variants, importHold: { all: true, ids: new Set() }, readInFull: false },
  ]);
}

/** Merges one post's list; variants new to Outpost are added to `imports`, for the caller to insert. */
async function mergeVariantsIn(
  ctx: SyncContext,
  read: VariantsRead,
  locals: VariantRow[],
  imports: NewVariantRow[],
): Promise<void> {
  const { post, variants, importHold } = read;
  const byServerId = new Map(
    locals.filter((v) => v.server_id !== null).map((v) => [v.server_id as string, v]),
  );
  for (const sv of variants) {
    const local = byServerId.get(sv.id);
    if (local) {
      await mergeServiceVariant(ctx, local, sv);
    } else if (importHold !== null && held(importHold, sv.id)) {
      await logDecision(ctx, {
        action: 'import_deferred',
        reason: `Variant ${sv.id} is not linked here, and a create of unknown outcome is pending: it may be ours.`,
        postId: post.id,
      });
    } else {
      imports.push(importedVariantRow(ctx, post.id, sv));
      await noteWaitingForSignOff(ctx, post.id, sv);
    }
  }
}
