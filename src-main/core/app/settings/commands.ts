// settings.*, workspaces.* and profiles.list: the connection, the window's preferences, the
// workspaces the service lists (with whether this account can reach them) and their accounts.
import { HOUR_CYCLE_PREFERENCES, WEEK_START_PREFERENCES } from '@preload/words/clock';
import { NOT_FOUND } from '@preload/words/errors';
import { z } from 'zod';
import { POST_SORTS, type ProfileView, type SettingsView, type WorkspaceView } from '@preload/bridge';
import { profileHandle } from '../../domain/accounts';
import { enqueueCreates } from '../../outbox/new-post-ops';
import { allPostsOf, countPostsByWorkspace, updatePost } from '../../store/post-repository';
import { setPostSort, setSetting } from '../../store/settings-repository';
import { logDecision } from '../../store/unit-of-work';
import { listVariantsOfPost } from '../../store/variant-repository';
import { listProfiles, listWorkspaces, replaceProfiles } from '../../store/workspace-repository';
import type { AppContext } from '../app-context';
import type { Commands } from '../command';
import { CommandError } from '../command-error';
import { id, none, slug, text } from '../schemas';
import { messageOf } from '../../error-message';

const LOCAL_SPACE_NAME = 'Local drafts';

const authHeader = z.enum(['bearer', 'x-api-key']);
const connection = z.strictObject({ baseUrl: text(2000), token: text(4000).optional(), authHeader });

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

export const settingsCommands: Commands<SettingsCommands> = {
  'app.info': {
    payload: none,
    quotesService: false,
    undoable: false,
    run: (app) =>
      Promise.resolve({
        version: app.host.version,
        host: app.host.host === 'electron' ? ('electron' as const) : ('browser' as const),
        dataDir: app.host.dataDir,
      }),
  },
  'settings.get': {
    payload: none,
    quotesService: false,
    undoable: false,
    run: (app) => app.connection.settings(),
  },
  'settings.update': {
    payload: z.strictObject({
      notifications: z.boolean().optional(),
      theme: z.enum(['system', 'light', 'dark']).optional(),
      closeToTray: z.boolean().optional(),
      postSort: z.enum(POST_SORTS).optional(),
      hourCycle: z.enum(HOUR_CYCLE_PREFERENCES).optional(),
      weekStart: z.enum(WEEK_START_PREFERENCES).optional(),
    }),
    quotesService: false,
    undoable: false,
    run: async (app, p) => {
      if (p.notifications !== undefined) await setSetting(app.db, 'notifications', p.notifications);
      if (p.theme !== undefined) await setSetting(app.db, 'theme', p.theme);
      if (p.closeToTray !== undefined) await setSetting(app.db, 'closeToTray', p.closeToTray);
      if (p.postSort !== undefined) await setPostSort(app.db, p.postSort);
      if (p.hourCycle !== undefined) await setSetting(app.db, 'hourCycle', p.hourCycle);
      if (p.weekStart !== undefined) await setSetting(app.db, 'weekStart', p.weekStart);
      return settingsChanged(app);
    },
  },
  'settings.testConnection': {
    payload: connection,
    // A failure answers the service's words.
    quotesService: true,
    undoable: false,
    run: async (app, p) => {
      try {
        return { ok: true, workspaces: await app.connection.test(p) };
      } catch (error) {
        return { ok: false, error: app.bridgeError(error, 'settings.testConnection') };
      }
    },
  },
  'settings.connect': {
    payload: z.strictObject({ baseUrl: text(2000), token: text(4000), authHeader }),
    quotesService: false,
    undoable: false,
    run: connect,
  },
  'settings.signOut': {
    payload: none,
    quotesService: false,
    undoable: false,
    run: async (app) => {
      await app.connection.signOut();
      app.engine.tokenChanged();
      await logDecision(app.syncCtx(), {
        action: 'signed_out',
        reason: 'The user signed out; drafts are kept.',
      });
      await app.engine.refresh();
      return settingsChanged(app);
    },
  },
  'workspaces.list': {
    payload: none,
    quotesService: false,
    undoable: false,
    run: listWorkspaceViews,
  },
  'workspaces.select': {
    payload: z.strictObject({ slug: slug.nullable() }),
    quotesService: false,
    undoable: false,
    run: async (app, p) => {
      if (p.slug !== null) await app.knownWorkspace(p.slug);
      await setSetting(app.db, 'currentWorkspace', p.slug);
      return settingsChanged(app);
    },
  },
  'workspaces.moveLocalDrafts': {
    payload: z.strictObject({ slug, postIds: z.array(id).max(100_000).optional() }),
    quotesService: false,
    undoable: false,
    run: moveLocalDrafts,
  },
  'profiles.list': {
    payload: z.strictObject({ workspace: slug }),
    quotesService: false,
    undoable: false,
    run: listProfileViews,
  },
};

/** The settings as they are now, told to every window. */
async function settingsChanged(app: AppContext): Promise<SettingsView> {
  const view = await app.connection.settings();
  app.emit({ name: 'settingsChanged', data: view });
  return view;
}

async function connect(
  app: AppContext,
  p: { baseUrl: string; token: string; authHeader: 'bearer' | 'x-api-key' },
): Promise<SettingsView> {
  const { baseUrl, workspaces } = await app.connection.connect(p);
  app.engine.tokenChanged();
  await logDecision(app.syncCtx(), {
    action: 'connected',
    reason: `Connected to ${baseUrl}; ${workspaces} workspace(s).`,
  });
  const view = await settingsChanged(app);
  await app.engine.refresh();
  app.engine.background(() => app.engine.syncNow('connected'));
  return view;
}

async function listWorkspaceViews(app: AppContext): Promise<WorkspaceView[]> {
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
}

/** Local drafts into a workspace (all of them, or those named): each goes out as a new post. */
async function moveLocalDrafts(
  app: AppContext,
  { slug, postIds }: { slug: string; postIds?: string[] },
): Promise<{ moved: number }> {
  await app.knownWorkspace(slug);
  const locals = await allPostsOf(app.db, null);
  const wanted = postIds ? new Set(postIds) : null;
  for (const id of wanted ?? [])
    if (!locals.some((p) => p.id === id)) throw new CommandError('not_found', NOT_FOUND.localDraft(id));
  const moving = locals.filter((p) => wanted === null || wanted.has(p.id));
  const now = app.now();
  await app.inTransaction(async (t) => {
    for (const post of moving) {
      await updatePost(t.db, post.id, { workspace: slug, updated_at: now });
      await enqueueCreates(t, post.id, await listVariantsOfPost(t.db, post.id), now);
    }
  });
  for (const post of moving) app.emit({ name: 'itemChanged', data: { postId: post.id, variantId: null } });
  await app.engine.refresh();
  if (moving.length > 0) app.engine.background(() => app.engine.syncNow('local drafts moved'));
  return { moved: moving.length };
}

/** A workspace's accounts; read from the service when none are known yet and it can be reached. */
async function listProfileViews(
  app: AppContext,
  { workspace }: { workspace: string },
): Promise<ProfileView[]> {
  await app.knownWorkspace(workspace);
  let rows = await listProfiles(app.db, workspace);
  if (rows.length === 0 && (await app.connection.isConnected())) {
    try {
      const live = await (await app.connection.requireClient()).listProfiles(workspace);
      await replaceProfiles(app.db, workspace, live, app.now());
      rows = await listProfiles(app.db, workspace);
    } catch (error) {
      app.logger.warn('profiles could not be read', {
        message: messageOf(error),
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
}
