// The outbox in words: each operation and state, and why a change waits or what became of it.
import type { OutboxOpAction, OutboxOpKind, OutboxOpState, OutboxOpView, SyncStatus } from '../bridge';
import { sentence } from './plain';

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

/** The Outbox view's line above its rows. */
export const OUTBOX_COUNT = (n: number): string => `${n} ${n === 1 ? 'operation waits' : 'operations wait'}.`;

/**
 * The Outbox view's Attempts cell: how many times a request of it went out, or, where none ever
 * did (refused before it was sent: its variant published meanwhile, say), that it was not sent.
 */
export function attemptsWords(op: Pick<OutboxOpView, 'attempts' | 'state'>): string {
  if (op.attempts > 0) return String(op.attempts);
  return op.state === 'pending' ? 'Not sent yet' : 'Not sent';
}

/** A row of the Outbox view whose operation left the outbox while the view was open. */
export const OUTBOX_LEFT = {
  state: 'Left the outbox',
  reason: 'Sent, or no longer needed.',
  note: 'Rows that left the outbox stay in place while you look, and go when you leave the Outbox.',
  /** Its Attempts cell, read aloud: the count it had is not its last one. */
  attempts: 'Not known now',
};

/** Why a change waits before it is sent, or what became of it: the outbox's reasons. */
export const OUTBOX_REASONS = {
  titleNeeded: 'Give this post a title to sync it: the service keeps the title a post is created with.',
  titleBeingTyped: 'Waits until you finish the title: the service keeps the title a post is created with.',
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
  /** The sync log's reason when a new post left as it was made goes (posts.dropIfUntouched). */
  emptyPostDropped:
    'A new post was left with nothing in it: it went before anything reached the service, its create with it.',
};

/** Why an outbox row has not gone yet, or what went wrong, as the row stands now. */
export function waitReason(
  op: Pick<OutboxOpView, 'kind' | 'state' | 'postTitle' | 'error' | 'nextAttemptAt' | 'attempts'>,
  status: SyncStatus | null,
  formatTime: (iso: string) => string,
  now: number = Date.now(),
): string {
  if (op.state === 'failed') return op.error ?? 'The service refused it.';
  // An answer about another record, or one cut short, each says so in its own words.
  if (op.state === 'unknown')
    return op.error
      ? sentence(op.error)
      : 'The answer was lost on the way back: Outpost checks with the service what it holds before sending again.';
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

/** A field of a change, as the words of an answer name it. */
export type ChangeFieldName = 'content' | 'scheduled_at' | 'social_profile_id';

const FIELD_WORDS: Record<ChangeFieldName, string> = {
  content: 'the new text',
  scheduled_at: 'the new time',
  social_profile_id: 'the new account',
};

/** "the new time", "the new time and the new text". */
export function fieldWords(fields: readonly ChangeFieldName[]): string {
  return fields.map((f) => FIELD_WORDS[f]).join(' and ');
}

/** The headline of each way an answer can fail to be about what was asked: their own plain reasons. */
export const ANSWER_HEADLINES = {
  otherRecord: 'The service answered about another record',
  storedDifferently: 'The service stored the text differently',
  notKept: (fields: readonly ChangeFieldName[]): string => `The service did not keep ${fieldWords(fields)}`,
};

/** Why an answer of the service is not a clean one (the outcome is then unknown, and read back). */
export const ANSWER_WORDS = {
  notKept: (fields: readonly ChangeFieldName[], times: number, limit: number): string =>
    `${ANSWER_HEADLINES.notKept(fields)}: it answered as if it had (${times} of ${limit} tries).`,
  otherRecord: (kind: 'post' | 'variant', addressed: string, answered: string): string =>
    `${ANSWER_HEADLINES.otherRecord}: it answered about ${kind} ${answered}, not about ${kind} ${addressed} that was sent.`,
  linkedElsewhere: (kind: 'post' | 'variant', answered: string): string =>
    `${ANSWER_HEADLINES.otherRecord}: it answered with ${kind} ${answered}, which another item here is already linked to.`,
  lacks: (fields: readonly ChangeFieldName[]): string =>
    `The service answered, but its answer does not hold ${fieldWords(fields)}.`,
  newPostTitle: (id: string): string =>
    `${ANSWER_HEADLINES.otherRecord}: it answered the new post with post ${id}, whose title is not the one sent.`,
  newVariantFields: (id: string, fields: readonly string[]): string =>
    `${ANSWER_HEADLINES.otherRecord}: it answered the new variant with variant ${id}, whose ${fields.join(' and ')} ${fields.length > 1 ? 'are not the ones' : 'is not the one'} sent.`,
  /** `pairs`: what the service stored for what was sent, e.g. `&amp;` for `&`. */
  storedDifferently: (pairs: ReadonlyArray<{ stored: string; sent: string }>): string =>
    `${ANSWER_HEADLINES.storedDifferently}. ${pairs.map((p) => `The service stored '${p.stored}' for '${p.sent}'`).join('; ')}. Outpost keeps both and does not send it again.`,
  /** A create that went twice without a clear answer is not sent a third time by itself. */
  twiceUnknown: (what: 'post' | 'variant'): string =>
    `Sent twice without a clear answer, and the service shows no ${what} Outpost can tell is its own: it is not sent a third time by itself.`,
  twiceUnknownQuestion: (what: 'post' | 'variant'): string =>
    `This new ${what} was sent twice and neither answer was clear. If one of these is it, choose it; else create it anew.`,
};

/** A sync's answers that were not about what was asked, or changes not kept: each its kind and words. */
export const ANSWER_TROUBLE_WORDS = {
  other_record: ANSWER_HEADLINES.otherRecord,
  not_kept: 'The service did not keep a change',
  stored_differently: ANSWER_HEADLINES.storedDifferently,
} as const;

/** What the user's actions on an op are called, and each kind of op inside a sentence. */
export const OP_ACTION_WORDS: Record<OutboxOpAction, string> = {
  retry: 'Retry',
  discard: 'Discard',
  publish_again: 'Publish again',
  keep_unpublished: 'Keep unpublished',
  adopt: 'Adopting a match',
  create_anew: 'Creating anew',
};

/** The command line that takes each action on the op `id`, as a person types it. */
export const OP_ACTION_COMMANDS: Record<OutboxOpAction, (id: string) => string> = {
  retry: (id) => `outpost outbox retry ${id}`,
  discard: (id) => `outpost outbox discard ${id}`,
  publish_again: (id) => `outpost outbox publish-again ${id}`,
  keep_unpublished: (id) => `outpost outbox keep-unpublished ${id}`,
  // The service's ids to choose from are listed under the op.
  adopt: (id) => `outpost outbox adopt ${id} SERVER_ID`,
  create_anew: (id) => `outpost outbox adopt ${id} none`,
};

export const OP_KIND_IN_SENTENCE: Record<OutboxOpKind, string> = {
  create_post: 'new post',
  create_variant: 'new variant',
  update_variant: 'change',
  schedule: 'schedule',
  unschedule: 'unschedule',
  publish: 'publish',
};

/** What `outpost publish` says once its own send is settled, beside the variant's line. */
export const PUBLISH_OUTCOME = {
  failed: (reason: string): string => `The service refused the publish: ${sentence(reason)}`,
  decide: (opId: string): string =>
    `The publish may or may not have gone out: decide with 'outpost outbox publish-again ${opId}' or 'outpost outbox keep-unpublished ${opId}'.`,
  stillSending:
    "Still being sent when this command stopped waiting: 'outpost sync' finishes it, 'outpost variants' shows how it ended.",
};

/**
 * `outpost outbox retry` refused where the op machine's reason names the window's buttons
 * (Publish again, Keep unpublished, adopting one): the commands to type instead.
 */
export const RETRY_REFUSED_CLI = {
  publishInDoubt: (opId: string): string =>
    `Retry is not possible for this publish: it may or may not have gone out, so a retry never sends it again. Check the platform, then decide with 'outpost outbox publish-again ${opId}' or 'outpost outbox keep-unpublished ${opId}'.`,
  publishFailed: (variantId: string): string =>
    `Retry is not possible for this publish: a publish is never sent again by a retry. Once you have checked why it was refused, publish it with 'outpost publish --variant ${variantId}'.`,
  /** `choices`: the service's items to choose from are listed under the op. */
  createInDoubt: (kind: 'post' | 'variant', opId: string, choices: boolean): string =>
    `Retry is not possible for this new ${kind}: Outpost cannot tell which item on the service, if any, is this one. ${choices ? `If one of those 'outpost outbox' lists under it is, name it with 'outpost outbox adopt ${opId} SERVER_ID'; else create` : 'Create'} it anew with 'outpost outbox adopt ${opId} none'.`,
};

/**
 * `outpost outbox discard` refused where the op machine's reason names the window (Check now,
 * deleting the draft): what the command line can do instead.
 */
export const DISCARD_REFUSED_CLI = {
  inDoubt: (opId: string): string =>
    `Discard is not possible yet: this change may have reached the service. 'outpost outbox retry ${opId}' reads what the service holds first; discard it afterwards if it still waits.`,
  draftKept: (kind: 'post' | 'variant'): string =>
    `Discard is not possible for this new ${kind}: it is the draft itself, which the service has not taken yet, and discarding would lose it. To drop the draft, delete it in Outpost's window.`,
};

/** `outpost outbox publish-again` or `keep-unpublished` named an op that is not a publish. */
export const NOT_A_PUBLISH_TO_DECIDE =
  "This operation is not a publish: 'outpost outbox' shows what each operation takes.";
