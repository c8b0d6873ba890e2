// What `outpost sync` could not finish, part by part: a script reads the exit code, a person
// reads these lines on standard error, and --json carries them as `problems`.
import type { AnswerTrouble, SyncStatus } from '@preload/bridge';

export interface SyncProblem {
  /**
   * Which part: `service` (nothing read), `workspace:<slug>`, `outbox`, `decisions`,
   * `conflicts`, `pending`, `token`, `paused`, `connection`, `answers:other_record`,
   * `answers:not_kept`.
   */
  part: string;
  message: string;
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Answers a script must not read as done: about another record, or a change not kept. */
const FAILING_TROUBLE = new Set<AnswerTrouble['kind']>(['other_record', 'not_kept']);

export interface SyncRun {
  /** What the answers of every round said that was not what was asked. */
  trouble?: AnswerTrouble[];
  /** `lastReadAt` before the sync: unchanged after it, the service was not read. */
  readBefore?: string | null;
  /** Why the first operation still pending was not sent, in the outbox's words. */
  heldBack?: string | null;
  /** Why no token could be used when it is not the service's doing: the keychain out of reach. */
  noToken?: string | null;
}

/** Whose own line already says why: a token, a pause, no connection. */
const SAID_BY_PHASE = new Set<SyncStatus['phase']>(['needs_token', 'paused', 'not_connected']);

/** Every part of the sync that failed or waits on the user; none means it all went through. */
export function syncProblems(status: SyncStatus, run: SyncRun = {}): SyncProblem[] {
  const trouble = run.trouble ?? status.answerTrouble;
  const problems: SyncProblem[] = [];
  // Offline, failing (5xx, 429), a garbled answer, another process syncing: nothing was read,
  // so nothing is known to be up to date, whatever is pending.
  const notRead =
    run.readBefore !== undefined &&
    status.lastReadAt === run.readBefore &&
    status.unreadWorkspaces.length === 0 &&
    !SAID_BY_PHASE.has(status.phase);
  if (notRead)
    problems.push({
      part: 'service',
      message: `Nothing was read from the service: ${status.lastError ?? (status.phase === 'offline' ? 'it cannot be reached.' : 'the sync did not run.')}`,
    });
  for (const t of trouble)
    if (FAILING_TROUBLE.has(t.kind))
      problems.push({
        part: `answers:${t.kind}`,
        message: `${t.reason}${t.count > 1 ? ` (${t.count} times)` : ''}`,
      });
  if (status.phase === 'needs_token')
    problems.push({
      part: 'token',
      message: run.noToken ?? 'The service did not accept the access token, or none is stored.',
    });
  if (status.phase === 'paused') problems.push({ part: 'paused', message: 'Sync is paused (in the app).' });
  if (status.phase === 'not_connected')
    problems.push({ part: 'connection', message: 'Not connected to a service.' });
  for (const w of status.unreadWorkspaces)
    problems.push({
      part: `workspace:${w.slug}`,
      message: `Workspace ${w.slug} could not be read: ${w.reason}`,
    });
  for (const w of status.unavailableWorkspaces)
    problems.push({
      part: `workspace:${w.slug}`,
      message: `Workspace ${w.slug} cannot be reached with this account; its changes wait.`,
    });
  if (status.failed > 0)
    problems.push({
      part: 'outbox',
      message: `${count(status.failed, 'operation', 'operations')} failed: see 'outpost outbox'.`,
    });
  const decisions = status.needsAttention - status.failed - status.conflicts;
  if (decisions > 0)
    problems.push({
      part: 'decisions',
      message: `${count(decisions, 'operation waits', 'operations wait')} for your decision: see 'outpost outbox'.`,
    });
  if (status.conflicts > 0)
    problems.push({
      part: 'conflicts',
      message: `${count(status.conflicts, 'item', 'items')} changed on both sides: see 'outpost conflicts'.`,
    });
  if (status.pending > 0) {
    // Why they were not sent, in the core's words, unless the line above says it already.
    const reason = notRead ? null : (status.lastError ?? run.heldBack ?? null);
    const why = reason === null ? '' : ` ${reason}`;
    problems.push({
      part: 'pending',
      message: `${count(status.pending, 'operation', 'operations')} not sent yet.${why}`,
    });
  }
  return problems;
}

/** The trouble of several rounds as one list, per kind: counts added, the newest reason kept. */
export function mergeTrouble(rounds: readonly AnswerTrouble[][]): AnswerTrouble[] {
  const byKind = new Map<AnswerTrouble['kind'], AnswerTrouble>();
  for (const t of rounds.flat())
    byKind.set(t.kind, { ...t, count: (byKind.get(t.kind)?.count ?? 0) + t.count });
  return [...byKind.values()];
}
