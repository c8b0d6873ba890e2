// history.*: the kept versions of a variant's text or a post's title, and putting one back. A
// restore is a new edit through the outbox (the same path as typing), keeps the text it replaces
// as a version ("before a restore"), and can be undone. variants.copyToNewPost starts a post
// from a variant's text: what to do with a change that never left because the variant was
// published first.
import { NOT_FOUND } from '@preload/words/errors';
import {
  changedSinceUndo,
  copyToNewPostTitle,
  refusalReason,
  restoredLabel,
  textName,
} from '@preload/words/undo';
import { z } from 'zod';
import type { PostDetail, TextSubject, TextVersionView } from '@preload/bridge';
import { ORIGIN_WORDS } from '@preload/words/history';
import { getVersion, keepVersion, listVersions, type TextOf, type VersionRow } from '../../history/versions';
import { listOpenOpsOfPost } from '../../outbox/op-queries';
import { assertAllows, type AppContext } from '../app-context';
import { CommandError } from '../command-error';
import { id } from '../schemas';
import type { Commands, Undoable } from '../command';
import type { UndoableChange } from '../command';
import { accountChoiceOf, accountChosenByService } from '../../domain/accounts';

type HistoryCommands = 'history.list' | 'history.restore' | 'variants.copyToNewPost';

function versionView(row: VersionRow): TextVersionView {
  return {
    version: row.number,
    at: row.at,
    origin: row.origin,
    originText: ORIGIN_WORDS[row.origin],
    content: row.text,
  };
}

/** A text as it is now, whose it is, and how to change it the way the user's own edit does. */
interface Text {
  subject: TextSubject;
  of: TextOf;
  postId: string;
  current: string;
  /** "the X text of ‘Launch day’", for the undo notice. */
  name: string;
  /** Throws the reason when the text cannot change now. */
  editable: () => Promise<void>;
  write: (text: string) => Promise<unknown>;
}

async function textOf(app: AppContext, subject: TextSubject): Promise<Text> {
  if ('variantId' in subject) {
    const v = await app.variant(subject.variantId);
    const post = await app.post(v.post_id);
    return {
      subject,
      of: { postId: post.id, variantId: v.id },
      postId: post.id,
      current: v.content,
      name: textName({ title: post.title, platform: v.platform }),
      // A restore is an edit: refused where an edit is (published, waiting for sign-off, a
      // publish on its way).
      editable: async () =>
        assertAllows('edit', {
          variant: v,
          workspace: post.workspace,
          ops: await listOpenOpsOfPost(app.db, post.id),
        }),
      write: (content) => app.run('variants.update', { id: v.id, content }),
    };
  }
  const post = await app.post(subject.postId);
  return {
    subject,
    of: { postId: post.id, variantId: null },
    postId: post.id,
    current: post.title,
    name: textName({ title: post.title }),
    editable: () => Promise.resolve(),
    write: (title) => app.run('posts.update', { id: post.id, title }),
  };
}

/** A version of a text, as history.list numbers them. */
const version = z.int().min(1, 'must be a version number (1 or more)').max(Number.MAX_SAFE_INTEGER);

// Every answer holds texts that came from the service.
export const historyCommands: Commands<HistoryCommands> = {
  'history.list': {
    payload: z.union([z.strictObject({ variantId: id }), z.strictObject({ postId: id })]),
    quotesService: true,
    undoable: false,
    run: async (app, subject) => {
      const text = await textOf(app, subject);
      return (await listVersions(app.db, text.of)).map(versionView);
    },
  },
  'history.restore': {
    payload: z.union([z.strictObject({ variantId: id, version }), z.strictObject({ postId: id, version })]),
    quotesService: true,
    undoable: true,
    run: restore,
  },
  'variants.copyToNewPost': {
    payload: z.strictObject({ id }),
    quotesService: true,
    undoable: false,
    run: copyToNewPost,
  },
};

/** A version put back as the user's own edit; refused where an edit is. */
async function restore(
  app: AppContext,
  { version, ...subject }: TextSubject & { version: number },
): Promise<Undoable<PostDetail>> {
  const text = await textOf(app, subject);
  const row = await getVersion(app.db, text.of, version);
  if (row === undefined) throw new CommandError('not_found', NOT_FOUND.version(version));
  if (row.text === text.current) return { value: await app.postDetail(text.postId), undo: null };
  await text.editable();
  await app.inTransaction((t) => keepVersion(t, text.of, 'before_restore', text.current));
  await text.write(row.text);
  const undo = restoreUndo(app, text, version, row.text);
  return { value: await app.postDetail(text.postId), undo };
}

/** A new post from a variant's text: on the same platform, and the account it was meant for. */
async function copyToNewPost(app: AppContext, { id }: { id: string }): Promise<PostDetail> {
  const v = await app.variant(id);
  const post = await app.post(v.post_id);
  const chosen = v.account_mode === 'default' ? accountChosenByService(v) : null;
  const copy = await app.run('posts.create', {
    workspace: post.workspace,
    title: copyToNewPostTitle(post.title),
  });
  await app.run('variants.create', {
    postId: copy.id,
    platform: v.platform,
    content: v.content,
    // On the account it was meant for: the one the service chose when it was the default.
    account: chosen !== null ? { kind: 'profile', profileId: chosen } : accountChoiceOf(v),
  });
  return app.postDetail(copy.id);
}

/** Its undo puts back the text the restore replaced, unless the text has changed since. */
function restoreUndo(app: AppContext, text: Text, version: number, restored: string): UndoableChange {
  return {
    label: restoredLabel(version, text.name),
    postIds: [text.postId],
    inverse: async () => {
      const refuse = (reason: string) => ({ undone: 0, refused: [{ postId: text.postId, reason }] });
      try {
        const now = await textOf(app, text.subject);
        if (now.current !== restored) return refuse(changedSinceUndo(text.name, 'the restore'));
        await now.editable();
        await now.write(text.current);
      } catch (error) {
        if (error instanceof CommandError) return refuse(refusalReason(text.name, error));
        throw error;
      }
      return { undone: 1, refused: [] };
    },
  };
}
