// The sync: its status, its log, asking for one, and the service's own records read on demand.
import type { LocalId } from './items';
import type { WorkspaceAccess } from './settings';

export type SyncPhase = 'idle' | 'syncing' | 'paused' | 'offline' | 'needs_token' | 'not_connected';

export interface SyncStatus {
  phase: SyncPhase;
  online: boolean;
  pending: number;
  failed: number;
  conflicts: number;
  /** Items waiting on the user: failures, conflicts, publishes of unknown outcome. */
  needsAttention: number;
  lastSyncAt: string | null;
  lastError: string | null;
  /** Workspaces this account cannot reach now; their changes wait, the others sync. */
  unavailableWorkspaces: Array<{ slug: string; name: string; access: Exclude<WorkspaceAccess, 'ok'> }>;
  /** Workspaces the last read (a full pull, or a light sync's check) could not read for another reason, and why. */
  unreadWorkspaces: Array<{ slug: string; reason: string }>;
  /** When the service was last read in full or checked for changes, every workspace answering. */
  lastReadAt: string | null;
  /**
   * The last sync met the service failing (a 5xx) or asking to slow down (429): that status, and
   * when Outpost tries again by itself (null: only when asked).
   */
  serviceFailing: { status: number; nextTryAt: string | null } | null;
  /** What the last sync's answers said that was not what was asked, per kind (none: all clean). */
  answerTrouble: AnswerTrouble[];
  /** When each part of the library was last checked for colleagues' changes (see SyncChecked). */
  checked: SyncChecked;
}

/**
 * Since when every post of each part has had its variants read from the service (null: a post
 * of it never yet). A part holding no post linked to the service counts as checked at the last
 * sync that read.
 */
export interface SyncChecked {
  /** The posts the window shows: the open post, the rows in view, the calendar's range, the Queue's days. */
  onScreen: string | null;
  /** The posts with a variant scheduled in the next 7 days. */
  nextWeek: string | null;
  /** Every post of the reachable workspaces. */
  everything: string | null;
}

/** What the window shows beyond the open post, so the sync reads those posts first. */
export interface OnScreen {
  /** The posts in view: the rows of the list, the calendar's chips, the Queue's entries. */
  postIds: LocalId[];
  /** Time ranges shown (the calendar's days, the Queue's): every post planned in them counts. */
  ranges: Array<{ from: string; to: string }>;
}

/**
 * `other_record`: the service answered about another record than the one asked about;
 * `not_kept`: it answered a change it did not keep; `stored_differently`: it stored a text in
 * another form than the one sent (HTML-escaped).
 */
export type AnswerTroubleKind = 'other_record' | 'not_kept' | 'stored_differently';

export interface AnswerTrouble {
  kind: AnswerTroubleKind;
  /** How many of the sync's answers (or reads) showed it. */
  count: number;
  /** The newest of them in plain words. */
  reason: string;
}

export interface SyncLogEntry {
  id: number;
  at: string;
  action: string;
  reason: string;
  postId: LocalId | null;
  /** The post's title now, so an entry says what it concerns. */
  postTitle: string | null;
  variantId: LocalId | null;
  platform: string | null;
}

export interface ActivityPage {
  /** Entries exactly as the service sent them (their fields are not promised). */
  entries: unknown[];
  count: number;
  offset: number;
  hasMore: boolean;
}

/** The most entries one `sync.log` answers (its default is 200). */
export const MAX_SYNC_LOG_ENTRIES = 10_000;

/** sync.*, activity.list and skills.list. */
export interface SyncCommands {
  'sync.now': { payload: void; result: SyncStatus };
  'sync.status': { payload: void; result: SyncStatus };
  'sync.pause': { payload: void; result: SyncStatus };
  'sync.resume': { payload: void; result: SyncStatus };
  'sync.log': { payload: { limit?: number }; result: SyncLogEntry[] };
  /** The post the window shows (null: none): each light sync reads its variants again. */
  'sync.openPost': { payload: { postId: LocalId | null }; result: null };
  /** What the view in front shows (replaces what it said before): each sync reads those posts within a minute. */
  'sync.onScreen': { payload: OnScreen; result: null };
  'activity.list': { payload: { postId: LocalId; offset?: number; limit?: number }; result: ActivityPage };
  /** Every skill of the workspace, up to the service's bound of the newest 200. */
  'skills.list': { payload: { workspace: string }; result: unknown[] };
}

/** The names of these commands (a host checks a name against every feature\'s). */
export const SYNC_COMMANDS: Record<keyof SyncCommands, true> = {
  'sync.now': true,
  'sync.status': true,
  'sync.pause': true,
  'sync.resume': true,
  'sync.log': true,
  'sync.openPost': true,
  'sync.onScreen': true,
  'activity.list': true,
  'skills.list': true,
};
