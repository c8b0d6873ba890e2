// What the core tells the window without being asked.
import type { DataStatus } from './data';
import type { LocalId } from './items';
import type { SettingsView } from './settings';
import type { SyncStatus } from './sync';
import type { UndoableView } from './undo';

export type NotificationKind = 'published' | 'approval_started' | 'approval_released' | 'needs_user';

export interface OutpostNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The published post's link, for `published`: a click opens it. */
  url: string | null;
  postId: LocalId | null;
  variantId: LocalId | null;
  /** A notice about no post: what it holds for; it goes once a sync status says that has ended. */
  cause?: 'needs_token';
}

/** Everything the core tells the window without being asked. */
export interface BridgeEvents {
  syncStatus: SyncStatus;
  itemChanged: { postId: LocalId; variantId: LocalId | null };
  notification: OutpostNotification;
  settingsChanged: SettingsView;
  /** Desktop only: the application menu (or its shortcut) asked the window to do something. */
  menuCommand: { command: MenuCommand };
  /** A change was saved that `undo.run` can take back (the newest 50 are kept, this process only). */
  undoable: UndoableView;
  /** A version of a text was kept (history.list has it). */
  versionSaved: { postId: LocalId; variantId: LocalId | null };
  /** The data folder's status changed: a problem began or ended, a notice came or went. */
  dataStatus: DataStatus;
}

/** What the desktop app's menu asks of the window; the browser host never sends these. */
export type MenuCommand =
  | 'new-post'
  | 'import-posts'
  | 'export-posts'
  | 'search'
  | 'sync'
  | 'next-variant'
  | 'previous-variant'
  | 'schedule'
  | 'settings'
  | 'export'
  | 'restore';

export type EventName = keyof BridgeEvents;

export type BridgeEvent = { [E in EventName]: { name: E; data: BridgeEvents[E] } }[EventName];
