// What the sync engine is built from: passed in by the app core, never reached for.
import type { Kysely } from 'kysely';
import type { BridgeEvent } from '../../../src-preload/bridge';
import type { ServiceClient } from '../api/client';
import type { Clock, Logger } from '../ports';
import type { Database } from '../store/schema';
import { appendSyncLog, type LogDecision } from '../store/sync-log-repository';

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
}

export function nowIso(ctx: Pick<SyncContext, 'clock'>): string {
  return ctx.clock.now().toISOString();
}

/** Every decision is logged as action plus reason (design.md section 4). */
export async function logDecision(ctx: SyncContext, entry: LogDecision): Promise<void> {
  const reason = ctx.redact ? ctx.redact(entry.reason) : entry.reason;
  await appendSyncLog(ctx.db, nowIso(ctx), { ...entry, reason }, ctx.redact);
  ctx.logger.info(`sync ${entry.action}: ${reason}`, {
    postId: entry.postId ?? null,
    variantId: entry.variantId ?? null,
  });
}

/**
 * Runs `work` in one transaction, with a context bound to it: the writes that settle one
 * answer commit together (one commit instead of several, and no half-settled state after a
 * crash). Events wait for the commit, so the window never hears of a change a rollback undid.
 * Inside a transaction already, it joins it.
 */
export async function inTransaction<T>(
  ctx: SyncContext,
  work: (tctx: SyncContext) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const events: BridgeEvent[] = [];
  const result = await ctx.db
    .transaction()
    .execute((trx) => work({ ...ctx, db: trx, emit: (event) => events.push(event) }));
  for (const event of events) ctx.emit(event);
  return result;
}

/**
 * Runs `work` over `items` with at most `limit` at a time; stops taking new items once `stop()`
 * or once one fails. It settles only when no work is left running, then rethrows the first
 * failure: a phase that failed must not keep writing while the next phase runs.
 */
export async function eachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length && !stop()) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

export type ClientGetter = () => Promise<ServiceClient | null>;
