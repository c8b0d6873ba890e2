// The unit of work: what every write of the core is done with (the database, the clock, the
// logger, the redactor, where events go), passed in by the app core and never reached for.
// Writes that belong together run in one transaction, and the events they raise are held
// until it commits, so the window never hears of a change a rollback undid.
import type { Kysely } from 'kysely';
import type { BridgeEvent } from '@preload/bridge';
import type { Clock, Logger } from '../ports';
import type { WindowCommands } from '../give-way';
import type { CommitGroup } from './commit-group';
import { durably } from './durable-commit';
import type { Database } from './schema';
import { appendSyncLog, redactTokenShapes, type LogDecision } from './sync-log-repository';

const keptAsIs = (text: string): string => text;

export interface SyncContext {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  emit(event: BridgeEvent): void;
  /** Posts synced at once. */
  concurrency: number;
  /** Settled posts a full pull re-reads, oldest read first (default ROTATION_PER_PULL). */
  rotationPerPull?: number;
  random: () => number;
  /** Scrubs secrets from text before it is kept or logged (the core's Redactor). */
  redact?: (text: string) => string;
  /** Shares commits among the sync's writes that come due together (store/commit-group.ts). */
  commits?: CommitGroup;
  /**
   * The sync's context only, never a command's: the window's commands, which long work lets
   * through at its next step (give-way.ts).
   */
  window?: WindowCommands;
  /** The bytes the versions of texts may take (default history/thinning.ts's BYTE_BOUNDS). */
  versionBytes?: { perText: number; total: number };
  /** Whether a post's title is still being typed in the window: its create waits (app/posts/titles-typed.ts). */
  titleTyped?: (postId: string) => boolean;
}

export function nowIso(ctx: Pick<SyncContext, 'clock'>): string {
  return ctx.clock.now().toISOString();
}

/** Every decision is logged as action plus reason, so the sync log can say why it did what it did. */
export async function logDecision(ctx: SyncContext, entry: LogDecision): Promise<void> {
  const reason = (ctx.redact ?? redactTokenShapes)(entry.reason);
  // Redacted once, here: the log line and the row say the same.
  await appendSyncLog(ctx.db, nowIso(ctx), { ...entry, reason }, keptAsIs);
  ctx.logger.info(`sync ${entry.action}: ${reason}`, {
    postId: entry.postId ?? null,
    variantId: entry.variantId ?? null,
  });
}

/**
 * Runs `work` in one transaction, with a context bound to it: the writes that settle one
 * answer commit together (one commit instead of several, and no half-settled state after a
 * crash). Events wait for the commit, so the window never hears of a change a rollback undid.
 * Inside a transaction already, it joins it; with a commit group, the transaction is the
 * group's, shared with the writes that came due in the same turn (a failed group is run again
 * a write per transaction, so `work` may run twice and its events are kept only once).
 * `durable`: a transaction of its own, synced to disk before it returns (store/durable-commit.ts).
 */
export async function inTransaction<T>(
  ctx: SyncContext,
  work: (tctx: SyncContext) => Promise<T>,
  options: { durable?: boolean } = {},
): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const events: BridgeEvent[] = [];
  const bound = (trx: Kysely<Database>): Promise<T> => {
    // A write the group rolled back (or retried) must not leave its events behind.
    events.length = 0;
    return work({ ...ctx, db: trx, emit: (event) => events.push(event) });
  };
  const result = options.durable
    ? await durably(ctx.db, () => ctx.db.transaction().execute(bound))
    : await (ctx.commits ? ctx.commits.run(bound) : ctx.db.transaction().execute(bound));
  for (const event of events) ctx.emit(event);
  return result;
}
