// Every sync decision, as action plus reason, for the outbox view and `outpost log`.
import type { Kysely } from 'kysely';
import type { Database, SyncLogRow } from './schema';

export interface LogDecision {
  action: string;
  reason: string;
  postId?: string | null;
  variantId?: string | null;
}

export async function appendSyncLog(db: Kysely<Database>, at: string, entry: LogDecision): Promise<void> {
  await db
    .insertInto('sync_log')
    .values({
      at,
      action: entry.action,
      reason: entry.reason,
      post_id: entry.postId ?? null,
      variant_id: entry.variantId ?? null,
    })
    .execute();
}

export async function listSyncLog(db: Kysely<Database>, limit: number): Promise<SyncLogRow[]> {
  return db.selectFrom('sync_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
