// The status line: one state of the sync, never two that contradict each other.
import type { SyncStatus } from '../bridge';
import { ANSWER_TROUBLE_WORDS } from './outbox';

export type StatusTone = 'good' | 'progress' | 'muted' | 'warn';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** What is wrong with the last sync, if anything: never "up to date" while one of these holds. */
function trouble(status: SyncStatus, formatTime: (iso: string) => string): string | null {
  const failing = status.serviceFailing;
  if (failing)
    return `The service is failing (${failing.status})${failing.nextTryAt ? `, next try ${formatTime(failing.nextTryAt)}` : ''}`;
  if (status.unreadWorkspaces.length > 0)
    return `Could not read ${status.unreadWorkspaces.map((w) => `“${w.slug}”`).join(', ')} from the service`;
  if (status.failed > 0) return `${plural(status.failed, 'change', 'changes')} failed`;
  // An answer not about what was asked first, then a text the service stored in another form.
  const answered =
    status.answerTrouble.find((t) => t.kind !== 'stored_differently') ?? status.answerTrouble[0];
  if (answered) return ANSWER_TROUBLE_WORDS[answered.kind];
  if (status.lastError) return 'The last sync did not finish';
  return null;
}

/**
 * One state, never two that contradict each other: not connected, a token needed, paused,
 * offline, syncing, a failing service or a part not read, N waiting, or up to date with the time
 * the service was last read. Then what needs the user, and the workspaces out of reach.
 */
export function statusLine(
  status: SyncStatus,
  formatTime: (iso: string) => string,
): { text: string; tone: StatusTone } {
  if (status.phase === 'not_connected')
    return { text: 'Not connected: drafts stay on this computer', tone: 'muted' };
  const waiting = plural(status.pending, 'change waiting to send', 'changes waiting to send');
  const read = status.lastReadAt ? `read ${formatTime(status.lastReadAt)}` : 'not read yet';
  let text: string;
  let tone: StatusTone;
  const problem = trouble(status, formatTime);
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
  } else if (problem !== null) {
    text = status.pending ? `${problem} · ${waiting}` : problem;
    tone = 'warn';
  } else if (status.pending > 0) {
    text = `${status.pending} waiting`;
    tone = 'progress';
  } else if (status.lastReadAt === null) {
    text = 'Not read from the service yet';
    tone = 'muted';
  } else {
    text = `Up to date, ${read}`;
    tone = 'good';
  }
  const attention = status.needsAttention - status.failed;
  if (attention > 0) text += ` · ${plural(attention, 'needs', 'need')} attention`;
  // A workspace taken away keeps its changes waiting: the line names it while the others sync.
  for (const w of status.unavailableWorkspaces ?? []) {
    text += ` · no access to “${w.name}”`;
    if (tone === 'good') tone = 'warn';
  }
  if (!text.startsWith('Up to date') && status.lastReadAt) text += ` · last ${read}`;
  return { text, tone };
}

/**
 * When each part of the library was last checked for changes made elsewhere: what the window
 * shows, what is scheduled in the next 7 days, everything. Null when nothing was read yet.
 */
export function checkedLine(status: SyncStatus, formatTime: (iso: string) => string): string | null {
  if (status.phase === 'not_connected' || status.lastReadAt === null) return null;
  const at = (iso: string | null): string => (iso === null ? 'not yet' : formatTime(iso));
  const { onScreen, nextWeek, everything } = status.checked;
  return `Checked: on screen ${at(onScreen)}, next 7 days ${at(nextWeek)}, everything ${at(everything)}`;
}
