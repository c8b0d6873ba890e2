// The window around the views: which view is shown, how the window starts, and what the
// shortcuts and the desktop menu ask for. The parts it steers (posts, editor, sync...) keep
// their own state; this only says when.
import type { MenuCommand } from '@preload/bridge';
import {
  bridgeProblem,
  dropOnLeave,
  errorMessage,
  initBridge,
  invoke,
  onEventsResumed,
  onSaveNow,
} from '../bridge';
import type { ShortcutAction } from '../shortcuts';
import type { FocusTarget } from './editor/focus-request.svelte';
import { routeEvents, type WindowParts } from './route-events';

export type View = 'posts' | 'calendar' | 'queue' | 'outbox' | 'skills' | 'settings' | 'import';

export const NAV: { view: View; label: string }[] = [
  { view: 'posts', label: 'Posts' },
  { view: 'calendar', label: 'Calendar' },
  { view: 'queue', label: 'Queue' },
  { view: 'outbox', label: 'Outbox' },
  { view: 'skills', label: 'Writing skills' },
  { view: 'settings', label: 'Settings' },
];

/** What the window does for a menu item: a shortcut's action, or a view or step of its own. */
type MenuAction = ShortcutAction | 'settings' | 'import' | 'exportPosts' | 'export' | 'restore';

const MENU_ACTIONS: Record<MenuCommand, MenuAction> = {
  'new-post': 'newPost',
  'import-posts': 'import',
  'export-posts': 'exportPosts',
  search: 'search',
  sync: 'sync',
  'next-variant': 'nextVariant',
  'previous-variant': 'previousVariant',
  schedule: 'schedule',
  settings: 'settings',
  export: 'export',
  restore: 'restore',
};

/** What only the window's composition can do: it owns the search field and knows every view. */
export interface ShellHooks {
  /** Puts the caret in the post list's search field. */
  focusSearch: () => void;
  /** Loads the views not on the first screen in the background. */
  prefetchViews: () => void;
  /** Writes the list as filtered and sorted to a CSV file. */
  exportPosts: () => void;
}

export class ShellState {
  view = $state<View>('posts');
  /** The window cannot work at all (no bridge): said instead of everything else. */
  fatal = $state<string | null>(null);
  /** Why "New post" did not open one. */
  newError = $state<string | null>(null);

  private readonly parts: WindowParts;
  private readonly hooks: ShellHooks;
  /** The workspace whose posts were last shown; undefined before the first. */
  private shownWorkspace: string | null | undefined;
  /** The post the core was last told is open. */
  private watchedPost: string | null = null;

  constructor(parts: WindowParts, hooks: ShellHooks) {
    this.parts = parts;
    this.hooks = hooks;
  }

  /** The service refused the token: sync waits for a new one. */
  get needsToken(): boolean {
    return this.parts.sync.status?.phase === 'needs_token';
  }

  /** Connects to the core, listens to it and loads the first screen; answers how to stop. */
  start(): () => void {
    try {
      initBridge();
    } catch (error) {
      this.fatal = errorMessage(error);
      return () => undefined;
    }
    const stopEvents = routeEvents({
      ...this.parts,
      menuCommand: (command) => this.runMenuCommand(command),
      loadFirstScreen: () => void this.loadFirstScreen(),
    });
    const stopResumed = onEventsResumed(() => this.catchUp());
    void this.loadFirstScreen();
    const { editor, notices } = this.parts;
    const flushOnHide = (): void => {
      if (document.visibilityState === 'hidden') void editor.flush();
    };
    // The window closing: a title being typed is finished, its post's create may go.
    const settleOnClose = (): void => void editor.typing.settleTitles(true);
    // And a new post left with nothing in it goes, as it does when another post opens. Asked on
    // beforeunload, the last moment Electron's window surely still speaks to the main process;
    // on pagehide where a browser skips beforeunload. Only once (leaveEmptyNew answers it once).
    const dropEmptyNew = (): void => {
      const id = editor.leaveEmptyNew();
      if (id !== null) dropOnLeave(id);
    };
    // The app quitting with the window open: the core closes before the page unloads, so the
    // keys typed since the last save, and a title being typed, go to it now; the quit asks the
    // person first about any text that still is not saved.
    const stopSaveNow = onSaveNow(async () => {
      await Promise.all([editor.flush(), editor.typing.settleTitles(true)]);
      return editor.typing.notSaved;
    });
    document.addEventListener('visibilitychange', flushOnHide);
    window.addEventListener('beforeunload', flushOnHide);
    window.addEventListener('pagehide', settleOnClose);
    for (const leaving of ['beforeunload', 'pagehide']) window.addEventListener(leaving, dropEmptyNew);
    return () => {
      stopEvents();
      stopResumed();
      stopSaveNow();
      notices.dispose();
      document.removeEventListener('visibilitychange', flushOnHide);
      window.removeEventListener('beforeunload', flushOnHide);
      window.removeEventListener('pagehide', settleOnClose);
      for (const leaving of ['beforeunload', 'pagehide']) window.removeEventListener(leaving, dropEmptyNew);
    };
  }

  /**
   * Events may have been missed (the browser host's stream dropped and opened again): the list,
   * the open post and the sync's state are read again, as no change event would bring them.
   */
  private catchUp(): void {
    const { posts, editor, sync } = this.parts;
    void posts.reload();
    void sync.load();
    if (editor.post !== null) void editor.refresh();
  }

  private async loadFirstScreen(): Promise<void> {
    const { settings, sync, posts } = this.parts;
    // A browser host page without a session: one sentence on how to get a new address.
    const problem = await bridgeProblem();
    if (problem !== null) {
      this.fatal = problem;
      return;
    }
    // The list needs only the settings (its workspace), not the sync status: a round trip less
    // before the first rows.
    const statusLoaded = sync.load();
    // What a start recovered, or a folder that cannot take changes, shows from the first screen.
    void this.parts.data.load();
    await settings.load();
    posts.setWorkspaceLocal(settings.view?.currentWorkspace ?? null);
    posts.sort = settings.view?.postSort ?? 'changed';
    await Promise.all([posts.reload(), posts.loadWorkspaces(), posts.loadProfiles(), statusLoaded]);
    document.documentElement.dataset.ready = 'true';
    // The list is on screen: the other views load now, before anyone asks for them.
    this.hooks.prefetchViews();
  }

  go(next: View): void {
    // Another view: a new post left with nothing in it goes, a title being typed is finished.
    if (next !== 'posts') this.parts.editor.closeIfEmptyNew();
    void this.parts.editor.titleDone();
    this.parts.editor.focus.drop();
    this.view = next;
  }

  /** Shows a post; `caret`: the field that takes the caret (keys typed meanwhile go there). */
  async openPost(id: string, caret: FocusTarget | null = null): Promise<void> {
    this.view = 'posts';
    await this.parts.editor.open(id, caret);
  }

  /** A new post, opened with the caret in its title; `plannedAt`: started from the calendar for that time. */
  async newPost(plannedAt: string | null = null): Promise<void> {
    const { posts, editor } = this.parts;
    this.view = 'posts';
    // A post still being made with nothing typed in it yet (a double-click's second press): no
    // second one; the caret goes back to its title, where typing goes. One whose title is typed
    // already is left for a new one, however fast: a typist may start the next at once.
    const making = editor.newPost.pending;
    if (making !== null && !making.failed && making.title === '')
      return editor.focus.request('title', null, making.selection);
    // Its title field is shown (and typed into) at once, while the core makes the post.
    // `true`: left with nothing put in it, the new post goes.
    this.newError = await editor.openNew(
      async () => {
        const post = await invoke('posts.create', { workspace: posts.workspace, title: '' });
        if (plannedAt !== null) editor.actions.planned[post.id] = plannedAt;
        return post.id;
      },
      '',
      true,
    );
    // The workspace counts too: "Local drafts (n)" and the offers to move them depend on them.
    if (this.newError === null) await Promise.all([posts.reload(), posts.loadWorkspaces()]);
  }

  /** A shortcut, pressed anywhere in the window. */
  run(action: ShortcutAction): void {
    const { editor, sync } = this.parts;
    switch (action) {
      case 'newPost':
        void this.newPost();
        break;
      case 'search':
        this.view = 'posts';
        // Once the list is on screen (it may be mounting now).
        queueMicrotask(this.hooks.focusSearch);
        break;
      case 'nextVariant':
        editor.stepVariant(1);
        break;
      case 'previousVariant':
        editor.stepVariant(-1);
        break;
      case 'schedule':
        // Only where the editor is on screen: another view has no time field to go to.
        if (this.view === 'posts' && editor.activeVariant)
          editor.focus.request('schedule', editor.activeVariant.id);
        break;
      case 'sync':
        void sync.syncNow();
        break;
      case 'undo':
        void this.parts.undo.undo();
        break;
    }
  }

  runMenuCommand(command: MenuCommand): void {
    const action = MENU_ACTIONS[command];
    if (action === 'settings' || action === 'import') this.go(action);
    else if (action === 'exportPosts') this.hooks.exportPosts();
    else if (action === 'export') void this.parts.data.exportAll();
    // Restoring is chosen among the copies and files of Settings > Your data.
    else if (action === 'restore') {
      this.go('settings');
      queueMicrotask(() => document.getElementById('your-data')?.scrollIntoView());
    } else if (action) this.run(action);
  }

  /**
   * Tells the core which post is open, so each light sync reads its variants again: a time set
   * elsewhere shows within the minute.
   */
  followOpenPost(postId: string | null): void {
    if (postId === this.watchedPost) return;
    this.watchedPost = postId;
    invoke('sync.openPost', { postId }).catch(() => undefined);
  }

  /** Switching workspace closes the other workspace's post (its accounts are not this one's). */
  followWorkspace(workspace: string | null): void {
    const { editor } = this.parts;
    if (this.shownWorkspace !== undefined && workspace !== this.shownWorkspace && editor.post) {
      // Drafts just moved into this workspace stay open: ask the core where the post is now.
      const id = editor.post.id;
      void invoke('posts.get', { id })
        .then((post) => {
          if (post.workspace !== this.parts.posts.workspace && editor.post?.id === id) editor.close();
        })
        .catch(() => editor.close());
    }
    this.shownWorkspace = workspace;
  }
}
