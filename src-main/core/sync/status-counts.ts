// The counts the status bar shows, recounted from the database after every sync and (coalesced)
// after local edits. Partial indexes keep each count cheap at 10,000 posts (migration 0003).
import type { Kysely } from 'kysely';
import type { SyncStatus } from '@preload/bridge';
import { countNeedsUser, countOps } from '../outbox/op-queries';
import type { Database } from '../store/schema';
import { listUnavailableWorkspaces } from '../store/workspace-repository';

export type StatusCounts = Pick<
  SyncStatus,
  'pending' | 'failed' | 'conflicts' | 'needsAttention' | 'unavailableWorkspaces'
>;

export async function countStatus(db: Kysely<Database>): Promise<StatusCounts> {
  const ops = await countOps(db);
  const count = async (table: 'variant' | 'post') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('conflict', 'is not', null)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const conflicts = (await count('variant')) + (await count('post'));
  const unavailable = await listUnavailableWorkspaces(db);
  return {
    pending: ops.pending + ops.sending + ops.unknown,
    failed: ops.failed,
    conflicts,
    needsAttention: ops.failed + conflicts + (await countNeedsUser(db)),
    unavailableWorkspaces: unavailable.map((w) => ({
      slug: w.slug,
      name: w.name ?? w.slug,
      access: w.access === 'forbidden' ? 'forbidden' : 'not_found',
    })),
  };
}

/** What the engine says before it has counted anything. */
export function initialStatus(): SyncStatus {
  return {
    phase: 'not_connected',
    online: true,
    pending: 0,
    failed: 0,
    conflicts: 0,
    needsAttention: 0,
    lastSyncAt: null,
    lastError: null,
    unavailableWorkspaces: [],
    unreadWorkspaces: [],
    lastReadAt: null,
    serviceFailing: null,
    answerTrouble: [],
    checked: { onScreen: null, nextWeek: null, everything: null },
  };
}
