// One sync, holding the lease: read the service (a full pull, or a light sync's checks), push
// the outbox, reconcile what is due. The engine decides when and tells the window; this says
// what happened, so the engine can tell "up to date" from "a part failed".
import type { AnswerTrouble } from '@preload/bridge';
import type { ServiceClient } from '../api/client';
import { push } from '../outbox/push/push';
import { pruneSyncLog } from '../store/sync-log-repository';
import { logDecision, type SyncContext } from '../store/unit-of-work';
import { listUnavailableWorkspaces } from '../store/workspace-repository';
import { checkWorkspaces } from './freshness';
import { rereadPosts, type RereadBudget, type Screen } from './reread';
import { logMark, troubleSince } from './answer-trouble';
import type { SyncPlan } from './plan';
import { pullAll, reconcileDue, type UnreadWorkspace } from './pull-all';
import type { ListingMark } from './pull';

/** What a round knows between syncs: each workspace's listing mark, what the window shows, the re-reads' budget. */
export interface Watch {
  marks: Map<string, ListingMark>;
  screen: Screen;
  budget: RereadBudget;
}

export interface RoundResult {
  /** Why the round stopped early: the token was refused, or the service cannot be reached. */
  stop: { kind: 'auth' | 'offline'; reason: string } | null;
  /** Whether the round read the service: a full pull, or the light sync's checks. */
  read: boolean;
  /** The workspaces it meant to read and could not (empty when it read none). */
  unread: UnreadWorkspace[];
  /** What the status bar should say of the push beyond the log. */
  notes: string[];
  /** Earliest time a waiting op may be tried again. */
  nextAttemptAt: string | null;
  /** What the round's answers said that was not what was asked (answer-trouble.ts). */
  trouble: AnswerTrouble[];
}

type Plan = Extract<SyncPlan, { action: 'sync' }>;

export async function runRound(
  ctx: SyncContext,
  client: ServiceClient,
  plan: Plan,
  watch: Watch,
): Promise<RoundResult> {
  const mark = await logMark(ctx.db);
  const ended = async (r: Omit<RoundResult, 'trouble'>): Promise<RoundResult> => ({
    ...r,
    trouble: await troubleSince(ctx.db, mark),
  });
  // Read first: a change made on the service is seen (and a conflict raised) before a local edit
  // of the same field could overwrite it.
  let unread: UnreadWorkspace[] = [];
  if (plan.pull === 'full') {
    const pulled = await pullAll(ctx, client);
    unread = pulled.unread;
    for (const [slug, mark] of pulled.marks) watch.marks.set(slug, mark);
  } else if (plan.check) {
    unread = await checkWorkspaces(ctx, client, watch.marks);
  } else await logDecision(ctx, { action: 'pull_skipped', reason: plan.reason });
  const read = plan.pull === 'full' || plan.check;
  // A full pull too: what is on screen must not wait a sync longer because the quarter hour came.
  if (read) await rereadPosts(ctx, client, watch, plan.pull !== 'full');

  const unavailable = new Set((await listUnavailableWorkspaces(ctx.db)).map((w) => w.slug));
  const pushed = await push(
    ctx,
    client,
    { readBeforeWrite: plan.readBeforeWrite },
    (slug) => !unavailable.has(slug),
  );
  if (pushed.stop === 'auth') {
    const reason = pushed.stopReason ?? 'The token was refused.';
    await logDecision(ctx, { action: 'sync_paused_auth', reason });
    return ended({ stop: { kind: 'auth', reason }, read, unread, notes: [], nextAttemptAt: null });
  }
  if (pushed.stop === 'offline') {
    const reason = pushed.stopReason ?? 'The service cannot be reached.';
    return ended({ stop: { kind: 'offline', reason }, read, unread, notes: [], nextAttemptAt: null });
  }
  await reconcileDue(ctx, client);
  await logDecision(ctx, { action: 'sync_done', reason: 'Pull, push and reconcile finished.' });
  const result = await ended({
    stop: null,
    read,
    unread,
    notes: pushed.notes,
    nextAttemptAt: pushed.nextAttemptAt,
  });
  await pruneSyncLog(ctx.db);
  return result;
}
