// outpost sync, outpost log: one full sync that a script can trust, and the engine's decisions.
import { MAX_SYNC_LOG_ENTRIES, type AnswerTrouble, type SyncStatus } from '@preload/bridge';
import { keychainOutOfReach as keychainWords } from '@preload/words/cli';
import { formatWhen } from '@preload/words/instants';
import { waitReason } from '@preload/words/outbox';
import { logActionWords } from '@preload/words/sync-log';
import { keychainOutOfReach } from '../keychain';
import { mergeTrouble, syncProblems } from '../sync-problems';
import { backoffCeilingMs, type BackoffPolicy } from '../../core/domain/backoff';
import type { AppCore } from '../../core/ports';
import {
  call,
  CommandFailed,
  defineCommand,
  EXIT_FAILED,
  EXIT_OK,
  optional,
  wholeNumber,
  wholeNumberIn,
  type CliCommand,
} from '../command';
import { oneLine, statusText, table } from '../format';

const DEFAULT_SYNC_WAIT_S = 60;
const STUCK_PHASES: SyncStatus['phase'][] = ['needs_token', 'not_connected', 'paused'];
/** How often to look again when nothing gives a retry time: from half a second up to 8 s. */
const IDLE_RETRY: BackoffPolicy = { baseMs: 500, capMs: 8_000 };

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/**
 * One sync, then more while operations wait on a retry time that falls within `waitMs`: a
 * script running `outpost sync` expects the outbox to be sent, and a retry after a dropped
 * connection is seconds away. Stops as soon as waiting cannot help: nothing left, a state only
 * the user can lift (token, pause), or operations held for a decision (conflicts).
 */
async function syncUntilSettled(
  core: AppCore,
  waitMs: number,
): Promise<{ status: SyncStatus; rounds: number; trouble: AnswerTrouble[] }> {
  const deadline = Date.now() + waitMs;
  let rounds = 0;
  let idleRounds = 0;
  let previousPending = Number.POSITIVE_INFINITY;
  // An answer not about what was asked, in any round, is not undone by a later clean one.
  const seen: AnswerTrouble[][] = [];
  const end = (status: SyncStatus) => ({ status, rounds, trouble: mergeTrouble(seen) });
  for (;;) {
    const status = await call(core, 'sync.now', undefined);
    rounds += 1;
    seen.push(status.answerTrouble);
    if (status.pending === 0 || STUCK_PHASES.includes(status.phase)) return end(status);
    const ops = await call(core, 'outbox.list', undefined);
    const times = ops
      .filter((op) => (op.state === 'pending' || op.state === 'unknown') && op.nextAttemptAt !== null)
      .map((op) => Date.parse(op.nextAttemptAt ?? ''))
      .filter((t) => Number.isFinite(t));
    let next: number;
    if (times.length > 0) {
      next = Math.min(...times);
    } else if (status.phase === 'offline' || status.pending < previousPending) {
      // No retry time given, but the service may come back or the last round moved things on.
      next = Date.now() + backoffCeilingMs(idleRounds, IDLE_RETRY);
      idleRounds += 1;
    } else {
      return end(status);
    }
    previousPending = status.pending;
    if (next > deadline) return end(status);
    await sleep(Math.max(100, next - Date.now()));
  }
}

/** Why the oldest operation still pending was not sent, as the outbox says it; null if none is. */
async function heldBack(core: AppCore, status: SyncStatus): Promise<string | null> {
  if (status.pending === 0) return null;
  const op = (await call(core, 'outbox.list', undefined)).find((o) => o.state === 'pending');
  return op === undefined ? null : waitReason(op, status, formatWhen);
}

export const syncCommands: CliCommand[] = [
  defineCommand({
    name: 'sync',
    options: [optional('wait', 'S', { check: wholeNumber('seconds') })],
    help: [
      'One full push, pull and reconcile; operations waiting on a retry within',
      'S seconds (default 60) are retried before it returns. Exits 0 only if',
      'every workspace was read, nothing failed, nothing is left waiting (a',
      'conflict or a decision included) and every answer was about what was',
      'asked and kept; each part that was not is named on standard error (and',
      'under "problems" with --json).',
    ],
    async run({ core, values }) {
      const settings = await call(core, 'settings.get', undefined);
      if (!settings.baseUrl) {
        throw new CommandFailed(
          'invalid_settings',
          "Not connected: run 'outpost connect --base-url URL' first.",
        );
      }
      const waitMs = (values.wait === undefined ? DEFAULT_SYNC_WAIT_S : Number(values.wait)) * 1000;
      const readBefore = (await call(core, 'sync.status', undefined)).lastReadAt;
      const { status, rounds, trouble } = await syncUntilSettled(core, waitMs);
      // A token the keychain keeps out of reach is not one the service refused.
      const noToken = keychainOutOfReach(settings) ? keychainWords(settings.baseUrl) : null;
      // A conflict or a decision waits for the user as much as a failure does, and a workspace
      // not read is a part not synced: a script must not read any of them as done.
      const problems = syncProblems(status, {
        trouble,
        readBefore,
        heldBack: await heldBack(core, status),
        noToken,
      });
      const ok = problems.length === 0;
      const text = [statusText(settings, status)];
      if (status.phase === 'needs_token' && noToken === null) {
        // The line above says why (refused, or none stored); what to do is the same.
        text.push(
          "Sync needs a valid access token; nothing was lost. Give one with 'outpost connect' or OUTPOST_TOKEN.",
        );
      }
      if (status.phase === 'paused') text.push('Sync is paused (in the app).');
      if (status.conflicts > 0) text.push("Some items changed on both sides: see 'outpost conflicts'.");
      if (status.pending > 0) text.push(`${status.pending} operation(s) not sent yet.`);
      for (const t of trouble.filter((t) => t.kind === 'stored_differently')) text.push(t.reason);
      return {
        json: { ok, rounds, status, problems },
        text: text.join('\n'),
        problems: problems.map((p) => p.message),
        exitCode: ok ? EXIT_OK : EXIT_FAILED,
      };
    },
  }),
  defineCommand({
    name: 'log',
    options: [optional('limit', 'N', { check: wholeNumberIn(1, MAX_SYNC_LOG_ENTRIES) })],
    help: ["The sync engine's decisions, newest first."],
    async run({ core, values }) {
      const entries = await call(
        core,
        'sync.log',
        values.limit === undefined ? {} : { limit: Number(values.limit) },
      );
      return {
        json: entries,
        // The window's words for each decision; --json keeps the codes.
        text: table(
          entries.map((e) => [
            e.at,
            logActionWords(e.action),
            oneLine(e.reason),
            e.postId ?? '',
            e.variantId ?? '',
          ]),
        ),
      };
    },
  }),
];
