// sync.*, and the service's own records read on demand: a post's activity and the skills.
import { listSyncLog } from '../../store/sync-log-repository';
import { cacheActivity, listSkills, replaceSkills } from '../../store/workspace-repository';
import type { AppContext } from '../app-context';
import type { Handlers } from '../handlers';
import { syncLogView } from '../items/views';

type SyncCommands =
  | 'sync.now'
  | 'sync.status'
  | 'sync.pause'
  | 'sync.resume'
  | 'sync.log'
  | 'sync.openPost'
  | 'activity.list'
  | 'skills.list';

export function syncHandlers(app: AppContext): Handlers<SyncCommands> {
  return {
    'sync.now': () => app.engine.syncNow('user'),
    'sync.status': () => app.engine.refresh(),
    'sync.pause': () => app.engine.pause(),
    'sync.resume': () => app.engine.resume(),
    'sync.log': async (p) => (await listSyncLog(app.db, p?.limit ?? 200)).map(syncLogView),
    'sync.openPost': ({ postId }) => {
      app.engine.watchPost(postId);
      return Promise.resolve(null);
    },

    'activity.list': async (p) => {
      const post = await app.post(p.postId);
      if (post.workspace === null || post.server_id === null)
        return { entries: [], count: 0, offset: 0, hasMore: false };
      const client = await app.connection.requireClient();
      const offset = p.offset ?? 0;
      const page = await client.listActivity(post.workspace, post.server_id, {
        limit: p.limit ?? 50,
        offset,
      });
      await cacheActivity(app.db, post.id, offset, page.results, app.now());
      return {
        entries: page.results,
        count: page.count,
        offset,
        hasMore: offset + page.results.length < page.count,
      };
    },
    'skills.list': async (p) => {
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
  };
}
