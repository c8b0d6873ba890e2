// posts.*: one post, the posts in conflict, new posts, titles and title conflicts (the list is
// find/). A title changed after creation stays local: the service has no rename.
import { COMMAND_ERRORS, NOT_FOUND } from '@preload/words/errors';
import type { PostDetail } from '@preload/bridge';
import { keepVersion } from '../../history/versions';
import { enqueue, reviveRefusedCreate } from '../../outbox/op-store';
import { unsyncedColumns } from '../../store/local-item';
import { insertPost, listConflictedPostIds, updatePost, type PostBase } from '../../store/post-repository';
import { postConflicts } from '../../store/conflicts';
import { logDecision } from '../../store/unit-of-work';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Commands } from '../command';
import { CommandError } from '../command-error';
import { id, none, slug, text } from '../schemas';
import { dropIfUntouched } from './untouched';

type PostCommands =
  | 'posts.get'
  | 'posts.conflicts'
  | 'posts.create'
  | 'posts.update'
  | 'posts.titleSettled'
  | 'posts.dropIfUntouched'
  | 'posts.resolveConflict';

export const postCommands: Commands<PostCommands> = {
  'posts.get': {
    payload: z.strictObject({ id }),
    // The post's and its variants' errors are the service's words.
    quotesService: true,
    undoable: false,
    run: (app, p) => app.postDetail(p.id),
  },
  'posts.conflicts': {
    payload: none,
    quotesService: true,
    undoable: false,
    run: async (app) => {
      const details: PostDetail[] = [];
      for (const id of await listConflictedPostIds(app.db)) details.push(await app.postDetail(id));
      return details;
    },
  },
  'posts.create': {
    payload: z.strictObject({ workspace: slug.nullable(), title: text(1000) }),
    quotesService: false,
    undoable: false,
    run: createPost,
  },
  'posts.update': {
    payload: z.strictObject({ id, title: text(1000), typing: z.boolean().optional() }),
    quotesService: false,
    undoable: false,
    // Marked under way before anything is awaited: a drop of the post sent after it waits for it.
    run: (app, p) => app.titles.saving(p.id, saveTitle(app, p)),
  },
  'posts.titleSettled': {
    payload: z.strictObject({ id }),
    quotesService: false,
    undoable: false,
    // Its create may go: a sync is asked for (create-app-core.ts) when the post was held.
    run: (app, p) => {
      app.titles.settled(p.id);
      return app.postDetail(p.id);
    },
  },
  'posts.dropIfUntouched': {
    payload: z.strictObject({ id }),
    quotesService: false,
    // Nothing is lost with an empty post: no Undo.
    undoable: false,
    run: async (app, p) => {
      // After the title saves sent before it: what they wrote is seen by the check.
      await app.titles.saved(p.id);
      const dropped = await app.inTransaction((t) => dropIfUntouched(t, p.id, (id) => app.namedInUndo(id)));
      if (dropped === undefined) throw new CommandError('not_found', NOT_FOUND.post(p.id));
      if (dropped) {
        app.titles.forget(p.id);
        // The list and the count hear of it as of any change.
        app.changed(p.id, null);
      }
      return { dropped };
    },
  },
  'posts.resolveConflict': {
    payload: z.union([
      z.strictObject({ id, choice: z.enum(['mine', 'theirs']) }),
      z.strictObject({ id, choice: z.literal('edit'), title: text(1000) }),
    ]),
    quotesService: false,
    undoable: false,
    run: resolveTitleConflict,
  },
};

async function saveTitle(
  app: AppContext,
  p: { id: string; title: string; typing?: boolean | undefined },
): Promise<PostDetail> {
  // Marked before anything is awaited: a settle sent after this save is taken after it.
  if (p.typing === true) app.titles.typed(p.id);
  const post = await app.post(p.id).catch((error: unknown) => {
    app.titles.forget(p.id);
    throw error;
  });
  // A post on the service has no create to hold.
  if (post.server_id !== null) app.titles.forget(p.id);
  // After creation the title stays local: the spec has no endpoint to rename a post.
  await app.inTransaction(async (t) => {
    await updatePost(t.db, p.id, { title: p.title, updated_at: app.now() });
    if (post.server_id === null) await reviveRefusedCreate(t, p.id, null);
  });
  app.changed(p.id, null);
  if (p.title !== post.title) app.typed({ postId: p.id, variantId: null });
  return app.postDetail(p.id);
}

async function createPost(
  app: AppContext,
  p: { workspace: string | null; title: string },
): Promise<PostDetail> {
  if (p.workspace !== null) await app.knownWorkspace(p.workspace);
  const id = app.newId();
  const now = app.now();
  await app.inTransaction(async (t) => {
    await insertPost(t.db, { id, workspace: p.workspace, title: p.title, ...unsyncedColumns(now) });
    if (p.workspace !== null) await enqueue(t, { kind: 'create_post', postId: id, variantId: null, now });
  });
  app.changed(id, null);
  if (p.title !== '') app.typed({ postId: id, variantId: null });
  return app.postDetail(id);
}

/** The user's choice on a title changed here and on the service. */
async function resolveTitleConflict(
  app: AppContext,
  p: { id: string; choice: 'mine' | 'theirs' } | { id: string; choice: 'edit'; title: string },
): Promise<PostDetail> {
  const post = await app.post(p.id);
  const theirs = postConflicts(post).find((c) => c.field === 'title')?.theirs;
  if (theirs === undefined || theirs === null)
    throw new CommandError('invalid_state', COMMAND_ERRORS.noPostConflict);
  const title = p.choice === 'edit' ? p.title : p.choice === 'theirs' ? theirs : post.title;
  await app.inTransaction(async (t) => {
    const of = { postId: post.id, variantId: null };
    await keepVersion(t, of, 'before_conflict_choice', post.title);
    if (p.choice === 'theirs') await keepVersion(t, of, 'service', theirs);
    await updatePost(t.db, post.id, {
      title,
      base: JSON.stringify({ title: theirs } satisfies PostBase),
      conflict: null,
      updated_at: app.now(),
    });
    await logDecision(t, {
      action: `resolve_${p.choice}`,
      reason: 'The user resolved the title conflict.',
      postId: post.id,
    });
  });
  app.changed(post.id, null);
  return app.postDetail(post.id);
}
