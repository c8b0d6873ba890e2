// Pull: workspaces, scheduling profiles, posts (counted envelope), variants per post with
// bounded concurrency, skills. Every service value is merged three-way against `base`;
// nothing local is overwritten silently.
import { eachBounded } from '../collections';
import { newLocalId } from '../store/ids';
import type { ServiceClient, ServicePost } from '../api/client';
import { mergeField } from '../domain/merge';
import { keepVersion } from '../history/versions';
import { notify } from '../domain/notices';
import { sameText } from '../outbox/answer-check';
import { held, importHolds, mergeVariantsOfPosts, type VariantsRead } from '../outbox/merge-variants';
import { listPostsWithOpenOps } from '../outbox/op-queries';
import {
  findPostsByServerIds,
  insertPosts,
  listLinkedPosts,
  type LinkedPost,
  parseJson,
  updatePost,
  type PostBase,
} from '../store/post-repository';
import type { NewPostRow, PostRow } from '../store/schema';
import { inTransaction, logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { replaceProfiles, replaceSkills, upsertWorkspaces } from '../store/workspace-repository';

/**
 * Posts merged per transaction in a pull: a commit per post cost more than the merging itself,
 * and a batch this size still commits within milliseconds, so a local edit is not held up.
 */
const MERGE_BATCH_POSTS = 100;

/**
 * Posts whose variants a full pull reads beyond the new ones and those changed here: the ones
 * read longest ago. The API has no change feed, so reading every post on every full pull costs
 * a request per post; this bound keeps a large library's idle cost flat, and a small library
 * (up to this many posts) is still read in full every time.
 */
export const ROTATION_PER_PULL = 200;

/**
 * Which linked posts a full pull reads the variants of: every post never read in full, every
 * post with local changes still open (so a conflict is seen before the push writes), and the
 * rotation's share of the rest.
 */
async function postsToRead(ctx: SyncContext, candidates: LinkedPost[]): Promise<LinkedPost[]> {
  const changed = await listPostsWithOpenOps(ctx.db);
  const must = candidates.filter((p) => p.variants_read_at === null || changed.has(p.id));
  const rest = candidates
    .filter((p) => p.variants_read_at !== null && !changed.has(p.id))
    .sort((a, b) => ((a.variants_read_at as string) < (b.variants_read_at as string) ? -1 : 1))
    .slice(0, ctx.rotationPerPull ?? ROTATION_PER_PULL);
  return [...must, ...rest];
}

export async function pullWorkspaceList(ctx: SyncContext, client: ServiceClient): Promise<string[]> {
  const workspaces = await client.listWorkspaces();
  await upsertWorkspaces(ctx.db, workspaces, nowIso(ctx));
  return workspaces.map((w) => w.slug);
}

export async function pullWorkspace(ctx: SyncContext, client: ServiceClient, slug: string): Promise<void> {
  const now = nowIso(ctx);
  const profiles = await client.listProfiles(slug);
  await replaceProfiles(ctx.db, slug, profiles, now);

  const { listed, importedPosts } = await pullPosts(ctx, client, slug, now);
  const variantHolds = await importHolds(ctx, 'create_variant', (r) => r.post_id);

  let importedVariants = 0;
  const linked = await listLinkedPosts(ctx.db, slug);
  const toRead = await postsToRead(
    ctx,
    linked.filter((p) => listed.has(p.server_id as string) && p.remote_state === 'active'),
  );
  // Lists read meanwhile wait here and are merged a batch per transaction: a commit per post
  // cost more than all of the merging. Workers that fill a batch merge it while the others keep
  // reading, so the connection and the service stay busy together.
  let waiting: VariantsRead[] = [];
  const mergeWaiting = async (): Promise<void> => {
    const reads = waiting;
    waiting = [];
    importedVariants += await mergeVariantsOfPosts(ctx, reads);
  };
  await eachBounded(toRead, ctx.concurrency, async (post) => {
    const variants = await client.listVariants(slug, post.server_id as string);
    const hold = variantHolds.get(post.id);
    // A deferred import means this read was not taken in full: the post is read again next time.
    waiting.push({ post, variants, importHold: hold ?? null, readInFull: hold === undefined });
    if (waiting.length >= MERGE_BATCH_POSTS) await mergeWaiting();
  });
  await mergeWaiting();
  if (importedPosts + importedVariants > 0) {
    // One summary line, not one per row: a first pull can bring thousands.
    await logDecision(ctx, {
      action: 'import',
      reason: `${slug}: ${importedPosts} post(s) and ${importedVariants} variant(s) exist on the service only; kept here as they are.`,
    });
  }

  try {
    await replaceSkills(ctx.db, slug, await client.listSkills(slug), nowIso(ctx));
  } catch (error) {
    // Skills are a convenience: a failure here must not fail the sync of drafts.
    await logDecision(ctx, {
      action: 'skills_skipped',
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Reads the workspace's posts and merges them a batch per transaction; answers the server ids
 * listed. Its own function so the service's posts (and their raw JSON) can be collected once
 * merged, rather than staying alive while every variant list is read.
 */
async function pullPosts(
  ctx: SyncContext,
  client: ServiceClient,
  slug: string,
  now: string,
): Promise<{ listed: Set<string>; importedPosts: number }> {
  const posts = await client.listPosts(slug);
  const postHold = (await importHolds(ctx, 'create_post', (r) => r.workspace)).get(slug);
  // Pure database work, no request inside. Batched transactions: far cheaper than a commit per
  // post, yet short enough that a local edit waiting for the connection is not held up.
  let importedPosts = 0;
  for (let i = 0; i < posts.length; i += MERGE_BATCH_POSTS) {
    const batch = posts.slice(i, i + MERGE_BATCH_POSTS);
    await inTransaction(ctx, async (tctx) => {
      const locals = await findPostsByServerIds(
        tctx.db,
        slug,
        batch.map((sp) => sp.id),
      );
      const imports: NewPostRow[] = [];
      for (const sp of batch)
        await mergePost(tctx, slug, sp, locals.get(sp.id), held(postHold, sp.id), imports, now);
      await insertPosts(tctx.db, imports);
      for (const row of imports)
        tctx.emit({ name: 'itemChanged', data: { postId: row.id, variantId: null } });
      importedPosts += imports.length;
    });
  }

  return { listed: new Set(posts.map((p) => p.id)), importedPosts };
}

/** Merges one service post; a post new to Outpost is added to `imports`, for the caller to insert. */
async function mergePost(
  ctx: SyncContext,
  slug: string,
  sp: ServicePost,
  local: PostRow | undefined,
  blocked: boolean,
  imports: NewPostRow[],
  /** One time for the whole pull: the posts it brings tie, and the list orders them by title. */
  now: string,
): Promise<void> {
  if (!local) {
    if (blocked) {
      await logDecision(ctx, {
        action: 'import_deferred',
        reason: `Post ${sp.id} is not linked here, and a create of unknown outcome is pending in ${slug}: it may be ours.`,
      });
      return;
    }
    imports.push({
      id: newLocalId(),
      server_id: sp.id,
      workspace: slug,
      title: sp.title,
      base: JSON.stringify({ title: sp.title } satisfies PostBase),
      raw: JSON.stringify(sp.raw),
      remote_state: 'active',
      conflict: null,
      error: null,
      created_at: now,
      updated_at: now,
    });
    return;
  }
  const base = parseJson<PostBase>(local.base) ?? { title: sp.title };
  // A title the service keeps normalised (whitespace, NFC) is the same title.
  const d = mergeField(base.title, local.title, sp.title, sameText);
  if (d.action === 'take_theirs') {
    if (local.title !== sp.title) {
      const of = { postId: local.id, variantId: null };
      await keepVersion(ctx, of, 'before_merge', local.title);
      await keepVersion(ctx, of, 'service', sp.title);
    }
    await updatePost(ctx.db, local.id, {
      title: sp.title,
      base: JSON.stringify({ title: sp.title }),
      raw: JSON.stringify(sp.raw),
      conflict: null,
      remote_state: 'active',
      updated_at: now,
    });
    await logDecision(ctx, { action: 'take_theirs', reason: `Title: ${d.reason}`, postId: local.id });
    ctx.emit({ name: 'itemChanged', data: { postId: local.id, variantId: null } });
  } else if (d.action === 'conflict') {
    const conflict = JSON.stringify([{ field: 'title', mine: local.title, theirs: sp.title }]);
    if (conflict !== local.conflict) {
      await updatePost(ctx.db, local.id, { conflict, raw: JSON.stringify(sp.raw), updated_at: now });
      await logDecision(ctx, { action: 'conflict', reason: `Title: ${d.reason}`, postId: local.id });
      await notify(
        ctx,
        'needs_user',
        `The title of "${local.title}" was changed both here and on the service.`,
        {
          postId: local.id,
          variantId: null,
        },
      );
      ctx.emit({ name: 'itemChanged', data: { postId: local.id, variantId: null } });
    }
  } else {
    const raw = JSON.stringify(sp.raw);
    if (raw !== local.raw || local.remote_state !== 'active' || local.conflict !== null) {
      await updatePost(ctx.db, local.id, { raw, remote_state: 'active', conflict: null });
    }
  }
}
