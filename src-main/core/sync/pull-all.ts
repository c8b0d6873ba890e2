// The full pull across workspaces, and the reconcile of variants whose time has come. Access is
// per workspace: one that answers 403, or has left this account's list, is marked and its
// changes wait while the others sync; one that answers again is marked back.
import type { ServiceClient } from '../api/client';
import { syncImpact } from '../outbox/sync-impact';
import { accessSuggestedBy, accessWords } from '../outbox/workspace-access';
import { withPullCheckpoints } from '../store/db';
import { getPost } from '../store/post-repository';
import { listVariantsDueForReconcile } from '../store/variant-repository';
import { listWorkspaces, setWorkspaceAccess } from '../store/workspace-repository';
import { logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { mergeVariantsOfPost } from '../outbox/merge-variants';
import { pullWorkspace, pullWorkspaceList, type ListingMark } from './pull';
import { messageOf } from '../error-message';

/** Failures that concern every workspace: the sync stops on them. */
export function concernsAll(error: unknown): boolean {
  const impact = syncImpact(error);
  return impact === 'offline' || impact === 'token';
}

/** A workspace a sync could not read (not for want of access), and why. */
export interface UnreadWorkspace {
  slug: string;
  reason: string;
}

/**
 * Reads each workspace with `read`; one that fails is marked (without access) or named (any
 * other failure), and the others go on. A failure that concerns every workspace stops it all.
 */
export async function readEachWorkspace(
  ctx: SyncContext,
  slugs: readonly string[],
  read: (slug: string) => Promise<void>,
): Promise<UnreadWorkspace[]> {
  const problems: UnreadWorkspace[] = [];
  for (const slug of slugs) {
    try {
      await read(slug);
      if (await setWorkspaceAccess(ctx.db, slug, 'ok'))
        await logDecision(ctx, { action: 'workspace_ok', reason: `Workspace ${slug} can be reached again.` });
    } catch (error) {
      if (concernsAll(error)) throw error;
      const message = messageOf(error);
      const access = accessSuggestedBy(error);
      if (access !== null && (await setWorkspaceAccess(ctx.db, slug, access)))
        await logDecision(ctx, {
          action: `workspace_${access}`,
          reason: `Workspace ${slug}: ${accessWords(access)}; its changes wait until it is back.`,
        });
      // One unreadable workspace must not keep the outbox from going out.
      await logDecision(ctx, { action: 'pull_workspace_failed', reason: `${slug}: ${message}` });
      if (access === null) problems.push({ slug, reason: message });
    }
  }
  return problems;
}

/** Pulls every workspace; answers those it could not read, and the listing mark of each it read. */
export async function pullAll(
  ctx: SyncContext,
  client: ServiceClient,
): Promise<{ unread: UnreadWorkspace[]; marks: Map<string, ListingMark> }> {
  const slugs = await pullWorkspaceList(ctx, client);
  const listed = new Set(slugs);
  for (const known of await listWorkspaces(ctx.db)) {
    if (!listed.has(known.slug) && (await setWorkspaceAccess(ctx.db, known.slug, 'not_found')))
      await logDecision(ctx, {
        action: 'workspace_not_found',
        reason: `Workspace ${known.slug}: ${accessWords('not_found')}; its changes wait until it is back.`,
      });
  }
  const marks = new Map<string, ListingMark>();
  const unread = await withPullCheckpoints(ctx.db, () =>
    readEachWorkspace(ctx, slugs, async (slug) => {
      marks.set(slug, await pullWorkspace(ctx, client, slug));
    }),
  );
  return { unread, marks };
}

/** Re-reads scheduled and needs_approval variants whose time has come. */
export async function reconcileDue(ctx: SyncContext, client: ServiceClient): Promise<void> {
  const due = await listVariantsDueForReconcile(ctx.db, nowIso(ctx));
  for (const postId of new Set(due.map((v) => v.post_id))) {
    const post = await getPost(ctx.db, postId);
    if (!post || post.workspace === null || post.server_id === null) continue;
    let variants;
    try {
      variants = await client.listVariants(post.workspace, post.server_id);
    } catch (error) {
      if (concernsAll(error)) throw error;
      await logDecision(ctx, {
        action: 'reconcile_failed',
        reason: messageOf(error),
        postId,
      });
      continue;
    }
    // Only variants already linked are touched: imports belong to a full pull.
    const linked = new Set(due.filter((v) => v.post_id === postId).map((v) => v.server_id));
    await mergeVariantsOfPost(
      ctx,
      post,
      variants.filter((v) => linked.has(v.id)),
    );
  }
}
