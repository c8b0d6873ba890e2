// Pure sync decisions: each takes plain facts and returns a value (`{ action, reason }` where
// the engine acts on it). No I/O here; the tables in test/unit/core/sync exercise every branch.
import type { FieldConflict, ItemState, NotificationKind } from '../../../src-preload/bridge';

// ---------------------------------------------------------------------------------------
// What a service variant means. Only two status strings are named by the spec (`draft`,
// `needs_approval`); published is recognised by its link (or the literal word), scheduled by
// its time. Everything else is shown as it came.

export const NEEDS_APPROVAL = 'needs_approval';

export interface ServiceFacts {
  status: string | null;
  platform_post_url: string | null;
  scheduled_at: string | null;
}

export function isPublished(v: Pick<ServiceFacts, 'status' | 'platform_post_url'>): boolean {
  return (v.platform_post_url !== null && v.platform_post_url !== '') || v.status === 'published';
}

export type ServiceState = 'published' | 'needs_approval' | 'scheduled' | 'draft' | 'unknown_status';

export function serviceState(v: ServiceFacts): ServiceState {
  if (isPublished(v)) return 'published';
  if (v.status === NEEDS_APPROVAL) return 'needs_approval';
  if (v.scheduled_at !== null) return 'scheduled';
  if (v.status === null || v.status === 'draft') return 'draft';
  return 'unknown_status';
}

// ---------------------------------------------------------------------------------------
// Item states for the window.

export interface VariantStateFacts extends ServiceFacts {
  inLocalSpace: boolean;
  serverId: string | null;
  removed: boolean;
  conflict: boolean;
  publishUnknown: boolean;
  /** A create waits for the user to choose among look-alikes on the service. */
  needsUser: boolean;
  failed: boolean;
  openOps: boolean;
}

export const STATE_WORDS: Record<ItemState, string> = {
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

/** Why a new post waits: the service keeps the title a post is created with (there is no rename). */
export const TITLE_NEEDED =
  'Give this post a title to sync it: the service keeps the title a post is created with.';

export function variantState(f: VariantStateFacts): { state: ItemState; text: string } {
  const pick = (state: ItemState) => ({ state, text: STATE_WORDS[state] });
  if (f.removed) return pick('removed');
  if (f.publishUnknown) return pick('publish_unknown');
  if (f.needsUser) return pick('needs_user');
  if (f.conflict) return pick('conflict');
  if (f.failed) return pick('failed');
  if (f.inLocalSpace) return pick('local_only');
  if (f.serverId === null || f.openOps) return pick('pending_sync');
  const s = serviceState(f);
  if (s === 'unknown_status')
    return { state: 'unknown_status', text: f.status ?? STATE_WORDS.unknown_status };
  return pick(s);
}

/** Most urgent first: the post shows the state that most needs the user's eye. */
const URGENCY: ItemState[] = [
  'conflict',
  'publish_unknown',
  'needs_user',
  'failed',
  'removed',
  'pending_sync',
  'local_only',
  'needs_approval',
  'unknown_status',
  'scheduled',
  'draft',
  'published',
];

export function postState(
  own: { state: ItemState; text: string },
  variants: Array<{ state: ItemState; text: string }>,
): { state: ItemState; text: string } {
  // A synced post's own `draft` says only that the service holds it: once it has variants,
  // theirs say where it stands (all published is Published, not Draft).
  const [first, ...rest] = own.state === 'draft' && variants.length > 0 ? variants : [own, ...variants];
  let best = first as { state: ItemState; text: string };
  for (const v of rest) if (URGENCY.indexOf(v.state) < URGENCY.indexOf(best.state)) best = v;
  return best;
}

// ---------------------------------------------------------------------------------------
// A publish whose outcome is unknown: read it back and decide. Never publish again here.

export type PublishReadBack =
  | { action: 'record'; state: 'published' | 'needs_approval'; reason: string }
  | { action: 'ask_user'; reason: string };

export function decidePublishReadBack(v: ServiceFacts | null): PublishReadBack {
  if (v === null) return { action: 'ask_user', reason: 'The variant could not be read back.' };
  const s = serviceState(v);
  // "Scheduled" is what a scheduled variant showed before "Publish now" too: it proves nothing
  // about the request, and recording it would drop the user's publish without a word.
  if (s === 'published' || s === 'needs_approval')
    return { action: 'record', state: s, reason: `Read back: the service shows it as ${s}.` };
  return {
    action: 'ask_user',
    reason: `Read back: the service shows it as ${v.status ?? 'not published'}; it may not have been published.`,
  };
}

// ---------------------------------------------------------------------------------------
// Three-way merge of one field: base (last server state), mine (local), theirs (server now).

export type MergeDecision =
  | { action: 'unchanged'; reason: string }
  | { action: 'keep_mine'; reason: string }
  | { action: 'take_theirs'; reason: string }
  | { action: 'conflict'; reason: string };

export function mergeField<T>(
  base: T,
  mine: T,
  theirs: T,
  equal: (a: T, b: T) => boolean = Object.is,
): MergeDecision {
  const mineChanged = !equal(base, mine);
  const theirsChanged = !equal(base, theirs);
  if (!theirsChanged)
    return mineChanged
      ? { action: 'keep_mine', reason: 'Only changed here.' }
      : { action: 'unchanged', reason: 'No change.' };
  if (!mineChanged) return { action: 'take_theirs', reason: 'Only changed on the service.' };
  if (equal(mine, theirs)) return { action: 'take_theirs', reason: 'Both sides made the same change.' };
  return { action: 'conflict', reason: 'Changed both here and on the service since the last sync.' };
}

export function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) ? a === b : ta === tb;
}

export function conflictFields(
  entries: Array<{
    field: FieldConflict['field'];
    base: string | null;
    mine: string | null;
    theirs: string | null;
    equal?: (a: string | null, b: string | null) => boolean;
  }>,
): { conflicts: FieldConflict[]; takeTheirs: Array<FieldConflict['field']> } {
  const conflicts: FieldConflict[] = [];
  const takeTheirs: Array<FieldConflict['field']> = [];
  for (const e of entries) {
    const d = mergeField(e.base, e.mine, e.theirs, e.equal ?? Object.is);
    if (d.action === 'conflict') conflicts.push({ field: e.field, mine: e.mine, theirs: e.theirs });
    if (d.action === 'take_theirs') takeTheirs.push(e.field);
  }
  return { conflicts, takeTheirs };
}

// ---------------------------------------------------------------------------------------
// When to read a waiting variant again.

export const RECONCILE = {
  afterScheduledMs: 5_000,
  scheduledBaseMs: 15_000,
  scheduledCapMs: 15 * 60_000,
  approvalBaseMs: 30_000,
  approvalCapMs: 30 * 60_000,
};

export function decideReconcile(
  v: ServiceFacts,
  now: Date,
  attempts: number,
): { action: 'none'; reason: string } | { action: 'read_at'; at: string; reason: string } {
  const s = serviceState(v);
  if (s === 'needs_approval') {
    const delay = Math.min(RECONCILE.approvalCapMs, RECONCILE.approvalBaseMs * 2 ** Math.min(attempts, 20));
    return {
      action: 'read_at',
      at: new Date(now.getTime() + delay).toISOString(),
      reason: 'Waiting for sign-off: check again on a slowing interval.',
    };
  }
  if (s === 'scheduled' && v.scheduled_at !== null) {
    const due = Date.parse(v.scheduled_at) + RECONCILE.afterScheduledMs;
    if (Number.isFinite(due) && due > now.getTime())
      return {
        action: 'read_at',
        at: new Date(due).toISOString(),
        reason: 'Scheduled: read back shortly after its time.',
      };
    const delay = Math.min(RECONCILE.scheduledCapMs, RECONCILE.scheduledBaseMs * 2 ** Math.min(attempts, 20));
    return {
      action: 'read_at',
      at: new Date(now.getTime() + delay).toISOString(),
      reason: 'Past its time and not yet published: read again with backoff.',
    };
  }
  return { action: 'none', reason: `Nothing to wait for (${s}).` };
}

// ---------------------------------------------------------------------------------------
// What to tell the user when a variant's service state moves.

export function transitionNotice(before: ServiceFacts | null, after: ServiceFacts): NotificationKind | null {
  const from = before === null ? null : serviceState(before);
  const to = serviceState(after);
  if (from === to) return null;
  if (to === 'published') return from === 'needs_approval' ? 'approval_released' : 'published';
  if (to === 'needs_approval') return 'approval_started';
  return null;
}
