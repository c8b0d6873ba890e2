// The rows that are ready, made as posts and variants the way a post typed here is made: the
// rows, and the outbox ops that take each to the service (the post, each variant, its time),
// all in one transaction, so an import is one step that works offline and syncs later. The
// rows' keys (and a title-only row's post) are checked again inside it, so two imports of one
// file at once make it once. One undo entry takes the whole import back (the posts that have
// not reached the service yet).
import type { TableImportReport, ImportRequest, ImportRowResult } from '@preload/bridge';
import { importLabel, importSummary, ROW_PROBLEMS } from '@preload/words/import';
import { namedReason, postName } from '@preload/words/undo';
import { accountColumns } from '../../domain/accounts';
import { enqueueCreates } from '../../outbox/new-post-ops';
import { listImportKeys, listPostsLike } from '../../store/import-keys';
import { unsentVariantColumns, unsyncedColumns } from '../../store/local-item';
import { insertPosts } from '../../store/post-repository';
import type { NewPostRow, NewVariantRow } from '../../store/schema';
import { insertVariants } from '../../store/variant-repository';
import type { AppContext } from '../app-context';
import type { Undoable, UndoableChange } from '../command';
import { deletePosts } from '../bulk/removal';
import { checkRows, type CheckedRow } from './row-checks';

interface MadePost {
  id: string;
  title: string;
  variants: Array<{ id: string; scheduled_at: string | null }>;
}

export async function importPosts(
  app: AppContext,
  request: ImportRequest,
): Promise<Undoable<TableImportReport>> {
  const checked = await checkRows(app, request);
  const now = app.now();
  const results = new Map<number, ImportRowResult>();
  const made: MadePost[] = [];
  await app.inTransaction(async (t) => {
    const ready = checked.filter((c) => c.status === 'ready');
    const madeMeanwhile = await listImportKeys(
      t.db,
      ready.map((c) => c.key),
    );
    // A title-only row keeps no key: the post another import made meanwhile is found by its title.
    const postOnly = ready.filter((c) => c.postOnly).map((c) => c.title);
    const postsMeanwhile =
      postOnly.length === 0 ? null : await listPostsLike(t.db, request.workspace, [], postOnly);
    const posts: NewPostRow[] = [];
    const variants: NewVariantRow[] = [];
    const postOf = new Map<number, MadePost>();
    for (const c of ready) {
      if (madeMeanwhile.has(c.key)) {
        results.set(c.row, result(c, 'duplicate', ROW_PROBLEMS.importedBefore));
        continue;
      }
      if (c.postOnly && postsMeanwhile?.titles.has(c.title) === true) {
        results.set(c.row, result(c, 'duplicate', ROW_PROBLEMS.alreadyHere));
        continue;
      }
      let post = postOf.get(c.postRow);
      if (post === undefined) {
        post = { id: app.newId(), title: c.title, variants: [] };
        postOf.set(c.postRow, post);
        made.push(post);
        posts.push({ id: post.id, workspace: request.workspace, title: c.title, ...unsyncedColumns(now) });
      }
      // A title-only row is its post alone, with no variant.
      if (c.postOnly) {
        results.set(c.row, { ...result(c, 'created', null), postId: post.id });
        continue;
      }
      const variant = variantRow(app.newId(), post.id, c, now);
      variants.push(variant);
      post.variants.push({ id: variant.id, scheduled_at: c.scheduledAt });
      results.set(c.row, { ...result(c, 'created', null), postId: post.id, variantId: variant.id });
    }
    await insertPosts(t.db, posts);
    await insertVariants(t.db, variants);
    for (const post of made) await enqueueCreates(t, post.id, post.variants, now);
  });
  for (const post of made) app.changed(post.id, null);
  const rows = checked.map(
    (c) => results.get(c.row) ?? result(c, c.status === 'ready' ? 'created' : c.status, c.reason),
  );
  const leftOut = rows.flatMap((r) =>
    r.status === 'created' ? [] : [{ row: r.row, reason: r.reason ?? '' }],
  );
  const value = { rows, posts: made.length, summary: importSummary(made.length, leftOut) };
  return { value, undo: made.length === 0 ? null : importUndo(app, made) };
}

function variantRow(id: string, postId: string, c: CheckedRow, now: string): NewVariantRow {
  return {
    id,
    post_id: postId,
    platform: c.platform,
    content: c.text,
    ...accountColumns(c.account),
    ...unsentVariantColumns(now),
    scheduled_at: c.scheduledAt,
    import_key: c.key,
  };
}

function result(c: CheckedRow, status: ImportRowResult['status'], reason: string | null): ImportRowResult {
  return {
    row: c.row,
    status,
    reason,
    postId: null,
    variantId: null,
    scheduledAt: status === 'created' ? c.scheduledAt : null,
  };
}

/** The posts made go again, unless one has reached the service meanwhile. */
function importUndo(app: AppContext, made: readonly MadePost[]): UndoableChange {
  return {
    label: importLabel(made.length),
    postIds: made.map((p) => p.id),
    inverse: async () => {
      const { report } = await deletePosts(
        app,
        made.map((p) => p.id),
      );
      const refused = report.refused.map((r) => ({
        postId: r.id,
        reason: namedReason(postName(made.find((p) => p.id === r.id)?.title ?? ''), r.reason),
      }));
      return { undone: report.done, refused };
    },
  };
}
