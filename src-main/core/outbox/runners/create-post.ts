// create_post: POST the post with its title. The service keeps the title a post is created
// with (there is no rename), so a post without one waits, and so does one whose title is still
// being typed in the window (app/posts/titles-typed.ts).
import type { ServicePost } from '../../api/client';
import { listLinkedPosts, updatePost, type PostBase } from '../../store/post-repository';
import { nowIso, type SyncContext } from '../../store/unit-of-work';
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { checkCreatedPost, keptLink, sameText, storedFormOf, type StoredAs } from '../answer-check';
import { parsePayload } from '../payload';
import { candidateOf, matchUnlinked, settleMatch } from '../read-back';
import { foldPulledCopy, pulledCopiesAmong } from '../pulled-copies';
import { noteStoredDifferently } from '../stored-differently';
import { checkNotLinkedElsewhere, settled, type OpRunner, type OpRows } from './runner';

/**
 * Links the post to the service's: an answer recorded, not a change of the post (its time stays).
 * `made`: the service made it for this create, so it had no variant but ours: read whole then.
 */
export function linkPost(
  rows: OpRows,
  sp: Pick<ServicePost, 'id' | 'title'>,
  storedAs: StoredAs | null,
  made = false,
) {
  return async (t: SyncContext): Promise<void> => {
    await updatePost(t.db, rows.post.id, {
      server_id: keptLink('post', rows.post.server_id, sp.id),
      base: JSON.stringify({ title: sp.title } satisfies PostBase),
      error: null,
      ...(made ? { variants_read_at: nowIso(t) } : {}),
    });
    if (storedAs !== null)
      await noteStoredDifferently(t, { postId: rows.post.id, variantId: null }, storedAs);
  };
}

export const createPostRunner: OpRunner<string> = {
  build({ post, op }, ctx) {
    if (post.server_id !== null) return { done: 'The post is already linked to the service.' };
    if (post.title.trim() === '') return { hold: OUTBOX_REASONS.titleNeeded };
    if (ctx.titleTyped?.(post.id) === true) return { hold: OUTBOX_REASONS.titleBeingTyped };
    return { request: post.title, payload: { ...parsePayload(op), sent: { title: post.title } } };
  },

  send(rc, rows, title) {
    return settled(rows, rc, 'request', async () => {
      const slug = rows.post.workspace as string;
      const created = await rc.client.createPost(slug, { title });
      const storedAs = checkCreatedPost({ title }, created);
      // A record some post here is linked to is not what this create made (a cache's old answer).
      await checkNotLinkedElsewhere(rc.ctx.db, 'post', slug, created.id, rows.post.id);
      return {
        event: { type: 'answered', reason: `The service created the post, as post ${created.id}.` },
        action: 'create_post',
        record: linkPost(rows, created, storedAs, true),
      };
    });
  },

  readBack(rc, rows) {
    return settled(rows, rc, 'read_back', async () => {
      const slug = rows.post.workspace as string;
      const payload = parsePayload(rows.op);
      const sentTitle = payload.sent?.title ?? rows.post.title;
      const listed = await rc.client.listPosts(slug);
      const same = (c: ServicePost) => sameText(c.title, sentTitle);
      const linked = new Set((await listLinkedPosts(rc.ctx.db, slug)).map((p) => p.server_id as string));
      // Brought back from an older moment: what it made may be here already as the pull's copy.
      if (payload.broughtBack) {
        const lookalikes = listed.filter((c) => linked.has(c.id) && same(c)).map((c) => c.id);
        for (const id of await pulledCopiesAmong(rc.ctx.db, 'post', slug, lookalikes, rows.post.id))
          linked.delete(id);
      }
      const m = matchUnlinked(listed, linked, same);
      return settleMatch(
        'create_post',
        m,
        {
          several: `posts titled "${sentTitle}"`,
          candidate: (p) => candidateOf(p.id, p.title),
          link: (p) => async (t) => {
            if (payload.broughtBack) await foldPulledCopy(t, 'post', slug, p.id, rows.post.id);
            await linkPost(rows, p, storedFormOf(sentTitle, p.title))(t);
          },
        },
        {
          unknownSends: payload.unknownSends ?? 0,
          answeredIds: payload.answeredIds ?? [],
          unlinked: listed.filter((p) => !linked.has(p.id)),
        },
      );
    });
  },
};
