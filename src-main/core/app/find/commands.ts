// posts.list, posts.page and posts.refresh: the list of posts, filtered, searched and sorted by
// the core (post-list.ts).
import { z } from 'zod';
import { ITEM_STATES, MAX_REFRESHED_POSTS, POST_SORTS } from '@preload/bridge';
import type { Commands } from '../command';
import { cleanLocalIds } from '../cleaning';
import { redactDeep } from '../connection/file-logger';
import { id, isoTime, noInvisible, platform, slug, text } from '../schemas';
import { postList, postPage, postRefresh } from './post-list';

const timeRange = z
  .strictObject({ from: isoTime.optional(), to: isoTime.optional() })
  .refine((r) => r.from === undefined || r.to === undefined || Date.parse(r.from) < Date.parse(r.to), {
    message: 'must end after it starts',
  });

/** Which posts the list shows and in which order (posts.list, posts.page and posts.refresh). */
const listedPosts = {
  workspace: slug.nullable(),
  query: text(500).optional(),
  filter: z.union([z.literal('all'), z.enum(ITEM_STATES)]).optional(),
  platform: platform.optional(),
  account: id.superRefine(noInvisible).optional(),
  outAt: timeRange.optional(),
  sort: z.enum(POST_SORTS).optional(),
  hidden: z.boolean().optional(),
};

export const findCommands: Commands<'posts.list' | 'posts.page' | 'posts.refresh'> = {
  'posts.list': {
    payload: z.strictObject({ ...listedPosts, limit: z.int().min(1).max(100_000).optional() }),
    quotesService: true,
    undoable: false,
    run: postList,
  },
  'posts.page': {
    payload: z.strictObject({
      ...listedPosts,
      from: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
      limit: z.int().min(1).max(10_000),
    }),
    quotesService: true,
    undoable: false,
    run: postPage,
  },
  'posts.refresh': {
    payload: z.strictObject({
      ...listedPosts,
      changed: z.array(id).max(MAX_REFRESHED_POSTS),
      orderKey: z.string().max(100).optional(),
    }),
    quotesService: true,
    // The summaries quote the service; the order is the core's own ids, and its key a hash.
    cleanAnswer: (answer, clean) => ({
      order: answer.order === null ? null : cleanLocalIds(answer.order, clean),
      orderKey: clean(answer.orderKey),
      posts: redactDeep(answer.posts, clean),
    }),
    undoable: false,
    run: postRefresh,
  },
};
