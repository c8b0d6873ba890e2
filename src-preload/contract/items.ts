// A post and its variants as the window sees them: where each stands (its state), what the user
// can do with it now (its actions, decided by the core), and its account.

/** Local ids are UUIDs made by Outpost; `serverId` is the service's id once known. */
export type LocalId = string;

/**
 * Where one item stands, in the words the window shows (the third promise in docs/architecture.md).
 * `unknown_status`: the service sent a status string Outpost does not know; it is shown as it came.
 * `needs_user`: a create of unknown outcome found look-alikes on the service; it waits for the
 * user to adopt one or create anew (the outbox asks).
 */
export const ITEM_STATES = [
  'local_only',
  'pending_sync',
  'draft',
  'scheduled',
  'needs_approval',
  'published',
  'failed',
  'conflict',
  'removed',
  'publish_unknown',
  'needs_user',
  'unknown_status',
] as const;
export type ItemState = (typeof ITEM_STATES)[number];

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
  /**
   * The post or one of its variants reached the service: it cannot be deleted (the service
   * offers no deletion), only hidden here.
   */
  onService: boolean;
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
 * time can be changed where it is shown (the calendar). `retry` acts on its failed change,
 * `discard` on its failed change or one waiting to be sent (`unsentChange`); `publish_again` and `keep_unpublished` decide a publish of unknown outcome. `delete`:
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

/**
 * Where the service has a variant, whatever local state shows on top of it (a change waiting, a
 * failure): published (a link, or the service says so), waiting for sign-off, scheduled, a draft,
 * or a status string Outpost does not know.
 */
export type ServiceState = 'published' | 'needs_approval' | 'scheduled' | 'draft' | 'unknown_status';

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
  /** Why each action it does not offer is refused, in the words the core refuses it with. */
  refusals: Partial<Record<VariantAction, string>>;
  /** Where the service has it (its `state` may show a local change or failure on top). */
  serviceState: ServiceState;
  conflicts: FieldConflict[];
  publishUnknown: PublishUnknownFacts | null;
  /** Published on the service while a change of it waited here: what went out, and what did not. */
  publishedElsewhere: PublishedElsewhere | null;
  /** Its change that has not reached the service, which Retry or Discard settles; null when none. */
  unsentChange: UnsentChange | null;
  /** Its account answered a publish with "waiting for sign-off": this goes to sign-off first. */
  signOffExpected: boolean;
  /** The service stored the text sent in another form (HTML-escaped): both, and what it stored for what. */
  storedAs: StoredAsView | null;
  updatedAt: string;
}

/** A text the service keeps in another form than the one sent; the text here is the one sent. */
export interface StoredAsView {
  sent: string;
  stored: string;
  /** "The service stored the text differently. The service stored '&amp;' for '&'. …" */
  reason: string;
}

/**
 * What a discard of a change puts back, so the window can show it before it asks: for each
 * field the change carries that differs from what the service last held, what goes (the value
 * here) and what comes back (the service's). A field the discard leaves as it is is null.
 */
export interface DiscardPreview {
  text: { goes: string; comesBack: string } | null;
  /** Times as instants; null for "no time" (a draft on the service). */
  time: { goes: string | null; comesBack: string | null } | null;
  /** The account chosen here goes, and the one the service holds comes back. */
  account: boolean;
}

/**
 * A variant's change that has not reached the service, as Retry and Discard name it (the
 * outbox's view of it has the rest): one the service refused (`failed`), else one waiting to be
 * sent (`pending`).
 */
export interface UnsentChange {
  /** The outbox op to retry or discard. */
  opId: LocalId;
  state: 'failed' | 'pending';
  /** What a discard of it would put back (the window asks first); null when it cannot be discarded. */
  discards: DiscardPreview | null;
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
  /** Why each action it does not offer is refused, in the words the core refuses it with. */
  refusals: Partial<Record<PostAction, string>>;
  conflicts: FieldConflict[];
  /** Why the post failed or was removed, in the service's words where they came from there. */
  error: string | null;
  /** Something to know that is not a failure (a title that stays in Outpost only, say). */
  note: PostNote | null;
  variants: VariantView[];
}

/**
 * A post's note, by kind and in words. The kind lets the window act on it (a title being typed
 * answers "title needed" before the core has saved it) without comparing the words.
 */
export interface PostNote {
  kind: 'title-needed' | 'title-being-typed' | 'title-stays-local';
  text: string;
}
