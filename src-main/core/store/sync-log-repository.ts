// Every sync decision, as action plus reason, for the outbox view and `outpost log`.
import { preparedQuery } from './prepared';
import type { Kysely } from 'kysely';
import { scrubSecrets } from '../api/errors';
import type { Database, SyncLogRow } from './schema';

/** Makes text safe to keep: the core passes its Redactor's `cleaner` (knows the token). */
export type Redact = (text: string) => string;

/** Without the core's redactor, at least anything shaped like a token goes. */
export const redactTokenShapes: Redact = (text) => scrubSecrets(text, []);

export interface LogDecision {
  action: string;
  reason: string;
  postId?: string | null;
  variantId?: string | null;
}

export async function appendSyncLog(
  db: Kysely<Database>,
  at: string,
  entry: LogDecision,
  redact: Redact = redactTokenShapes,
): Promise<void> {
  // Reasons quote the service; the file outlives any token, so nothing secret goes in.
  await insertLine(db, at, entry.action, redact(entry.reason), entry.postId ?? null, entry.variantId ?? null);
}

// A line per settled op: compiled once (prepared.ts).
const insertLine = preparedQuery(
  (db, at: string, action: string, reason: string, postId: string | null, variantId: string | null) =>
    db.insertInto('sync_log').values({ at, action, reason, post_id: postId, variant_id: variantId }),
);

/** How many decisions are kept: weeks of an ordinary day's syncs, a bounded file for years of them. */
export const SYNC_LOG_KEPT = 5_000;

/** Drops all but the newest `keep` entries. */
export async function pruneSyncLog(db: Kysely<Database>, keep = SYNC_LOG_KEPT): Promise<void> {
  const oldestKept = await db
    .selectFrom('sync_log')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (oldestKept) await db.deleteFrom('sync_log').where('id', '<', oldestKept.id).execute();
}

/** The newest entries, with the title and platform of what each concerns. */
export async function listSyncLog(
  db: Kysely<Database>,
  limit: number,
): Promise<Array<SyncLogRow & { post_title: string | null; platform: string | null }>> {
  return db
    .selectFrom('sync_log')
    .leftJoin('post', 'post.id', 'sync_log.post_id')
    .leftJoin('variant', 'variant.id', 'sync_log.variant_id')
    .selectAll('sync_log')
    .select(['post.title as post_title', 'variant.platform as platform'])
    .orderBy('sync_log.id', 'desc')
    .limit(limit)
    .execute();
}
