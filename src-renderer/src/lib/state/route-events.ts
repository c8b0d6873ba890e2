// Every event the core sends, taken to the parts of the window it concerns: one place that
// says who hears what.
import type { BridgeEvent, BridgeEvents, MenuCommand } from '@preload/bridge';
import { subscribe } from '../bridge';
import type { DataState } from './data.svelte';
import type { EditorState } from './editor/editor.svelte';
import type { NoticesState } from './notices.svelte';
import type { PostsState } from './posts.svelte';
import type { SettingsState } from './settings.svelte';
import type { SyncState } from './sync.svelte';
import type { UndoOffers } from './undo';

/** The window's state, one instance of each part. */
export interface WindowParts {
  settings: SettingsState;
  sync: SyncState;
  posts: PostsState;
  editor: EditorState;
  notices: NoticesState;
  undo: UndoOffers;
  data: DataState;
}

export interface EventTargets extends WindowParts {
  /** The desktop menu asked for something. */
  menuCommand: (command: MenuCommand) => void;
  /** Loads the first screen again: the settings, and the list, workspaces and sync they lead to. */
  loadFirstScreen: () => void;
}

/** Listens until the function it answers is called. */
export function routeEvents(targets: EventTargets): () => void {
  return subscribe((event) => routeEvent(event, targets));
}

export function routeEvent(event: BridgeEvent, targets: EventTargets): void {
  switch (event.name) {
    case 'syncStatus':
      return syncStatusChanged(event.data, targets);
    case 'itemChanged':
      return itemChanged(event.data, targets);
    case 'settingsChanged':
      return settingsChanged(event.data, targets);
    case 'menuCommand':
      return targets.menuCommand(event.data.command);
    case 'notification':
      return targets.notices.receive(event.data);
    case 'undoable':
      return targets.undo.offer(event.data);
    case 'versionSaved':
      return targets.editor.history.saved(event.data);
    case 'dataStatus':
      return dataStatusChanged(event.data, targets);
  }
}

function syncStatusChanged(status: BridgeEvents['syncStatus'], { sync, posts, notices }: WindowParts): void {
  const before = sync.status;
  sync.apply(status);
  notices.syncStatusChanged(status);
  // A finished sync may have brought workspaces, profiles or new posts.
  if (before?.phase === 'syncing' && status.phase !== 'syncing') {
    void posts.loadWorkspaces();
    void posts.loadProfiles();
  }
}

function itemChanged(
  { postId }: BridgeEvents['itemChanged'],
  { posts, editor, notices, sync }: WindowParts,
): void {
  posts.postChanged(postId);
  sync.itemChanged();
  if (editor.post?.id === postId) void editor.refresh();
  void notices.postChanged(postId);
}

/**
 * A core that starts again after its thread stopped: what its last moments emitted may never have
 * crossed, and what the window read while it was down failed (a search typed meanwhile keeps its
 * error). So the list and the sync's state are read again; the open post's texts are the
 * editor's, which sends what it held once the folder has room again (DataState).
 */
function dataStatusChanged(
  status: BridgeEvents['dataStatus'],
  { data, posts, sync, settings, loadFirstScreen }: EventTargets,
): void {
  const restarted =
    data.status?.problem?.kind === 'core_restarting' && status.problem?.kind !== 'core_restarting';
  data.apply(status);
  if (!restarted) return;
  // The core stopped before the first screen had its settings, which hold the list's workspace
  // and order: without them the list showed local drafts. The first screen is loaded again.
  if (settings.view === null) return loadFirstScreen();
  void posts.reload();
  void sync.load();
}

function settingsChanged(view: BridgeEvents['settingsChanged'], { settings, posts }: WindowParts): void {
  const wasConnected = settings.connected;
  settings.apply(view);
  if (view.connected !== wasConnected) void posts.loadWorkspaces();
}
