// The bridge contract between the window and the core: every command and every event, as
// types only. Both hosts implement it (Electron IPC in src-main/ipc.ts, HTTP + server-sent
// events in src-main/browser-host.ts); the renderer reaches it only through
// src-renderer/src/lib/bridge.ts. Payloads are validated with zod in the core
// (src-main/core/app/commands.ts), whose schemas are checked against these types.

import { DATA_COMMANDS, type DataCommands, type DataEvents } from './data-contract';

export * from './data-contract';

/** Local ids are UUIDs made by Outpost; `serverId` is the service's id once known. */
export type LocalId = string;

/**
 * Where one item stands, in the words the window shows (design.md section 1, promise 3).
 * `unknown_status`: the service sent a status string Outpost does not know; it is shown as it came.
 * `needs_user`: a create of unknown outcome found look-alikes on the service; it waits for the
 * user to adopt one or create anew (the outbox asks).
 */
export type ItemState =
  | 'local_only'
  | 'pending_sync'
  | 'draft'
  | 'scheduled'
  | 'needs_approval'
  | 'published'
  | 'failed'
  | 'conflict'
  | 'removed'
  | 'publish_unknown'
  | 'needs_user'
  | 'unknown_status';

/**
 * The states that wait for the user's action, not for a sync: the queue's "needs attention"
 * and the notices that ask for the user (they go once their item has left these states).
 */
export const NEEDS_ATTENTION: ReadonlySet<ItemState> = new Set<ItemState>([
  'failed',
  'conflict',
  'publish_unknown',
  'needs_user',
]);

/**
 * The three states of a variant's posting account, kept apart all the way to the request:
 * `default` omits `social_profile_id` (the service picks the platform's default account),
 * `none` sends `null` (assign later), `profile` sends the chosen id.
 */
export type AccountChoice = { kind: 'default' } | { kind: 'none' } | { kind: 'profile'; profileId: string };

export type AuthHeaderStyle = 'bearer' | 'x-api-key';
export type Theme = 'system' | 'light' | 'dark';

/** A typed error that crosses the bridge. `message` is safe to show: it never holds the token. */
export type BridgeErrorCode =
  | 'invalid_payload'
  | 'unknown_command'
  | 'not_found'
  | 'invalid_state'
  | 'invalid_settings'
  | 'offline'
  | 'timeout'
  | 'auth'
  | 'rate_limited'
  | 'validation'
  | 'server_error'
  | 'malformed_response'
  | 'keychain_unavailable'
  /** The disk is full: nothing was saved; what was typed stays in the window and is saved once there is room. */
  | 'disk_full'
  /** The data folder cannot take changes now (read-only, held by another program, gone): said in words. */
  | 'storage'
  | 'internal';

export interface BridgeErrorInfo {
  code: BridgeErrorCode;
  message: string;
}

/** What every command answers: never a thrown error across the bridge, always this envelope. */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorInfo };

/** Whether this account can reach a workspace: a 403, or a workspace gone from its list, keeps its changes waiting. */
export type WorkspaceAccess = 'ok' | 'forbidden' | 'not_found';

export interface WorkspaceView {
  /** `null` is the local space: drafts made before connecting or before choosing a workspace. */
  slug: string | null;
  name: string;
  postCount: number;
  access: WorkspaceAccess;
}

export interface ProfileView {
  id: string;
  platform: string;
  isActive: boolean;
  /** A readable name when the service gave one (fields beyond id/platform/is_active are not promised). */
  label: string | null;
  /** The account's handle on its platform when the service gave one (its raw `handle`). */
  handle?: string | null;
}

/** One variant of a post as the post list shows it: a chip per platform with its state and time. */
export interface VariantChip {
  id: LocalId;
  platform: string;
  state: ItemState;
  stateText: string;
  /** Its scheduled time (or the time it was due, while waiting for sign-off), if any. */
  scheduledAt: string | null;
}

export interface PostSummary {
  id: LocalId;
  serverId: string | null;
  workspace: string | null;
  title: string;
  platforms: string[];
  /** Each variant's own state, in the post's order of variants. */
  variants: VariantChip[];
  /** The state that most needs the user's eye among the post and its variants. */
  state: ItemState;
  /** The state in words, or the service's own status string for `unknown_status`. */
  stateText: string;
  updatedAt: string;
}

export interface FieldConflict {
  field: 'title' | 'content' | 'scheduled_at' | 'social_profile_id';
  mine: string | null;
  theirs: string | null;
}

export interface PublishUnknownFacts {
  /** When the publish request left, and what happened to it. */
  requestedAt: string;
  reason: string;
  /** What reading the variant back showed, in words. */
  readBack: string;
}

/**
 * What the user can do with a variant now, decided by the core from its op machine and the
 * variant's state (published, waiting for sign-off, removed, its account, its ops): the window
 * and the CLI offer exactly these, and the core refuses the others with the reason. `move`: its
 * time can be changed where it is shown (the calendar). `retry` and `discard` act on its failed
 * change; `publish_again` and `keep_unpublished` decide a publish of unknown outcome. `delete`:
 * it never reached the service, and nothing of it is on its way there.
 */
export type VariantAction =
  | 'edit'
  | 'schedule'
  | 'unschedule'
  | 'move'
  | 'publish'
  | 'retry'
  | 'discard'
  | 'publish_again'
  | 'keep_unpublished'
  | 'delete';

export interface VariantView {
  id: LocalId;
  postId: LocalId;
  serverId: string | null;
  platform: string;
  content: string;
  account: AccountChoice;
  /** The account the service reported for it (the one it chose for "platform default"), if any. */
  serviceAccountId: string | null;
  scheduledAt: string | null;
  /** The status string exactly as the service sent it, if any. */
  serviceStatus: string | null;
  platformPostUrl: string | null;
  state: ItemState;
  stateText: string;
  /** The last failure, verbatim from the service where it came from there. */
  error: string | null;
  /** What the user can do with it now: the core accepts these and refuses the rest. */
  actions: VariantAction[];
  conflicts: FieldConflict[];
  publishUnknown: PublishUnknownFacts | null;
  /** Published on the service while a change of it waited here: what went out, and what did not. */
  publishedElsewhere: PublishedElsewhere | null;
  /** Its account answered a publish with "waiting for sign-off": this goes to sign-off first. */
  signOffExpected: boolean;
  updatedAt: string;
}

/**
 * A variant the service shows published while a change of it was still waiting here (a colleague
 * published first): the change was not sent.
 */
export interface PublishedElsewhere {
  /** The text that went out, as the service holds it. */
  content: string;
  url: string | null;
  /** When Outpost found it published (the service promises no time of publication). */
  seenAt: string;
  /** The text that was not sent; null when the change that waited was not about the text. */
  unsentContent: string | null;
}

/**
 * What the user can do with a whole post now. `delete` and `move` (to another workspace): it
 * never reached the service, which offers neither; `hide` and `show`: the local archive ("Hide
 * here"), which the service never hears of.
 */
export type PostAction = 'duplicate' | 'delete' | 'move' | 'hide' | 'show';

export interface PostDetail extends PostSummary {
  /** Hidden here ("Hide here"): out of the list, the calendar and the queue, still on the service. */
  hidden: boolean;
  actions: PostAction[];
  conflicts: FieldConflict[];
  /** Why the post failed or was removed, in the service's words where they came from there. */
  error: string | null;
  /** Something to know that is not a failure (a title that stays in Outpost only, say). */
  note: string | null;
  variants: VariantView[];
}

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
}

/** The outbox's operations, declared here once: the core's op machine and tables use these. */
export const OUTBOX_OP_KINDS = [
  'create_post',
  'create_variant',
  'update_variant',
  'schedule',
  'unschedule',
  'publish',
] as const;
export type OutboxOpKind = (typeof OUTBOX_OP_KINDS)[number];
/**
 * `unknown`: the request may have reached the service and is being read back; `needs_user`: a
 * publish that may or may not have gone out, or several look-alikes of a create: the user decides.
 */
export const OUTBOX_OP_STATES = ['pending', 'sending', 'unknown', 'needs_user', 'failed', 'done'] as const;
export type OutboxOpState = (typeof OUTBOX_OP_STATES)[number];

/**
 * What the user can do with an op now, as the core's op machine decides it: the window and the
 * CLI offer exactly these. `retry` of an op of unknown outcome reads it back first ("Check now").
 */
export type OutboxOpAction =
  'retry' | 'discard' | 'publish_again' | 'keep_unpublished' | 'adopt' | 'create_anew';

/** A service item a create of unknown outcome may have made, offered when more than one matches. */
export interface OutboxCandidate {
  serverId: string;
  label: string;
}

export interface OutboxOpView {
  id: LocalId;
  kind: OutboxOpKind;
  state: OutboxOpState;
  postId: LocalId;
  /** The post's title, so a row says what it concerns. */
  postTitle: string;
  variantId: LocalId | null;
  /** The variant's platform, for ops of a variant. */
  platform: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  error: string | null;
  /** What the user is asked while the op is `needs_user`. */
  question: string | null;
  /** The look-alikes to choose from (empty unless a create's read-back found several). */
  candidates: OutboxCandidate[];
  /** Why it waits beyond what its state says: its workspace cannot be reached with this account. */
  waitingFor: string | null;
  /**
   * The unsent text a discard of this change would drop (the window asks before it goes); null
   * when a discard drops no text.
   */
  discardsText: string | null;
  /** What the user can do with it now. */
  actions: OutboxOpAction[];
  createdAt: string;
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

export interface SettingsView {
  baseUrl: string | null;
  authHeader: AuthHeaderStyle;
  connected: boolean;
  /** Where the token lives now; `memory` when no keychain was available (this session only). */
  tokenStorage: 'keychain' | 'memory' | 'environment' | null;
  /** A clear sentence when the OS keychain is unavailable, else null. */
  keychainMessage: string | null;
  notifications: boolean;
  theme: Theme;
  closeToTray: boolean;
  currentWorkspace: string | null;
  /** The post list's order, kept across restarts. */
  postSort: PostSort;
}

export interface ConnectionInput {
  baseUrl: string;
  /** Omitted on "Test connection" when a token is already stored for this address. */
  token?: string;
  authHeader: AuthHeaderStyle;
}

export type ConnectionTest = { ok: true; workspaces: string[] } | { ok: false; error: BridgeErrorInfo };

export interface ActivityPage {
  /** Entries exactly as the service sent them (their fields are not promised). */
  entries: unknown[];
  count: number;
  offset: number;
  hasMore: boolean;
}

/** A state filter matches a post by its own state or by any of its variants' states. */
export type PostFilter = 'all' | ItemState;

/** An interval of time, [from, to), as ISO 8601 instants; an end left out is open. */
export interface TimeRange {
  from?: string;
  to?: string;
}

/**
 * What the post list is narrowed to (issue 25). `platform`, `account` and `outAt` hold for one
 * and the same variant ("X · Northwind · this week": an X variant on Northwind that goes out this
 * week); with any of them, `filter` (a state) is that variant's state too.
 */
/**
 * How the window asks for its list (posts.page): a first screenful, more than a tall window
 * shows, then the rest in pages short enough that the next keystroke's search never waits long
 * behind one (the core answers one request at a time). The benchmarks time the same sizes.
 */
export const LIST_PAGE_SIZES = { firstScreenful: 60, rest: 1_000 } as const;

/** One page of the post list (posts.page). */
export interface PostPage {
  posts: PostSummary[];
  /** Where the next page starts; null: this page is the last. */
  next: number | null;
}

export interface PostListFilters {
  filter?: PostFilter;
  /** A platform identifier; its other spellings match too (`twitter` for `x`). */
  platform?: string;
  /** A social profile id: the account chosen, or the one the service picked as default. */
  account?: string;
  /** When the variant goes out: its scheduled time, or its publication time once published. */
  outAt?: TimeRange;
}

/**
 * The post list's order: `changed` newest change first (a change here or on the service, of
 * the title, a text, an account or a time), `scheduled` the soonest time a variant waits for
 * first (posts with none after), `title` A to Z (ignoring case and accents), `created` newest
 * first. Ties are broken by title, then by id, so the order is the same at every look.
 */
export const POST_SORTS = ['changed', 'scheduled', 'title', 'created'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/** One variant on the calendar or in the queue (issue 13). */
export interface PlanItem {
  variantId: LocalId;
  postId: LocalId;
  postTitle: string;
  platform: string;
  /** The account's name: the one chosen, or the one the service picked as default; null when not known. */
  accountName: string | null;
  /** That account's profile id, for the calendar's filter; null when not known. */
  accountId: string | null;
  /** Where it is placed: its publication time once published, else its scheduled time; null if neither. */
  at: string | null;
  state: ItemState;
  stateText: string;
  /** The first line of its text. */
  firstLine: string;
  url: string | null;
  /** What the user can do with it now (the variant's own actions): `move` when its time may change. */
  actions: VariantAction[];
}

/** What the calendar shows of a range (`planning.calendar`). */
export interface CalendarView {
  /** In time order: every item of the range, or each span's first ones (see the payload's `spans`). */
  items: PlanItem[];
  /** How many items each span holds, shown or not ("+12 more"); one count without `spans`. */
  counts: number[];
}

export interface QueueView {
  /** Scheduled, soonest first. */
  nextUp: PlanItem[];
  waitingForSignOff: PlanItem[];
  /** Newest first. */
  published: PlanItem[];
  /** Failed, in conflict, or a publish of unknown outcome. */
  needsAttention: PlanItem[];
  /** Each account of the workspace with its posting slots, filled and empty, for the coming days. */
  accounts: AccountQueue[];
  /** Scheduled variants whose account is not known yet (none chosen, no single default). */
  unplaced: PlanItem[];
}

/** ISO weekday: Monday 1 ... Sunday 7. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One weekly posting time of an account: a day and a 24-hour "HH:MM", in the account's zone. */
export interface PostingSlot {
  weekday: Weekday;
  time: string;
}

/** An account's posting times (kept in Outpost only: the service has no such thing). */
export interface PostingSchedule {
  workspace: string;
  profileId: string;
  /** The IANA zone its times are in; null until set (the user's zone applies). */
  zone: string | null;
  /** Sorted by day, then time; empty when it has none. */
  slots: PostingSlot[];
}

/** What a command over many items did: each item either changed or was refused with a reason. */
export interface BulkReport {
  done: number;
  refused: Array<{ id: LocalId; reason: string }>;
}

/** One time of an account's queue: a posting slot (filled or empty), or a time set by hand. */
export interface QueueSlot {
  at: string;
  /** One of the account's posting times; false for a variant scheduled at another time. */
  isSlot: boolean;
  /** What goes out then; null: an empty slot. */
  item: PlanItem | null;
}

/** One account's coming slots in the Queue, in its own zone. */
export interface AccountQueue {
  workspace: string;
  profileId: string;
  platform: string;
  /** The account's name, when the service gave one. */
  name: string | null;
  handle: string | null;
  isActive: boolean;
  /** The zone of its posting times; null when none are set (times show in the user's zone). */
  zone: string | null;
  slots: PostingSlot[];
  /** It answered a publish with "waiting for sign-off": what goes out from it waits for approvers. */
  signOffExpected: boolean;
  /** Its slots and scheduled variants in the coming days, in time order. */
  coming: QueueSlot[];
  /** How many of its variants are scheduled after those days. */
  later: number;
}

/** A change the user can take back: announced by the `undoable` event, reversed by `undo.run`. */
export interface UndoableView {
  id: string;
  /** What was done, in words: "Rescheduled ‘Launch day’ (X) to Tue 3 Mar, 14:00". */
  label: string;
  postIds: LocalId[];
}

export interface UndoResult {
  /** The label of the change undone. */
  label: string;
  /** How many of its items are back as they were. */
  undone: number;
  /** The items that had moved on meanwhile (published, deleted, changed again), and why. */
  refused: Array<{ postId: LocalId; reason: string }>;
}

/**
 * Where a version of a text came from: typed here (kept when typing paused, or as it was sent),
 * the service's text that replaced the local one, or the text as it was just before a discard, a
 * merge, a choice in a conflict or a restore; `not_sent_published`: a change that never left
 * because the variant was published first.
 */
export type VersionOrigin =
  | 'typed'
  | 'service'
  | 'before_discard'
  | 'before_merge'
  | 'before_conflict_choice'
  | 'before_restore'
  | 'not_sent_published';

/** One kept version of a variant's text or of a post's title. */
export interface TextVersionView {
  /** Counted per text from 1, newest highest; never reused (thinning leaves gaps). */
  version: number;
  at: string;
  origin: VersionOrigin;
  /** The origin in words: "typed here". */
  originText: string;
  content: string;
}

/** Whose text: a variant's content, or a post's title. */
export type TextSubject = { variantId: LocalId } | { postId: LocalId };

/**
 * How a bulk reschedule moves each time: `by` days (the same time of day, on the user's wall
 * clock) and minutes (time that passes), or onto `toDay` (`YYYY-MM-DD`), keeping each time of day.
 */
export type TimeShift = { by: { days: number; minutes: number } } | { toDay: string };

/** Every command: its payload and its answer. */
export interface BridgeCommands extends DataCommands {
  'app.info': { payload: void; result: { version: string; host: 'electron' | 'browser'; dataDir: string } };

  'settings.get': { payload: void; result: SettingsView };
  'settings.update': {
    payload: { notifications?: boolean; theme?: Theme; closeToTray?: boolean; postSort?: PostSort };
    result: SettingsView;
  };
  'settings.testConnection': { payload: ConnectionInput; result: ConnectionTest };
  'settings.connect': { payload: ConnectionInput & { token: string }; result: SettingsView };
  'settings.signOut': { payload: void; result: SettingsView };

  'workspaces.list': { payload: void; result: WorkspaceView[] };
  'workspaces.select': { payload: { slug: string | null }; result: SettingsView };
  /** Assigns local-space drafts to a workspace; all of them when `postIds` is omitted. */
  'workspaces.moveLocalDrafts': { payload: { slug: string; postIds?: LocalId[] }; result: { moved: number } };

  'profiles.list': { payload: { workspace: string }; result: ProfileView[] };

  /**
   * In `sort` order (last changed when omitted); `limit` answers only the first posts (a
   * window's first screenful). The filters hold together: see PostListFilters. `hidden`: only
   * the posts hidden here (otherwise they are left out).
   */
  'posts.list': {
    payload: {
      workspace: string | null;
      query?: string;
      limit?: number;
      sort?: PostSort;
      hidden?: boolean;
    } & PostListFilters;
    result: PostSummary[];
  };
  /**
   * The same list a page at a time, so that no answer keeps the core busy long however many
   * posts a search finds. Start with `from: 0`; ask again with the page's `next` until it is
   * null. A page has at most `limit` posts and may have fewer (with a search or a filter, a
   * page looks through a bounded stretch of the list): only `next: null` means the end.
   */
  'posts.page': {
    payload: {
      workspace: string | null;
      query?: string;
      sort?: PostSort;
      hidden?: boolean;
      from: number;
      limit: number;
    } & PostListFilters;
    result: PostPage;
  };
  'posts.get': { payload: { id: LocalId }; result: PostDetail };
  /** Every post in conflict, on its title or on a variant (local space first, then by workspace). */
  'posts.conflicts': { payload: void; result: PostDetail[] };
  'posts.create': { payload: { workspace: string | null; title: string }; result: PostDetail };
  'posts.update': { payload: { id: LocalId; title: string }; result: PostDetail };

  'variants.create': {
    payload: { postId: LocalId; platform: string; content: string; account: AccountChoice };
    result: VariantView;
  };
  'variants.update': {
    payload: { id: LocalId; content?: string; account?: AccountChoice };
    result: VariantView;
  };
  /**
   * `at` is an ISO 8601 timestamp; the core sends it in UTC with a `Z`. A time already past is
   * refused unless `sendNowIfPast` says the user chose "send now instead": then it publishes.
   */
  'variants.schedule': { payload: { id: LocalId; at: string; sendNowIfPast?: boolean }; result: VariantView };
  'variants.unschedule': { payload: { id: LocalId }; result: VariantView };
  /** Only ever called after the user confirmed. */
  'variants.publish': { payload: { id: LocalId }; result: VariantView };
  'variants.resolveConflict': {
    payload:
      | { id: LocalId; choice: 'mine' | 'theirs' }
      | {
          id: LocalId;
          choice: 'edit';
          content?: string;
          scheduledAt?: string | null;
          account?: AccountChoice;
        };
    result: VariantView;
  };
  'posts.resolveConflict': {
    payload: { id: LocalId; choice: 'mine' | 'theirs' } | { id: LocalId; choice: 'edit'; title: string };
    result: PostDetail;
  };
  /**
   * The user's decision on a publish of unknown outcome: `publish_again` sends one new
   * publish request; `keep_unpublished` drops the request and leaves the variant as it is.
   */
  'variants.resolvePublishUnknown': {
    payload: { id: LocalId; choice: 'publish_again' | 'keep_unpublished' };
    result: VariantView;
  };

  // Many posts at once, and reuse (issue 25, items 3 and 4). Each item is checked against its
  // own actions; the local change is one transaction, each item's change one outbox op, and the
  // whole command one undo entry.
  /** Every variant's time moved by `shift`, on the wall clock of `zone` (the window's IANA zone). */
  'variants.reschedule': { payload: { ids: LocalId[]; shift: TimeShift; zone: string }; result: BulkReport };
  'variants.unscheduleMany': { payload: { ids: LocalId[] }; result: BulkReport };
  /** Only variants that never reached the service; their ops are withdrawn. Undo restores both. */
  'variants.delete': { payload: { ids: LocalId[] }; result: BulkReport };
  /** Another variant's text of the same post, into this one, as an edit. */
  'variants.copyText': { payload: { id: LocalId; fromId: LocalId }; result: VariantView };
  /** Copies: title with " (copy)", every variant's text, platform and account, unscheduled. */
  'posts.duplicate': {
    payload: { ids: LocalId[] };
    result: BulkReport & { created: Array<{ from: LocalId; id: LocalId }> };
  };
  /** Only posts that never reached the service (the service offers no deletion). */
  'posts.delete': { payload: { ids: LocalId[] }; result: BulkReport };
  /** Only posts that never reached the service; `null` is the local space. */
  'posts.move': { payload: { ids: LocalId[]; workspace: string | null }; result: BulkReport };
  /** "Hide here": a local, reversible archive; the service keeps the post. */
  'posts.hide': { payload: { ids: LocalId[] }; result: BulkReport };
  'posts.show': { payload: { ids: LocalId[] }; result: BulkReport };

  /** Variants placed in [from, to) (ISO timestamps), for the calendar. */
  'planning.calendar': {
    payload: {
      workspace: string | null;
      from: string;
      to: string;
      /** Only the variants of these accounts (profile ids), of these platforms; omitted: all. */
      accounts?: string[];
      platforms?: string[];
      /**
       * Cuts [from, to) at these instants (ascending, the first at `from`: the user's days), and
       * answers each span's first `limit` items with its count. Omitted: every item, one count.
       */
      spans?: { starts: string[]; limit: number };
    };
    result: CalendarView;
  };
  /** `days`: how many days of each account's slots to show (default 7). */
  'planning.queue': { payload: { workspace: string | null; days?: number }; result: QueueView };
  /** An account's posting times. */
  'planning.slots': { payload: { workspace: string; profileId: string }; result: PostingSchedule };
  'planning.setSlots': {
    payload: { workspace: string; profileId: string; zone: string; slots: PostingSlot[] };
    result: PostingSchedule;
  };
  /**
   * Schedules each variant at its account's next free slot (one taken by no scheduled variant of
   * that account, those queued in the same call included), through the outbox, offline too: one
   * undo entry for the whole call. Refused ones say why.
   */
  'planning.addToQueue': {
    payload: { variantIds: LocalId[] };
    result: BulkReport & {
      scheduled: Array<{ variantId: LocalId; scheduledAt: string; signOffExpected: boolean }>;
    };
  };
  /** Swaps the times of two scheduled variants (moving one up or down its queue): one undo entry. */
  'planning.swapTimes': { payload: { variantIds: [LocalId, LocalId] }; result: VariantView[] };
  /** Draft variants that would go out from this account and have no time yet, newest first. */
  'planning.drafts': { payload: { workspace: string; profileId: string }; result: PlanItem[] };

  'outbox.list': { payload: void; result: OutboxOpView[] };
  /** Retries a failed operation now; refused for one whose retry is not safe. */
  'outbox.retry': { payload: { id: LocalId }; result: OutboxOpView };
  /**
   * Drops a failed change the service refused, and puts the variant back to what the service
   * holds (a refused publish is simply not sent). Drafts not yet on the service are kept.
   */
  'outbox.discard': { payload: { id: LocalId }; result: OutboxOpView };
  /**
   * A create whose answer was lost while look-alikes appeared: `serverId` names the item that is
   * Outpost's (it is linked, nothing is created); `null` says none is, and it is created anew.
   */
  'outbox.adopt': { payload: { id: LocalId; serverId: string | null }; result: OutboxOpView };

  'sync.now': { payload: void; result: SyncStatus };
  'sync.status': { payload: void; result: SyncStatus };
  'sync.pause': { payload: void; result: SyncStatus };
  'sync.resume': { payload: void; result: SyncStatus };
  'sync.log': { payload: { limit?: number }; result: SyncLogEntry[] };
  /** The post the window shows (null: none): each light sync reads its variants again. */
  'sync.openPost': { payload: { postId: LocalId | null }; result: null };

  'activity.list': { payload: { postId: LocalId; offset?: number; limit?: number }; result: ActivityPage };
  /** Every skill of the workspace, up to the service's bound of the newest 200. */
  'skills.list': { payload: { workspace: string }; result: unknown[] };

  /** Takes back one change announced by `undoable` (without `id`: the newest), at most once. */
  'undo.run': { payload: { id?: string }; result: UndoResult };

  /** The kept versions of a variant's text or of a post's title, newest first. */
  'history.list': { payload: TextSubject; result: TextVersionView[] };
  /** Puts a version back as a new edit (through the outbox), undoable; answers the post. */
  'history.restore': { payload: TextSubject & { version: number }; result: PostDetail };
  /** A new post with the variant's text, on the same platform and account (published elsewhere). */
  'variants.copyToNewPost': { payload: { id: LocalId }; result: PostDetail };
}

export type CommandName = keyof BridgeCommands;
export type CommandPayload<C extends CommandName> = BridgeCommands[C]['payload'];
export type CommandResult<C extends CommandName> = BridgeCommands[C]['result'];

export type NotificationKind = 'published' | 'approval_started' | 'approval_released' | 'needs_user';

export interface OutpostNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The published post's link, for `published`: a click opens it. */
  url: string | null;
  postId: LocalId | null;
  variantId: LocalId | null;
}

/** Everything the core tells the window without being asked. */
export interface BridgeEvents extends DataEvents {
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
}

/** What the desktop app's menu asks of the window; the browser host never sends these. */
export type MenuCommand =
  | 'new-post'
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

/**
 * What `window.outpost` is (Electron preload) and what the browser host's HTTP client
 * provides: a narrow surface, never `ipcRenderer` itself.
 */
export interface OutpostBridge {
  invoke<C extends CommandName>(
    command: C,
    payload: CommandPayload<C>,
  ): Promise<BridgeResult<CommandResult<C>>>;
  /** Returns the function that removes the listener. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}

/**
 * The list every host checks command names against. Written as a map so that a command added
 * to BridgeCommands and not here (or the reverse) fails to compile; the core's zod schemas are
 * checked against the same names.
 */
const COMMANDS = {
  'app.info': true,
  'settings.get': true,
  'settings.update': true,
  'settings.testConnection': true,
  'settings.connect': true,
  'settings.signOut': true,
  'workspaces.list': true,
  'workspaces.select': true,
  'workspaces.moveLocalDrafts': true,
  'profiles.list': true,
  'posts.list': true,
  'posts.page': true,
  'posts.get': true,
  'posts.conflicts': true,
  'posts.create': true,
  'posts.update': true,
  'variants.create': true,
  'variants.update': true,
  'variants.schedule': true,
  'variants.unschedule': true,
  'variants.publish': true,
  'variants.resolveConflict': true,
  'posts.resolveConflict': true,
  'variants.resolvePublishUnknown': true,
  'variants.reschedule': true,
  'variants.unscheduleMany': true,
  'variants.delete': true,
  'variants.copyText': true,
  'posts.duplicate': true,
  'posts.delete': true,
  'posts.move': true,
  'posts.hide': true,
  'posts.show': true,
  'planning.calendar': true,
  'planning.queue': true,
  'planning.slots': true,
  'planning.setSlots': true,
  'planning.addToQueue': true,
  'planning.swapTimes': true,
  'planning.drafts': true,
  'outbox.list': true,
  'outbox.retry': true,
  'outbox.discard': true,
  'outbox.adopt': true,
  'sync.now': true,
  'sync.status': true,
  'sync.pause': true,
  'sync.resume': true,
  'sync.log': true,
  'sync.openPost': true,
  'activity.list': true,
  'skills.list': true,
  'undo.run': true,
  'history.list': true,
  'history.restore': true,
  'variants.copyToNewPost': true,
  ...DATA_COMMANDS,
} as const satisfies Record<CommandName, true>;

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** Electron: one IPC handler per command, on its own channel. */
export function ipcChannel(command: CommandName): string {
  return `outpost:${command}`;
}
/** Electron: the one channel events travel on, main to renderer. */
export const IPC_EVENT_CHANNEL = 'outpost:event';
