// The write-ahead log is folded in at quiet moments, not by whichever commit crosses 1,000 pages;
// while a full pull writes, in small steps instead.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { withPullCheckpoints } from '../../../../src-main/core/store/db';
import { appendSyncLog } from '../../../../src-main/core/store/sync-log-repository';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-ckpt-');

/** Frames in the log, and how many of them are already in the database file. */
async function walState(): Promise<{ log: number; checkpointed: number }> {
  // A zero-cost look: PASSIVE with nothing new copies nothing more than is already due.
  const { rows } = await sql<{ log: number; checkpointed: number }>`pragma wal_checkpoint(PASSIVE)`.execute(
    store.db,
  );
  return rows[0]!;
}

it('commits of a burst of edits leave the log alone; checkpoint() folds it in', async () => {
  const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db);
  expect(rows[0]!.wal_autocheckpoint).toBe(10_000);
  // Far past SQLite's default of 1,000 pages: no commit here checkpoints by itself.
  const reason = 'x'.repeat(3000);
  for (let i = 0; i < 1500; i++)
    await appendSyncLog(store.db, '2030-01-01T00:00:00.000Z', { action: 'edit', reason });
  const before = await sql<{ n: number }>`select count(*) as n from sync_log`.execute(store.db);
  expect(before.rows[0]!.n).toBe(1500);
  await store.checkpoint();
  const after = await walState();
  expect(after.log).toBeGreaterThan(1000);
  expect(after.checkpointed).toBe(after.log);
});

it('checkpoints in small steps while a full pull writes, and puts the usual bound back after it, even when it fails', async () => {
  const bound = async () =>
    (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db)).rows[0]!
      .wal_autocheckpoint;
  expect(await withPullCheckpoints(store.db, bound)).toBe(1_000);
  expect(await bound()).toBe(10_000);
  await expect(
    withPullCheckpoints(store.db, async () => {
      expect(await bound()).toBe(1_000);
      throw new Error('the pull failed');
    }),
  ).rejects.toThrow('the pull failed');
  expect(await bound()).toBe(10_000);
});
