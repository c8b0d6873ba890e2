// What a sync does, decided from its trigger and the engine's state by a pure function and
// tested as a table (test/unit/core/sync/plan.test.ts).
import { SYNC_TRIGGERS, type SyncTrigger } from '../ports';

/** A light sync still pulls everything when the last full pull is older than this. */
export const FULL_PULL_EVERY_MS = 15 * 60_000;
/** While a workspace is without access, a light sync pulls in full this often, to see it come back. */
export const ACCESS_CHECK_EVERY_MS = 60_000;

export interface PlanState {
  pausedByUser: boolean;
  /** The OS says the network is down. */
  systemOffline: boolean;
  /** When the last full pull began (epoch ms), or null. */
  lastFullPullAt: number | null;
  now: number;
  unavailableWorkspaces: number;
}

export type SyncPlan =
  | { action: 'skip'; reason: string }
  | { action: 'sync'; pull: 'full' | 'none'; readBeforeWrite: boolean; reason: string };

export function planSync(trigger: SyncTrigger, s: PlanState): SyncPlan {
  if (s.pausedByUser) return { action: 'skip', reason: 'Sync is paused by the user.' };
  if (s.systemOffline) return { action: 'skip', reason: 'The system says the network is down.' };
  const age = s.lastFullPullAt === null ? Number.POSITIVE_INFINITY : s.now - s.lastFullPullAt;
  const full = (reason: string): SyncPlan => ({
    action: 'sync',
    pull: 'full',
    readBeforeWrite: false,
    reason,
  });
  if (SYNC_TRIGGERS[trigger] === 'full') return full(`A full sync (${trigger}): pull, then push.`);
  if (age >= FULL_PULL_EVERY_MS) return full('The last full pull is over 15 minutes old.');
  if (s.unavailableWorkspaces > 0 && age >= ACCESS_CHECK_EVERY_MS)
    return full('A workspace is without access: the full pull checks whether it came back.');
  return {
    action: 'sync',
    pull: 'none',
    // No pull before the push: each post is read back just before a change to it is sent.
    readBeforeWrite: true,
    reason: 'A light sync: changed posts are read back before each write; a full pull runs every 15 minutes.',
  };
}
