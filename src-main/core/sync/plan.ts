// What a sync does, decided from its trigger and the engine's state by a pure function and
// tested as a table (test/unit/core/sync/plan.test.ts).
import { SYNC_TRIGGERS, type SyncTrigger } from '../ports';

/** A light sync still pulls everything when the last full pull is older than this. */
export const FULL_PULL_EVERY_MS = 15 * 60_000;
/** While a workspace is without access, a light sync pulls in full this often, to see it come back. */
export const ACCESS_CHECK_EVERY_MS = 60_000;
/**
 * Light syncs the interval did not start (an edit, the window's focus, a wake-up) check the
 * workspaces only when the last check is at least this old: a burst of them costs no more.
 * The interval's own syncs always check, so a change elsewhere is seen within one interval.
 */
export const CHECK_AT_MOST_EVERY_MS = 15_000;

/** Light triggers that wait while the service has asked to be left alone (Retry-After). */
const WAITS_FOR_SERVICE: ReadonlySet<SyncTrigger> = new Set<SyncTrigger>([
  'interval',
  'focus',
  'retry or reconcile time',
  'local change',
]);

export interface PlanState {
  pausedByUser: boolean;
  /** The OS says the network is down. */
  systemOffline: boolean;
  /** When the last full pull began (epoch ms), or null. */
  lastFullPullAt: number | null;
  /** When the workspaces were last checked for changes, or pulled in full (epoch ms), or null. */
  lastCheckAt: number | null;
  /** The service asked (Retry-After) to be left alone until then (epoch ms), or null. */
  serviceWaitUntil: number | null;
  now: number;
  unavailableWorkspaces: number;
}

export type SyncPlan =
  | { action: 'skip'; reason: string }
  | {
      action: 'sync';
      pull: 'full' | 'none';
      /** A light sync checks the workspaces for posts that came or went (freshness.ts). */
      check: boolean;
      readBeforeWrite: boolean;
      reason: string;
    };

export function planSync(trigger: SyncTrigger, s: PlanState): SyncPlan {
  if (s.pausedByUser) return { action: 'skip', reason: 'Sync is paused by the user.' };
  if (s.systemOffline) return { action: 'skip', reason: 'The system says the network is down.' };
  const age = s.lastFullPullAt === null ? Number.POSITIVE_INFINITY : s.now - s.lastFullPullAt;
  const full = (reason: string): SyncPlan => ({
    action: 'sync',
    pull: 'full',
    check: false,
    readBeforeWrite: false,
    reason,
  });
  if (SYNC_TRIGGERS[trigger] === 'full') return full(`A full sync (${trigger}): pull, then push.`);
  if (s.serviceWaitUntil !== null && s.now < s.serviceWaitUntil && WAITS_FOR_SERVICE.has(trigger))
    return {
      action: 'skip',
      reason: `The service asked to wait until ${new Date(s.serviceWaitUntil).toISOString()}.`,
    };
  if (age >= FULL_PULL_EVERY_MS) return full('The last full pull is over 15 minutes old.');
  if (s.unavailableWorkspaces > 0 && age >= ACCESS_CHECK_EVERY_MS)
    return full('A workspace is without access: the full pull checks whether it came back.');
  const check =
    trigger === 'interval' || s.lastCheckAt === null || s.now - s.lastCheckAt >= CHECK_AT_MOST_EVERY_MS;
  return {
    action: 'sync',
    pull: 'none',
    check,
    // No pull before the push: each post is read again just before a change to it is sent.
    readBeforeWrite: true,
    reason: check
      ? 'A light sync: each workspace is checked for new and removed posts; changed posts are read again before each write.'
      : 'A light sync: changed posts are read again before each write (the workspaces were checked moments ago).',
  };
}
