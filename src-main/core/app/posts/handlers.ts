// posts.*: one post, the posts in conflict, new posts, titles and title conflicts (the list is
// find/). A title changed after creation stays local: the service has no rename.
import type { PostDetail } from '@preload/bridge';
import { keepVersion } from '../../history/versions';
import { enqueue, reviveRefusedCreate } from '../../outbox/op-store';
import { newLocalId } from '../../store/ids';
import { unsyncedColumns } from '../../store/local-item';
import {
  insertPost,
  listConflictedPostIds,
  parseJson,
  updatePost,
  type PostBase,
} from '../../store/post-repository';
import { logDecision } from '../../store/unit-of-work';
import type { AppContext } from '../app-context';
import { CommandError } from '../command-error';
import type { Handlers } from '../handlers';

type PostCommands =
  'posts.get' | 'posts.conflicts' | 'posts.create' | 'posts.update' | 'posts.resolveConflict';

export function postHandlers(app: AppContext): Handlers<PostCommands> {
  return {
    'posts.get': (p) => app.postDetail(p.id),
    'posts.conflicts': async () => {
      const details: PostDetail[] = [];
      for (const id of await listConflictedPostIds(app.db)) details.push(await app.postDetail(id));
      return details;
    },
    'posts.create': async (p) => {
      if (p.workspace !== null) await app.knownWorkspace(p.workspace);
      const id = newLocalId();
      const now = app.now();
      await app.inTransaction(async (t) => {
        await insertPost(t.db, { id, workspace: p.workspace, title: p.title, ...unsyncedColumns(now) });
        if (p.workspace !== null) await enqueue(t, { kind: 'create_post', postId: id, variantId: null, now });
      });
      app.changed(id, null);
      if (p.title !== '') app.typed({ postId: id, variantId: null });
      return app.postDetail(id);
    },
    'posts.update': async (p) => {
      const post = await app.post(p.id);
      // After creation the title stays local: the spec has no endpoint to rename a post.
      await app.inTransaction(async (t) => {
        await updatePost(t.db, p.id, { title: p.title, updated_at: app.now() });
        if (post.server_id === null) await reviveRefusedCreate(t, p.id, null);
      });
      app.changed(p.id, null);
      if (p.title !== post.title) app.typed({ postId: p.id, variantId: null });
      return app.postDetail(p.id);
    },
    'posts.resolveConflict': async (p) => {
      const post = await app.post(p.id);
      const conflicts = parseJson<Array<{ field: string; mine: string | null; theirs: string | null }>>(
        post.conflict,
      );
      const theirs = conflicts?.find((c) => c.field === 'title')?.theirs;
      if (!conflicts || theirs === undefined || theirs === null)
        throw new CommandError('invalid_state', 'This post has no conflict to resolve.');
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
    },
  };
}
