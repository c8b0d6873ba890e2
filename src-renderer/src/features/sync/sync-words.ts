import type { SyncPhase, SyncStatus } from '../../../../src-preload/bridge';

const PHASE_WORDS: Record<SyncPhase, string> = {
  idle: 'Up to date',
  syncing: 'Syncing…',
  paused: 'Sync paused',
  offline: 'Offline',
  needs_token: 'Needs a new access token',
  not_connected: 'Not connected: drafts stay on this computer',
};

/** One calm sentence for the sync bar's live region. */
export function syncSummary(status: SyncStatus, formatTime: (iso: string) => string): string {
  const parts = [status.online ? 'Online' : 'Offline'];
  if (status.phase !== 'offline' || status.online) parts.push(PHASE_WORDS[status.phase] ?? status.phase);
  parts.push(`${status.pending} pending`);
  if (status.failed) parts.push(`${status.failed} failed`);
  if (status.conflicts) parts.push(`${status.conflicts} in conflict`);
  if (status.needsAttention) parts.push(`${status.needsAttention} need attention`);
  for (const w of status.unavailableWorkspaces ?? [])
    parts.push(`no access to “${w.name}”: its changes wait`);
  parts.push(status.lastSyncAt ? `last sync ${formatTime(status.lastSyncAt)}` : 'never synced');
  return parts.join(' · ');
}
