// Rows to the views the window shows (src-preload/bridge.ts). State words come from the pure
// rules in domain/item-state.ts so the window, the CLI and the tests agree.
import type {
  DiscardPreview,
  OutboxOpView,
  PostDetail,
  PostNote,
  PostSummary,
  PublishedElsewhere,
  StoredAsView,
  SyncLogEntry,
  UnsentChange,
  VariantView,
} from '@preload/bridge';
import type { OutboxOpRow, PostRow, SyncLogRow, VariantRow } from '../../store/schema';
import { inConflict, postConflicts, variantConflicts } from '../../store/conflicts';
import { postBase, type PostBase, type PostSummaryRow } from '../../store/post-repository';
import { sameText } from '../../outbox/answer-check';
import { storedDifferentlyReason } from '../../outbox/stored-differently';
import { opRetryRefusal, unsentChangeOf, variantActions, type LockFacts } from '../../outbox/item-actions';
import { postActions } from '../../outbox/post-actions';
import { actionsOf, KIND_GROUPS } from '../../outbox/op-machine';
import { parseQuestion } from '../../outbox/payload';
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { STATE_TEXT, TITLE_STAYS_LOCAL } from '@preload/words/states';
import { postState, variantState } from '../../domain/item-state';
import { isPublished, serviceState } from '../../domain/service-state';
import { variantBase, variantBaseField } from '../../store/variant-repository';
import {
  accountChoiceOf,
  accountChosenByService,
  NO_ACCOUNTS,
  signOffExpected,
  type WorkspaceAccounts,
} from '../../domain/accounts';
import { discardPreview } from '../../outbox/discard-preview';

/** The variant columns its state depends on (posts.list reads only these, never the base JSON). */
export type VariantStateRow = Pick<
  VariantRow,
  'id' | 'server_id' | 'remote_state' | 'conflict' | 'status' | 'platform_post_url' | 'scheduled_at'
>;
/** The outbox columns a state depends on. */
export type OpStateRow = Pick<OutboxOpRow, 'variant_id' | 'kind' | 'state'>;

/** A variant's state and the facts behind it: the one place its rules are applied to rows. */
function variantFacts<O extends OpStateRow>(v: VariantStateRow, post: Pick<PostRow, 'workspace'>, ops: O[]) {
  const mine = ops.filter((o) => o.variant_id === v.id);
  const failedOp = mine.find((o) => o.state === 'failed');
  const open = mine.some((o) => o.state === 'pending' || o.state === 'sending' || o.state === 'unknown');
  // A create that found look-alikes (the variant's, or its post's): nothing of the variant
  // moves until the user chooses.
  const createAsks = ops.some(
    (o) =>
      o.state === 'needs_user' &&
      ((o.kind === 'create_variant' && o.variant_id === v.id) ||
        (o.kind === 'create_post' && o.variant_id === null)),
  );
  const postCreateFailed = ops.find(
    (o) => o.variant_id === null && o.kind === 'create_post' && o.state === 'failed',
  );
  // A publish whose outcome is in question: being read back (`unknown`) or waiting for the user.
  const unsurePublish = mine.find(
    (o) => o.kind === 'publish' && (o.state === 'unknown' || o.state === 'needs_user'),
  );
  const publishUnknown =
    unsurePublish !== undefined && 'facts' in unsurePublish
      ? (parseQuestion(unsurePublish as Pick<OutboxOpRow, 'facts'>)?.publishUnknown ?? null)
      : null;
  const s = variantState({
    inLocalSpace: post.workspace === null,
    serverId: v.server_id,
    removed: v.remote_state === 'removed',
    conflict: inConflict(v.conflict),
    publishUnknown: unsurePublish !== undefined,
    needsUser: createAsks,
    failed: failedOp !== undefined || postCreateFailed !== undefined,
    openOps: open,
    status: v.status,
    platform_post_url: v.platform_post_url,
    scheduled_at: v.scheduled_at,
  });
  return { state: s.state, text: s.text, failedOp, postCreateFailed, publishUnknown };
}

export function variantView(
  v: VariantRow,
  post: PostRow,
  ops: OutboxOpRow[],
  accounts: WorkspaceAccounts = NO_ACCOUNTS,
): VariantView {
  const { state, text, failedOp, postCreateFailed, publishUnknown } = variantFacts(v, post, ops);
  const conflicts = variantConflicts(v);
  const error = failedOp?.error ?? postCreateFailed?.error ?? v.error;
  return {
    id: v.id,
    postId: v.post_id,
    serverId: v.server_id,
    platform: v.platform,
    content: v.content,
    account: accountChoiceOf(v),
    serviceAccountId: accountChosenByService(v),
    scheduledAt: v.scheduled_at,
    serviceStatus: v.status,
    platformPostUrl: v.platform_post_url,
    state,
    stateText: text,
    error: error ?? null,
    ...variantActions({ variant: v, workspace: post.workspace, ops }),
    serviceState: serviceState(v),
    conflicts,
    publishUnknown,
    publishedElsewhere: publishedElsewhere(v, failedOp),
    unsentChange: unsentChange(v, ops),
    signOffExpected: signOffExpected(v, accounts),
    storedAs: storedAsOf(v),
    updatedAt: v.updated_at,
  };
}

/** The variant's change Retry and Discard act on, with what a discard of it would put back. */
function unsentChange(v: VariantRow, ops: OutboxOpRow[]): UnsentChange | null {
  const mine = ops.filter((o) => o.variant_id === v.id);
  const op = unsentChangeOf(mine);
  if (op === undefined || (op.state !== 'failed' && op.state !== 'pending')) return null;
  return { opId: op.id, state: op.state, discards: discardPreview(op, v, mine) };
}

/** The service's other form of the text, while the text here is still the one that was sent. */
function storedAsOf(v: VariantRow): StoredAsView | null {
  const stored = variantBase(v)?.storedAs;
  if (stored === undefined || stored.sent !== v.content) return null;
  return { ...stored, reason: storedDifferentlyReason(stored) };
}

/**
 * A change that failed because the variant was published on the service first (the push holds
 * back every change of a published variant): what went out is the service's text, the base.
 */
function publishedElsewhere(v: VariantRow, failed: OutboxOpRow | undefined): PublishedElsewhere | null {
  if (failed === undefined || KIND_GROUPS[failed.kind] !== 'change' || !isPublished(v)) return null;
  const content = variantBaseField(v, 'content') ?? v.content;
  return {
    content,
    url: v.platform_post_url,
    seenAt: failed.updated_at,
    unsentContent: content === v.content ? null : v.content,
  };
}

function postOwnState(
  post: Pick<PostRow, 'remote_state' | 'conflict' | 'workspace' | 'server_id'>,
  ops: OpStateRow[],
) {
  const own = ops.filter((o) => o.variant_id === null);
  const pick = (state: keyof typeof STATE_TEXT) => ({ state, text: STATE_TEXT[state] });
  if (post.remote_state === 'removed') return pick('removed');
  if (inConflict(post.conflict)) return pick('conflict');
  if (own.some((o) => o.state === 'failed')) return pick('failed');
  if (own.some((o) => o.kind === 'create_post' && o.state === 'needs_user')) return pick('needs_user');
  if (post.workspace === null) return pick('local_only');
  if (post.server_id === null || own.some((o) => o.state !== 'done')) return pick('pending_sync');
  return pick('draft');
}

/**
 * Takes lean rows (posts.list) as well as full ones (postDetail): only the columns the state
 * and the platforms need, so a list of thousands never builds a full variant view.
 */
export function postSummary(
  post: PostSummaryRow,
  variants: Array<VariantStateRow & Pick<VariantRow, 'platform'>>,
  ops: OpStateRow[],
): PostSummary {
  const facts = variants.map((v) => variantFacts(v, post, ops));
  const s = postState(postOwnState(post, ops), facts);
  return {
    id: post.id,
    serverId: post.server_id,
    onService: post.server_id !== null || variants.some((v) => v.server_id !== null),
    workspace: post.workspace,
    title: post.title,
    platforms: [...new Set(variants.map((v) => v.platform))],
    variants: variants.map((v, i) => ({
      id: v.id,
      platform: v.platform,
      state: facts[i]!.state,
      stateText: facts[i]!.text,
      scheduledAt: v.scheduled_at,
    })),
    state: s.state,
    stateText: s.text,
    updatedAt: post.updated_at,
  };
}

/** `titleTyped`: its title is still being typed in the window (its create waits for it). */
export function postDetail(
  post: PostRow,
  variants: VariantRow[],
  ops: OutboxOpRow[],
  accounts: WorkspaceAccounts = NO_ACCOUNTS,
  titleTyped = false,
): PostDetail {
  const base = postBase(post);
  const failed = ops.find((o) => o.variant_id === null && o.state === 'failed');
  return {
    ...postSummary(post, variants, ops),
    hidden: post.hidden_at !== null,
    ...postActions({ post, variants, ops }),
    conflicts: postConflicts(post),
    error: failed?.error ?? post.error,
    note: postNote(post, base, titleTyped),
    variants: variants.map((v) => variantView(v, post, ops, accounts)),
  };
}

/** What the editor says beside a post's workspace about its title, if anything. */
function postNote(post: PostRow, base: PostBase | null, titleTyped: boolean): PostNote | null {
  if (post.server_id !== null)
    return base !== null && !sameText(base.title, post.title)
      ? { kind: 'title-stays-local', text: TITLE_STAYS_LOCAL }
      : null;
  if (post.workspace === null) return null;
  if (post.title.trim() === '') return { kind: 'title-needed', text: OUTBOX_REASONS.titleNeeded };
  return titleTyped ? { kind: 'title-being-typed', text: OUTBOX_REASONS.titleBeingTyped } : null;
}

export function outboxOpView(
  op: OutboxOpRow,
  about: {
    postTitle: string;
    platform: string | null;
    waitingFor?: string | null;
    /** What a discard would put back; null when it cannot be discarded (the core's rules beyond the machine's). */
    discards: DiscardPreview | null;
    /** Its variant's facts, when it has one: Retry is not offered where it can only fail again. */
    variant?: LockFacts;
  },
): OutboxOpView {
  const asked = parseQuestion(op);
  return {
    id: op.id,
    kind: op.kind,
    state: op.state,
    postId: op.post_id,
    postTitle: about.postTitle,
    variantId: op.variant_id,
    platform: about.platform,
    attempts: op.attempts,
    nextAttemptAt: op.next_attempt_at,
    error: op.error,
    question:
      op.state !== 'needs_user'
        ? null
        : (asked?.question ??
          (asked?.publishUnknown
            ? `Outpost cannot tell whether this was published (${asked.publishUnknown.readBack}) Publish again, or keep it unpublished?`
            : null)),
    candidates: op.state === 'needs_user' ? (asked?.candidates ?? []) : [],
    waitingFor: about.waitingFor ?? null,
    discards: about.discards,
    actions: actionsOf(op).filter(
      (a) =>
        (a !== 'discard' || about.discards !== null) &&
        (a !== 'retry' || opRetryRefusal(op, about.variant) === null),
    ),
    createdAt: op.created_at,
  };
}

export function syncLogView(
  row: SyncLogRow & { post_title: string | null; platform: string | null },
): SyncLogEntry {
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    reason: row.reason,
    postId: row.post_id,
    postTitle: row.post_title,
    variantId: row.variant_id,
    platform: row.platform,
  };
}
