// settings.*, workspaces.* and profiles.list: the connection, the window's preferences, the
// workspaces the service lists (with whether this account can reach them) and their accounts.
import type { SettingsView, WorkspaceView } from '@preload/bridge';
import { enqueueCreates } from '../../outbox/new-post-ops';
import { allPostsOf, countPostsByWorkspace, updatePost } from '../../store/post-repository';
import { setPostSort, setSetting } from '../../store/settings-repository';
import { listVariantsOfPost } from '../../store/variant-repository';
import { listProfiles, listWorkspaces, replaceProfiles } from '../../store/workspace-repository';
import { logDecision } from '../../store/unit-of-work';
import type { AppContext } from '../app-context';
import { CommandError } from '../command-error';
import type { Handlers } from '../handlers';
import { profileHandle } from '../../domain/accounts';

const LOCAL_SPACE_NAME = 'Local drafts';

export interface HostInfo {
  version: string;
  host: 'electron' | 'browser' | 'cli';
  dataDir: string;
}

type SettingsCommands =
  | 'app.info'
  | 'settings.get'
  | 'settings.update'
  | 'settings.testConnection'
  | 'settings.connect'
  | 'settings.signOut'
  | 'workspaces.list'
  | 'workspaces.select'
  | 'workspaces.moveLocalDrafts'
  | 'profiles.list';

export function settingsHandlers(app: AppContext, info: HostInfo): Handlers<SettingsCommands> {
  const settingsChanged = async (): Promise<SettingsView> => {
    const view = await app.connection.settings();
    app.emit({ name: 'settingsChanged', data: view });
    return view;
  };

  return {
    'app.info': () =>
      Promise.resolve({
        version: info.version,
        host: info.host === 'electron' ? ('electron' as const) : ('browser' as const),
        dataDir: info.dataDir,
      }),

    'settings.get': () => app.connection.settings(),
    'settings.update': async (p) => {
      if (p.notifications !== undefined) await setSetting(app.db, 'notifications', p.notifications);
      if (p.theme !== undefined) await setSetting(app.db, 'theme', p.theme);
      if (p.closeToTray !== undefined) await setSetting(app.db, 'closeToTray', p.closeToTray);
      if (p.postSort !== undefined) await setPostSort(app.db, p.postSort);
      return settingsChanged();
    },
    'settings.testConnection': async (p) => {
      try {
        return { ok: true, workspaces: await app.connection.test(p) };
      } catch (error) {
        return { ok: false, error: app.bridgeError(error, 'settings.testConnection') };
      }
    },
    'settings.connect': async (p) => {
      const { baseUrl, workspaces } = await app.connection.connect(p);
      app.engine.tokenChanged();
      await logDecision(app.syncCtx(), {
        action: 'connected',
        reason: `Connected to ${baseUrl}; ${workspaces} workspace(s).`,
      });
      const view = await settingsChanged();
      await app.engine.refresh();
      app.engine.background(() => app.engine.syncNow('connected'));
      return view;
    },
    'settings.signOut': async () => {
      await app.connection.signOut();
      app.engine.tokenChanged();
      await logDecision(app.syncCtx(), {
        action: 'signed_out',
        reason: 'The user signed out; drafts are kept.',
      });
      await app.engine.refresh();
      return settingsChanged();
    },

    'workspaces.list': async (): Promise<WorkspaceView[]> => {
      const counts = await countPostsByWorkspace(app.db);
      const rows = await listWorkspaces(app.db);
      return [
        { slug: null, name: LOCAL_SPACE_NAME, postCount: counts.get(null) ?? 0, access: 'ok' },
        ...rows.map((w) => ({
          slug: w.slug,
          name: w.name ?? w.slug,
          postCount: counts.get(w.slug) ?? 0,
          access: w.access,
        })),
      ];
    },
    'workspaces.select': async (p) => {
      if (p.slug !== null) await app.knownWorkspace(p.slug);
      await setSetting(app.db, 'currentWorkspace', p.slug);
      return settingsChanged();
    },
    'workspaces.moveLocalDrafts': async ({ slug, postIds }) => {
      await app.knownWorkspace(slug);
      const locals = await allPostsOf(app.db, null);
      const wanted = postIds ? new Set(postIds) : null;
      for (const id of wanted ?? [])
        if (!locals.some((p) => p.id === id))
          throw new CommandError('not_found', `No local draft with id ${id}.`);
      const moving = locals.filter((p) => wanted === null || wanted.has(p.id));
      const now = app.now();
      await app.inTransaction(async (t) => {
        for (const post of moving) {
          await updatePost(t.db, post.id, { workspace: slug, updated_at: now });
          await enqueueCreates(t, post.id, await listVariantsOfPost(t.db, post.id), now);
        }
      });
      for (const post of moving)
        app.emit({ name: 'itemChanged', data: { postId: post.id, variantId: null } });
      await app.engine.refresh();
      if (moving.length > 0) app.engine.background(() => app.engine.syncNow('local drafts moved'));
      return { moved: moving.length };
    },

    'profiles.list': async ({ workspace }) => {
      await app.knownWorkspace(workspace);
      let rows = await listProfiles(app.db, workspace);
      if (rows.length === 0 && (await app.connection.isConnected())) {
        try {
          const live = await (await app.connection.requireClient()).listProfiles(workspace);
          await replaceProfiles(app.db, workspace, live, app.now());
          rows = await listProfiles(app.db, workspace);
        } catch (error) {
          app.logger.warn('profiles could not be read', {
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return rows.map((r) => ({
        id: r.id,
        platform: r.platform,
        isActive: r.is_active === 1,
        label: r.label,
        handle: profileHandle(r.raw),
      }));
    },
  };
}
