// What a failed request means for the rest of a sync, decided here for every caller: the push,
// the read before a write, the pull, the reconcile and the engine's reachability check.
// `judgeFailure` (outcome.ts) says what happened to one op; this says how far the failure
// reaches.
//
// A 5xx is an answer: the service is there, and it failed this one request. So it concerns the
// item alone, everywhere: a read is tried again at the next sync, a write's outcome is unknown
// and read back (outcome.ts). Taking it as "offline" would tell the user their network is down
// when it is not, and stop every other workspace's sync for one failing route.
import { isServiceError } from '../api/errors';
import { accessSuggestedBy } from './workspace-access';

export type SyncImpact =
  /** The service cannot be reached: the sync stops, and the engine checks back for it. */
  | 'offline'
  /** The token was refused (401): the sync pauses until the user gives a new one. */
  | 'token'
  /** A 403 or 404 under a workspace: the workspace is asked whether the account still has it. */
  | 'workspace'
  /** Only the request that failed: the rest of the sync goes on. */
  | 'item';

export function syncImpact(error: unknown): SyncImpact {
  if (!isServiceError(error)) return 'item';
  if (error.kind === 'offline' || error.kind === 'timeout') return 'offline';
  // A 403 refuses this account something there; only a refused token pauses every workspace.
  if (error.kind === 'auth' && error.status !== 403) return 'token';
  if (accessSuggestedBy(error) !== null) return 'workspace';
  return 'item';
}
