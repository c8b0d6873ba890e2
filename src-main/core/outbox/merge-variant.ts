// Applying what the service says about a variant to the local row: three-way merge against
// `base`, conflict recording, status/link updates, reconcile timing and notifications. The
// outbox owns it: a merge must know what the outbox sent (its own writes whose answer was
// lost, a change the service did not keep), and both the push and the pull merge through it.
import { newLocalId } from '../store/ids';
import type { FieldConflict } from '@preload/bridge';
import { platformName } from '@preload/platforms';
import type { ServiceVariant } from '../api/client';
import { keptLink, sameText, sameValue, type ChangeField, type StoredAs } from './answer-check';
import { noteStoredDifferently } from './stored-differently';
import { notKeptFields, notKeptNotice, replacedBy, sendAgainNotKept } from './not-kept';
import { keepVersion } from '../history/versions';
import { listUnconfirmedPatches } from './op-queries';
import type { SentPatch } from './payload';
import { touchPost, updatePost } from '../store/post-repository';
import type { NewVariantRow, VariantRow, VariantUpdate } from '../store/schema';
import { storedVariantBase, updateVariant, variantBase, type VariantBase } from '../store/variant-repository';
import { accountAsSent, serviceAccountColumns } from '../domain/accounts';
import { conflictFields, sameInstant } from '../domain/merge';
import { notify } from '../domain/notices';
import { decideReconcile } from '../domain/reconcile-timing';
import { serviceState, transitionNotice } from '../domain/service-state';
import { logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { noteWaitingForSignOff } from './sign-off';

export function baseOf(sv: ServiceVariant): VariantBase {
  return {
    content: sv.content,
    scheduled_at: sv.scheduled_at,
    social_profile_id: sv.social_profile_id,
    status: sv.status,
    platform_post_url: sv.platform_post_url,
  };
}

export async function noticeTransition(
  ctx: SyncContext,
  before: { status: string | null; platform_post_url: string | null; scheduled_at: string | null } | null,
  after: ServiceVariant,
  local: { postId: string; variantId: string; platform: string },
): Promise<void> {
  const kind = transitionNotice(before, after);
  if (kind === null) return;
  if (kind === 'approval_started') await noteWaitingForSignOff(ctx, local.postId, after);
  const where = platformName(local.platform);
  const body =
    kind === 'approval_started'
      ? `The ${where} variant is waiting for the channel's approvers.`
      : `The ${where} variant is live${after.platform_post_url ? `: ${after.platform_post_url}` : '.'}`;
  await logDecision(ctx, {
    action: `notify_${kind}`,
    reason: `Service state moved to ${serviceState(after)}.`,
    postId: local.postId,
    variantId: local.variantId,
  });
  await notify(ctx, kind, body, {
    postId: local.postId,
    variantId: local.variantId,
    url: after.platform_post_url,
  });
}

/** What a change sent, recorded with its answer so that the next read can tell whether it was kept. */
export interface ChangeAnswered {
  sent: SentPatch;
  /** How many times the service has answered this change without keeping it. */
  notKept: number;
}

/**
 * The fields an earlier answered change replaced that the service, as `sv` shows it, holds again:
 * it answered that change without keeping it. Every answer about the variant and every read of it
 * is such a showing; fields a change now being recorded sends again are left to it.
 */
function notKeptSince(local: VariantRow, base: VariantBase | null, sv: ServiceVariant, sending?: SentPatch) {
  if (base?.replaced === undefined) return [];
  const mine = {
    content: local.content,
    scheduled_at: local.scheduled_at,
    social_profile_id: accountAsSent(local, base),
  };
  return notKeptFields(base, sv, mine).filter((f) => sending?.[f] === undefined);
}

/** Sends again what the service did not keep; the user hears of it once it fails. */
async function sendAgain(ctx: SyncContext, local: VariantRow, base: VariantBase, fields: ChangeField[]) {
  const failed = await sendAgainNotKept(ctx, local, fields, (base.notKept ?? 0) + 1);
  if (failed !== null)
    await notify(ctx, 'needs_user', notKeptNotice(`the ${platformName(local.platform)} variant`, failed), {
      postId: local.post_id,
      variantId: local.id,
    });
}

/**
 * After a write the service answered: its answer becomes the new base; local edits made meanwhile
 * stay. An answer never moves the variant's link to its service record (a create's sets it).
 * For a change, what it replaced is kept until the next read, which tells whether it was kept.
 */
export async function recordServiceAnswer(
  ctx: SyncContext,
  local: VariantRow,
  sv: ServiceVariant,
  change?: ChangeAnswered,
  storedAs: StoredAs | null = null,
): Promise<void> {
  const now = ctx.clock.now();
  const before = variantBase(local);
  const replaced = change !== undefined && before !== null ? replacedBy(before, change.sent) : null;
  const notKept = notKeptSince(local, before, sv, change?.sent);
  const beforeFacts = before ?? {
    status: local.status,
    platform_post_url: local.platform_post_url,
    scheduled_at: null,
  };
  const r = decideReconcile(sv, now, 0);
  await updateVariant(ctx.db, local.id, {
    server_id: keptLink('variant', local.server_id, sv.id),
    status: sv.status,
    platform_post_url: sv.platform_post_url,
    base: JSON.stringify({
      ...baseOf(sv),
      ...(replaced === null ? {} : { replaced, notKept: change?.notKept ?? 0 }),
      ...(storedAs === null ? {} : { storedAs }),
    } satisfies VariantBase),
    published_at: sv.published_at,
    remote_state: 'active',
    error: null,
    reconcile_at: r.action === 'read_at' ? r.at : null,
    reconcile_attempts: 0,
    updated_at: now.toISOString(),
  });
  if (storedAs !== null)
    await noteStoredDifferently(ctx, { postId: local.post_id, variantId: local.id }, storedAs);
  // The next full pull reads the post first: whether the service kept the change shows there.
  if (replaced !== null) await updatePost(ctx.db, local.post_id, { variants_read_at: null });
  if (before !== null && notKept.length > 0) await sendAgain(ctx, local, before, notKept);
  await noticeTransition(ctx, local.server_id === null ? null : beforeFacts, sv, {
    postId: local.post_id,
    variantId: local.id,
    platform: local.platform,
  });
  ctx.emit({ name: 'itemChanged', data: { postId: local.post_id, variantId: local.id } });
}

/**
 * A value the service holds that one of our unanswered requests carried is our own write (its
 * answer was lost), not someone else's edit: it becomes the base, so the newer local value still
 * goes out, and neither a conflict nor a revert comes of it.
 */
async function withOwnWrites(
  ctx: SyncContext,
  local: VariantRow,
  b: VariantBase,
  sv: ServiceVariant,
): Promise<VariantBase> {
  const moved = {
    content: !sameText(b.content, sv.content),
    scheduled_at: !sameInstant(b.scheduled_at, sv.scheduled_at),
    social_profile_id: b.social_profile_id !== sv.social_profile_id,
  };
  // Most reads find nothing moved: no query then.
  if (!moved.content && !moved.scheduled_at && !moved.social_profile_id) return b;
  const sent = await listUnconfirmedPatches(ctx.db, local.id);
  if (sent.length === 0) return b;
  const ours = {
    content: moved.content && sent.some((p) => p.content !== undefined && sameText(p.content, sv.content)),
    scheduled_at:
      moved.scheduled_at &&
      sent.some((p) => p.scheduled_at !== undefined && sameInstant(p.scheduled_at, sv.scheduled_at)),
    social_profile_id:
      moved.social_profile_id && sent.some((p) => p.social_profile_id === sv.social_profile_id),
  };
  return {
    ...b,
    content: ours.content ? sv.content : b.content,
    scheduled_at: ours.scheduled_at ? sv.scheduled_at : b.scheduled_at,
    social_profile_id: ours.social_profile_id ? sv.social_profile_id : b.social_profile_id,
  };
}

/** What a read of a variant changes here, decided from the rows alone (computeVariantMerge). */
export interface VariantMerge {
  conflicts: FieldConflict[];
  /** Fields changed only on the service: the local row takes the service's value. */
  takeTheirs: Array<FieldConflict['field']>;
  /** The columns the row gets; written only where it differs. */
  patch: VariantUpdate;
  /** Whether the user sees a change: a new updated_at and an itemChanged event. */
  changed: boolean;
  /** Whether any column of the row differs from the patch: a quiet pull writes nothing. */
  differs: boolean;
  /** The service facts the row held before, against which a transition is told. */
  before: { status: string | null; platform_post_url: string | null; scheduled_at: string | null };
  outcome: 'changed' | 'same' | 'conflict';
}

/** The base and the row take the service's values except where the user still has to choose. */
function mergedColumns(local: VariantRow, base: VariantBase | null, b: VariantBase, sv: ServiceVariant) {
  const { conflicts, takeTheirs } = conflictFields([
    {
      field: 'content',
      base: b.content,
      mine: local.content,
      theirs: sv.content,
      equal: (x, y) => sameValue('content', x, y),
    },
    {
      field: 'scheduled_at',
      base: b.scheduled_at,
      mine: local.scheduled_at,
      theirs: sv.scheduled_at,
      equal: sameInstant,
    },
    {
      field: 'social_profile_id',
      base: b.social_profile_id,
      mine: accountAsSent(local, base),
      theirs: sv.social_profile_id,
    },
  ]);
  const conflicting = new Set(conflicts.map((c) => c.field));
  const newBase: VariantBase = {
    content: conflicting.has('content') ? b.content : sv.content,
    scheduled_at: conflicting.has('scheduled_at') ? b.scheduled_at : sv.scheduled_at,
    social_profile_id: conflicting.has('social_profile_id') ? b.social_profile_id : sv.social_profile_id,
    status: sv.status,
    platform_post_url: sv.platform_post_url,
    // Still said while the service holds that form of the text the user still has.
    ...(base?.storedAs !== undefined &&
    sv.content === base.storedAs.stored &&
    local.content === base.storedAs.sent
      ? { storedAs: base.storedAs }
      : {}),
  };
  const patch: VariantUpdate = {
    status: sv.status,
    platform_post_url: sv.platform_post_url,
    published_at: sv.published_at,
    base: JSON.stringify(newBase),
    remote_state: 'active',
    conflict: conflicts.length > 0 ? JSON.stringify(conflicts satisfies FieldConflict[]) : null,
  };
  for (const f of takeTheirs) {
    if (f === 'content') patch.content = sv.content;
    if (f === 'scheduled_at') patch.scheduled_at = sv.scheduled_at;
    if (f === 'social_profile_id') Object.assign(patch, serviceAccountColumns(sv.social_profile_id));
  }
  return { conflicts, takeTheirs, patch };
}

/**
 * The three-way merge of a read, as data: `base` is the row's stored base, `b` that base with our
 * own lost writes and the changes the service did not keep already folded in.
 */
export function computeVariantMerge(
  local: VariantRow,
  base: VariantBase | null,
  b: VariantBase,
  sv: ServiceVariant,
  now: Date,
): VariantMerge {
  const { conflicts, takeTheirs, patch } = mergedColumns(local, base, b, sv);
  const before = {
    status: local.status,
    platform_post_url: local.platform_post_url,
    scheduled_at: b.scheduled_at,
  };
  // The same service state read again waits longer before the next read; a new one starts over.
  const sameState = serviceState(before) === serviceState(sv);
  const r = decideReconcile(sv, now, sameState ? local.reconcile_attempts : 0);
  patch.reconcile_at = r.action === 'read_at' ? r.at : null;
  patch.reconcile_attempts = r.action === 'read_at' ? (sameState ? local.reconcile_attempts + 1 : 0) : 0;
  const changed =
    takeTheirs.length > 0 ||
    local.status !== sv.status ||
    local.platform_post_url !== sv.platform_post_url ||
    (local.conflict ?? null) !== (patch.conflict ?? null) ||
    local.remote_state !== 'active';
  if (changed) patch.updated_at = now.toISOString();
  // The base as the row would store it beside the patched columns: what the write changes.
  const stored = { ...patch, base: storedVariantBase(patch.base, { ...local, ...patch }) };
  const differs = (Object.keys(stored) as Array<keyof typeof stored>).some(
    (k) => (stored[k] ?? null) !== ((local as Record<string, unknown>)[k] ?? null),
  );
  const outcome = conflicts.length > 0 ? 'conflict' : changed ? 'changed' : 'same';
  return { conflicts, takeTheirs, patch, changed, differs, before, outcome };
}

/** Writes the merge: the versions a replaced text leaves, then the row where it differs. */
async function applyVariantMerge(ctx: SyncContext, local: VariantRow, merge: VariantMerge): Promise<void> {
  const { patch } = merge;
  // The service's text replaces the local one: both stay versions.
  if (patch.content !== undefined && patch.content !== local.content) {
    const of = { postId: local.post_id, variantId: local.id };
    await keepVersion(ctx, of, 'before_merge', local.content);
    await keepVersion(ctx, of, 'service', patch.content);
  }
  // A quiet pull writes nothing: most variants are unchanged on most syncs.
  if (merge.differs) await updateVariant(ctx.db, local.id, patch);
}

/** Tells of the merge: a new conflict, what was taken from the service, a service transition. */
async function announceVariantMerge(
  ctx: SyncContext,
  local: VariantRow,
  sv: ServiceVariant,
  merge: VariantMerge,
  now: Date,
): Promise<void> {
  const { conflicts, takeTheirs } = merge;
  const of = { postId: local.post_id, variantId: local.id };
  if (conflicts.length > 0 && local.conflict === null) {
    await logDecision(ctx, {
      action: 'conflict',
      reason: `Changed here and on the service: ${conflicts.map((c) => c.field).join(', ')}.`,
      ...of,
    });
    const where = platformName(local.platform);
    await notify(ctx, 'needs_user', `The ${where} variant was changed both here and on the service.`, of);
  }
  if (takeTheirs.length > 0) {
    await touchPost(ctx.db, local.post_id, now.toISOString());
    await logDecision(ctx, {
      action: 'take_theirs',
      reason: `Changed only on the service: ${takeTheirs.join(', ')}.`,
      ...of,
    });
  }
  await noticeTransition(ctx, merge.before, sv, { ...of, platform: local.platform });
  if (merge.changed) ctx.emit({ name: 'itemChanged', data: of });
}

/** A pull or reconcile read: merge three-way, never silently overwrite a local change. */
export async function mergeServiceVariant(
  ctx: SyncContext,
  local: VariantRow,
  sv: ServiceVariant,
): Promise<'changed' | 'same' | 'conflict'> {
  const now = ctx.clock.now();
  const base = variantBase(local);
  const notKept = notKeptSince(local, base, sv);
  let b = await withOwnWrites(ctx, local, base ?? baseOf(sv), sv);
  // What the service did not keep: its value is the base, so ours goes again (sendAgain below),
  // neither taken back nor a conflict.
  for (const f of notKept) b = { ...b, [f]: sv[f] };
  const merge = computeVariantMerge(local, base, b, sv, now);
  await applyVariantMerge(ctx, local, merge);
  if (base !== null && notKept.length > 0) await sendAgain(ctx, local, base, notKept);
  await announceVariantMerge(ctx, local, sv, merge, now);
  return merge.outcome;
}

/** A variant that exists only on the service (made elsewhere), as the local row that keeps it. */
export function importedVariantRow(ctx: SyncContext, postId: string, sv: ServiceVariant): NewVariantRow {
  const now = nowIso(ctx);
  const r = decideReconcile(sv, ctx.clock.now(), 0);
  return {
    id: newLocalId(),
    post_id: postId,
    server_id: sv.id,
    platform: sv.platform,
    content: sv.content,
    ...serviceAccountColumns(sv.social_profile_id),
    scheduled_at: sv.scheduled_at,
    status: sv.status,
    platform_post_url: sv.platform_post_url,
    base: JSON.stringify(baseOf(sv)),
    published_at: sv.published_at,
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: now,
    updated_at: now,
    reconcile_at: r.action === 'read_at' ? r.at : null,
    reconcile_attempts: 0,
  };
}
