// The words Outpost says to people, in one place: where an item stands, the outbox's operations
// and why each waits, the status line, the sync log's decisions, and the service's codes. The
// window, the CLI and the core (for an item's state) all read from here, so a state or a failure
// reads the same everywhere; test/unit/words.test.ts holds every output to the plain-words list
// below. Codes stay codes where a machine reads them (JSON, the bridge); a person reads these.
import type { ItemState, OutboxOpKind, OutboxOpState, OutboxOpView, SyncStatus } from './bridge';

// --- what a person must never read ------------------------------------------------------------

/**
 * Machine words: connection error codes, the service's status strings and our own codes
 * (anything_with_underscores), and "read back", which only the code means anything by.
 */
export const JARGON: readonly RegExp[] = [
  /\bE[A-Z]{4,}\b/,
  /\bUND_ERR\w*/,
  /\bread(?:ing)?(?: it)?[ -]back\b/i,
  /Service status:/,
  /\b[a-z]+(?:_[a-z]+)+\b/,
];

/** The jargon `text` holds, if any (for the tests that hold the words to this list). */
export function jargonIn(text: string): string | null {
  for (const pattern of JARGON) {
    const found = pattern.exec(text);
    if (found) return found[0];
  }
  return null;
}

// --- where an item stands ---------------------------------------------------------------------

/** The short words of each state: a badge, a filter, a chip. */
export const STATE_LABELS: Record<ItemState, string> = {
  local_only: 'Local only',
  pending_sync: 'Pending sync',
  draft: 'Draft',
  scheduled: 'Scheduled',
  needs_approval: 'Needs approval',
  published: 'Published',
  failed: 'Failed',
  conflict: 'Conflict',
  removed: 'Removed on service',
  publish_unknown: 'Publish outcome unknown',
  needs_user: 'Needs your choice',
  unknown_status: 'Unknown status',
};

/** The longer words of each state (an item's `stateText`, a badge's tooltip, the CLI's rows). */
export const STATE_TEXT: Record<ItemState, string> = {
  local_only: 'Only on this computer',
  pending_sync: 'Waiting to sync',
  draft: 'Draft (synced)',
  scheduled: 'Scheduled',
  needs_approval: 'Waiting for sign-off',
  published: 'Published',
  failed: 'Failed',
  conflict: 'In conflict',
  removed: 'Removed on the service',
  publish_unknown: 'Publish outcome unknown',
  needs_user: 'Waiting for your choice in the outbox: adopt a look-alike or create anew',
  unknown_status: 'Unknown status',
};

/**
 * The words for a badge: the fixed words of each state, so every screen says the same thing;
 * for `unknown_status` the service's own string, shown as it came (the spec names no others).
 */
export function stateLabel(state: string, stateText?: string | null): string {
  const text = stateText?.trim();
  if (state === 'unknown_status') return text || STATE_LABELS.unknown_status;
  if (Object.hasOwn(STATE_LABELS, state)) return STATE_LABELS[state as ItemState];
  // A state this build does not know: show what came rather than hide it.
  return text || state;
}

// --- the outbox ---------------------------------------------------------------------------------

export const OP_KIND_WORDS: Record<OutboxOpKind, string> = {
  create_post: 'Create post',
  create_variant: 'Create variant',
  update_variant: 'Update variant',
  schedule: 'Schedule',
  unschedule: 'Unschedule',
  publish: 'Publish',
};

export const OP_STATE_WORDS: Record<OutboxOpState, string> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  done: 'Done',
  failed: 'Failed',
  unknown: 'Outcome unknown: checking with the service',
  needs_user: 'Needs your decision',
};

/** Why a change waits before it is sent, or what became of it: the outbox's reasons. */
export const REASONS = {
  titleNeeded: 'Give this post a title to sync it: the service keeps the title a post is created with.',
  outcomeUnknown: (message: string, publish: boolean): string =>
    `${sentence(message)} The outcome is unknown; Outpost checks with the service before anything else${publish ? ', and never publishes it again by itself' : ''}.`,
  checkFailed: (message: string): string => `Could not check with the service: ${message}`,
  stoppedWhileOut: 'Outpost stopped while the request was out: it will be checked with the service.',
  changeFound: 'Checked with the service: it holds the change; it is not sent again.',
  changeMissing: 'Checked with the service: the change was not applied; it goes again.',
  variantGone: 'Checked with the service: the variant is no longer there.',
  adopted: (id: string): string =>
    `Checked with the service: one unlinked match (id ${id}); adopted, not created again.`,
  publishUnread: 'The variant could not be checked with the service.',
  publishSeen: (state: string): string => `The service shows it as ${state}.`,
  publishNotSeen: (status: string | null): string =>
    `The service shows it as ${status ?? 'not published'}; it may not have been published.`,
  heldByQuestion:
    'Waits for your answer to the question on an earlier change of this post; it goes once you have answered.',
  heldByRefusal:
    'Waits: the service refused an earlier change this one depends on. Retry or discard that one first.',
};

/** A message as one sentence, ending in a full stop once. */
function sentence(message: string): string {
  const text = message.trim();
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** Why an outbox row has not gone yet, or what went wrong, as the row stands now. */
export function waitReason(
  op: Pick<OutboxOpView, 'kind' | 'state' | 'postTitle' | 'error' | 'nextAttemptAt' | 'attempts'>,
  status: SyncStatus | null,
  formatTime: (iso: string) => string,
  now: number = Date.now(),
): string {
  if (op.state === 'failed') return op.error ?? 'The service refused it.';
  if (op.state === 'unknown')
    return 'The answer was lost on the way back: Outpost checks with the service what it holds before sending again.';
  if (op.state === 'sending') return 'Sending now.';
  if (op.state === 'done') return 'Sent.';
  if (op.kind === 'create_post' && op.postTitle.trim() === '')
    return 'Waits for a title: give the post a title and it is sent.';
  if (status?.phase === 'not_connected') return 'Waits until you connect to your service (Settings).';
  if (status?.phase === 'needs_token') return 'Waits for a new access token (Settings).';
  if (status?.phase === 'paused') return 'Waits: sync is paused.';
  if (status && (status.phase === 'offline' || !status.online))
    return 'Waits for the connection to come back.';
  // A failure is named only while it is this row's latest news: a row that tried once and now
  // waits for its time says why, one due again says it goes with the next sync.
  const failed = op.attempts > 0 && op.error ? `The last try failed: ${sentence(op.error)} ` : '';
  const retryAt = op.nextAttemptAt === null ? Number.NaN : Date.parse(op.nextAttemptAt);
  if (op.attempts > 0 && retryAt > now)
    return `${failed}Outpost tries again at ${formatTime(op.nextAttemptAt as string)}.`;
  // A failing service holds every row back, whether or not this one has tried yet.
  const failing = status?.serviceFailing;
  if (failing)
    return `${failed}Waits: the service is failing (${failing.status})${failing.nextTryAt ? `; next try ${formatTime(failing.nextTryAt)}` : ''}.`;
  return `${failed}Goes out with the next sync.`;
}

// --- the status line -------------------------------------------------------------------------

export type StatusTone = 'good' | 'progress' | 'muted' | 'warn';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** What is wrong with the last sync, if anything: never "up to date" while one of these holds. */
function trouble(status: SyncStatus, formatTime: (iso: string) => string): string | null {
  const failing = status.serviceFailing;
  if (failing)
    return `The service is failing (${failing.status})${failing.nextTryAt ? `, next try ${formatTime(failing.nextTryAt)}` : ''}`;
  if (status.unreadWorkspaces.length > 0)
    return `Could not read ${status.unreadWorkspaces.map((w) => `“${w.slug}”`).join(', ')} from the service`;
  if (status.failed > 0) return `${plural(status.failed, 'change', 'changes')} failed`;
  if (status.lastError) return 'The last sync did not finish';
  return null;
}

/**
 * One state, never two that contradict each other: not connected, a token needed, paused,
 * offline, syncing, a failing service or a part not read, N waiting, or up to date with the time
 * the service was last read. Then what needs the user, and the workspaces out of reach.
 */
export function statusLine(
  status: SyncStatus,
  formatTime: (iso: string) => string,
): { text: string; tone: StatusTone } {
  if (status.phase === 'not_connected')
    return { text: 'Not connected: drafts stay on this computer', tone: 'muted' };
  const waiting = plural(status.pending, 'change waiting to send', 'changes waiting to send');
  const read = status.lastReadAt ? `read ${formatTime(status.lastReadAt)}` : 'not read yet';
  let text: string;
  let tone: StatusTone;
  const problem = trouble(status, formatTime);
  if (status.phase === 'needs_token') {
    text = 'Needs a new access token';
    tone = 'warn';
  } else if (status.phase === 'paused') {
    text = status.pending ? `Sync paused · ${waiting}` : 'Sync paused';
    tone = 'warn';
  } else if (status.phase === 'offline' || !status.online) {
    text = status.pending ? `Offline · ${waiting}` : 'Offline';
    tone = 'muted';
  } else if (status.phase === 'syncing') {
    text = 'Syncing…';
    tone = 'progress';
  } else if (problem !== null) {
    text = status.pending ? `${problem} · ${waiting}` : problem;
    tone = 'warn';
  } else if (status.pending > 0) {
    text = `${status.pending} waiting`;
    tone = 'progress';
  } else if (status.lastReadAt === null) {
    text = 'Not read from the service yet';
    tone = 'muted';
  } else {
    text = `Up to date, ${read}`;
    tone = 'good';
  }
  const attention = status.needsAttention - status.failed;
  if (attention > 0) text += ` · ${plural(attention, 'needs', 'need')} attention`;
  // A workspace taken away keeps its changes waiting: the line names it while the others sync.
  for (const w of status.unavailableWorkspaces ?? []) {
    text += ` · no access to “${w.name}”`;
    if (tone === 'good') tone = 'warn';
  }
  if (!text.startsWith('Up to date') && status.lastReadAt) text += ` · last ${read}`;
  return { text, tone };
}

// --- the sync log --------------------------------------------------------------------------

const LOG_WORDS: Record<string, string> = {
  // A sync run
  sync_start: 'Sync started',
  sync_done: 'Sync finished',
  sync_failed: 'Sync failed',
  sync_skipped: 'Sync skipped',
  sync_paused_auth: 'Sync paused: the access token was refused',
  pull_skipped: 'Quick sync (no full read from the service)',
  pull_workspace_failed: 'A workspace could not be read',
  reconcile_failed: 'Scheduled items could not be checked',
  import: 'Brought in from the service',
  import_deferred: 'Bringing in postponed',
  skills_skipped: 'Writing skills not refreshed',
  fresh_page: 'Checked for new posts: read the newest ones',
  fresh_listing: 'Checked for new and removed posts: read the whole list',
  unlisted_check_failed: 'Could not check a post missing from the list',
  reread_failed: 'Could not read an open or soon-due post again',
  reachable: 'The service answers again',
  // Changes read from the service
  take_theirs: 'Took the change made on the service',
  keep_mine: 'Kept the change made here',
  conflict: 'Changed in both places: needs you',
  // Sending (post_linked and variant_linked: logs written before 2026-11-23)
  create_post: 'Post created on the service',
  create_variant: 'Variant created on the service',
  post_linked: 'Post created on the service',
  variant_linked: 'Variant created on the service',
  answered: 'Answered by the service',
  wait: 'Waiting',
  nothing_to_send: 'Nothing to send',
  skip_moved: 'Skipped: it changed while this sync ran',
  read_before_write_failed: 'Could not read the post before changing it',
  skip_create_post: 'Post already on the service',
  skip_create_variant: 'Variant already on the service',
  skip_update: 'Nothing new to send',
  update_variant: 'Change sent',
  schedule: 'Schedule sent',
  unschedule: 'Schedule removed',
  publish: 'Publish sent',
  publish_recorded: 'Publish confirmed',
  done: 'Done',
  // Failures and their handling
  fail: 'Failed',
  refused: 'Refused by the service',
  never_sent: 'Not sent: the service could not be reached',
  token_refused: 'Paused: the access token was refused',
  locked: 'Not sent: published or waiting for sign-off on the service',
  removed: 'Removed on the service',
  workspace_unavailable: 'Waiting for access to the workspace',
  workspace_ok: 'Workspace reachable',
  workspace_forbidden: 'No access to the workspace',
  workspace_not_found: 'Workspace not found',
  fail_removed: 'Failed: removed on the service',
  stop_offline: 'Stopped: the service cannot be reached',
  retry_later: 'Will try again later',
  pause_auth: 'Paused: the access token was refused',
  mark_removed: 'Marked as removed on the service',
  unknown_outcome: 'Outcome unknown',
  readback_failed: 'Could not check what the service holds',
  // A request whose answer was lost
  outcome_unknown: 'Outcome unknown: it will be checked',
  crashed: 'Interrupted while sending: it will be checked',
  read_back_failed: 'Could not check what the service holds',
  read_back_absent: 'Not found on the service',
  create_post_ambiguous: 'Several look-alike posts on the service: needs you',
  create_variant_ambiguous: 'Several look-alike variants on the service: needs you',
  update_readback_applied: 'Change found on the service: not sent again',
  update_readback_absent: 'Change not on the service: sending it again',
  create_post_adopt: 'Post found on the service: linked, not created twice',
  create_post_recreate: 'Post not on the service: creating it again',
  create_variant_adopt: 'Variant found on the service: linked, not created twice',
  create_variant_recreate: 'Variant not on the service: creating it again',
  publish_readback_record: 'Publish confirmed by checking with the service',
  publish_readback_ask_user: 'Publish outcome unclear: waiting for your decision',
  // Notifications
  notify_published: 'Told you: published',
  notify_approval_started: 'Told you: waiting for sign-off',
  notify_approval_released: 'Told you: signed off and published',
  notify_needs_user: 'Told you: needs your attention',
  // The user's decisions
  resolve_mine: 'Conflict resolved: kept yours',
  resolve_theirs: 'Conflict resolved: took theirs',
  resolve_edit: 'Conflict resolved: edited',
  publish_again: 'You chose to publish again',
  keep_unpublished: 'You chose to keep it unpublished',
  user_publish_again: 'You chose to publish again',
  user_keep_unpublished: 'You chose to keep it unpublished',
  user_retry: 'You chose to try again',
  user_discard: 'You discarded it',
  user_adopt: 'You chose which one is yours',
  user_create_anew: 'You chose to create it anew',
  edited: 'Edited: it will be sent again',
  connected: 'Connected',
  signed_out: 'Signed out',
};

/** The sync log's action codes, each known one in words. */
export const LOG_ACTIONS: readonly string[] = Object.keys(LOG_WORDS);

/** The words for a sync log action; one this build does not know, in words made from its code. */
export function logActionWords(action: string): string {
  return Object.hasOwn(LOG_WORDS, action) ? (LOG_WORDS[action] as string) : codeToWords(action);
}

// --- the service's own codes ------------------------------------------------------------------

/**
 * A code the service sent (`variant.approval_requested`, `no_default_available`) as words:
 * "Variant approval requested", "No default available". Anything else is left as it came.
 */
export function codeToWords(code: string): string {
  if (!/^[a-z0-9]+([._:-][a-z0-9]+)+$/i.test(code)) return code;
  const words = code.replace(/[._:-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A value the service sent in a field Outpost shows as it came (an activity entry's detail):
 * a code in snake_case (`no_default_available`, `variant.approval_requested`) in words,
 * anything else (names, slugs, links, sentences) as it is.
 */
export function valueWords(value: string): string {
  return /^[a-z0-9]+([._][a-z0-9]+)+$/.test(value) && value.includes('_')
    ? codeToWords(value).toLowerCase()
    : value;
}
