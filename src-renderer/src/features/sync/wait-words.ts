// The sync bar's one state, and why each outbox row waits, in words (issue 13, point 6).
import type { OutboxOpView, SyncStatus } from '../../../../src-preload/bridge';

export type BarTone = 'good' | 'progress' | 'muted' | 'warn';

/**
 * One state, never two that contradict each other: not connected, a token needed, paused,
 * offline, syncing, N waiting, or up to date; then what needs the user, and the last sync.
 */
export function barState(
  status: SyncStatus,
  formatTime: (iso: string) => string,
): { text: string; tone: BarTone } {
  const waiting =
    status.pending === 1 ? '1 change waiting to send' : `${status.pending} changes waiting to send`;
  let text: string;
  let tone: BarTone;
  if (status.phase === 'not_connected')
    return { text: 'Not connected: drafts stay on this computer', tone: 'muted' };
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
  } else if (status.pending > 0) {
    text = status.pending === 1 ? '1 waiting' : `${status.pending} waiting`;
    tone = 'progress';
  } else {
    text = 'Up to date';
    tone = 'good';
  }
  if (status.needsAttention)
    text += ` · ${status.needsAttention} need${status.needsAttention === 1 ? 's' : ''} attention`;
  // A workspace taken away keeps its changes waiting: the bar names it while the others sync.
  for (const w of status.unavailableWorkspaces ?? []) {
    text += ` · no access to “${w.name}”`;
    if (tone === 'good') tone = 'warn';
  }
  text += status.lastSyncAt ? ` · last sync ${formatTime(status.lastSyncAt)}` : ' · never synced';
  return { text, tone };
}

/** Why an outbox row has not gone yet, or what went wrong. */
export function waitReason(
  op: Pick<OutboxOpView, 'kind' | 'state' | 'postTitle' | 'error' | 'nextAttemptAt' | 'attempts'>,
  status: SyncStatus | null,
  formatTime: (iso: string) => string,
): string {
  if (op.state === 'failed') return op.error ?? 'The service refused it.';
  if (op.state === 'unknown')
    return 'The answer was lost on the way back: Outpost checks what the service has before sending again.';
  if (op.state === 'sending') return 'Sending now.';
  if (op.kind === 'create_post' && op.postTitle.trim() === '')
    return 'Waits for a title: give the post a title and it is sent.';
  if (status?.phase === 'not_connected') return 'Waits until you connect to your service (Settings).';
  if (status?.phase === 'needs_token') return 'Waits for a new access token (Settings).';
  if (status?.phase === 'paused') return 'Waits: sync is paused.';
  if (status && (status.phase === 'offline' || !status.online))
    return 'Waits for the connection to come back.';
  if (op.nextAttemptAt && op.attempts > 0)
    return `The last try failed; Outpost tries again at ${formatTime(op.nextAttemptAt)}.`;
  if (op.error) return op.error;
  return 'Goes out with the next sync.';
}
