// sync.*, and the service's own records read on demand: a post's activity and the skills.
import { listSyncLog } from '../../store/sync-log-repository';
import { cacheActivity, listSkills, replaceSkills } from '../../store/workspace-repository';
import { z } from 'zod';
import { MAX_SYNC_LOG_ENTRIES, type ActivityPage } from '@preload/bridge';
import type { AppContext } from '../app-context';
import type { Commands } from '../command';
import { syncLogView } from '../items/views';
import { id, isoTime, none, slug } from '../schemas';

type SyncCommands =
  | 'sync.now'
  | 'sync.status'
  | 'sync.pause'
  | 'sync.resume'
  | 'sync.log'
  | 'sync.openPost'
  | 'sync.onScreen'
  | 'activity.list'
  | 'skills.list';

// The status and the log quote the service: its last error, its reasons.
export const syncCommands: Commands<SyncCommands> = {
  'sync.now': {
    payload: none,
    quotesService: true,
    waitsForSync: true,
    undoable: false,
    run: (app) => app.engine.syncNow('user'),
  },
  'sync.status': { payload: none, quotesService: true, undoable: false, run: (app) => app.engine.refresh() },
  'sync.pause': { payload: none, quotesService: true, undoable: false, run: (app) => app.engine.pause() },
  'sync.resume': { payload: none, quotesService: true, undoable: false, run: (app) => app.engine.resume() },
  'sync.log': {
    payload: z.union([
      z.undefined().transform(() => ({})),
      z.strictObject({ limit: z.number().int().min(1).max(MAX_SYNC_LOG_ENTRIES).optional() }),
    ]),
    quotesService: true,
    undoable: false,
    run: async (app, p) => (await listSyncLog(app.db, p?.limit ?? 200)).map(syncLogView),
  },
  'sync.openPost': {
    payload: z.strictObject({ postId: id.nullable() }),
    quotesService: false,
    undoable: false,
    run: (app, { postId }) => {
      app.engine.watchScreen({ openPostId: postId });
      return Promise.resolve(null);
    },
  },
  'sync.onScreen': {
    payload: z.strictObject({
      postIds: z.array(id).max(1_000),
      ranges: z
        .array(
          z
            .strictObject({ from: isoTime, to: isoTime })
            .refine((r) => Date.parse(r.from) < Date.parse(r.to), 'from must come before to')
            .transform((r) => ({
              from: new Date(r.from).toISOString(),
              to: new Date(r.to).toISOString(),
            })),
        )
        .max(4),
    }),
    quotesService: false,
    undoable: false,
    run: (app, shown) => {
      app.engine.watchScreen({ postIds: [...new Set(shown.postIds)], ranges: shown.ranges });
      return Promise.resolve(null);
    },
  },
  'activity.list': {
    payload: z.strictObject({
      postId: id,
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }),
    quotesService: false,
    undoable: false,
    run: listActivity,
  },
  'skills.list': {
    payload: z.strictObject({ workspace: slug }),
    quotesService: false,
    undoable: false,
    run: async (app, p) => {
      await app.knownWorkspace(p.workspace);
      try {
        const skills = await (await app.connection.requireClient()).listSkills(p.workspace);
        await replaceSkills(app.db, p.workspace, skills, app.now());
        return skills;
      } catch (error) {
        const cached = await listSkills(app.db, p.workspace);
        if (cached.length > 0) return cached;
        throw error;
      }
    },
  },
};

/** A page of a post's activity, as the service lists it (nothing for a post it has not seen). */
async function listActivity(
  app: AppContext,
  p: { postId: string; offset?: number; limit?: number },
): Promise<ActivityPage> {
  const post = await app.post(p.postId);
  if (post.workspace === null || post.server_id === null)
    return { entries: [], count: 0, offset: 0, hasMore: false };
  const client = await app.connection.requireClient();
  const offset = p.offset ?? 0;
  const page = await client.listActivity(post.workspace, post.server_id, { limit: p.limit ?? 50, offset });
  await cacheActivity(app.db, post.id, offset, page.results, app.now());
  return {
    entries: page.results,
    count: page.count,
    offset,
    hasMore: offset + page.results.length < page.count,
  };
}
