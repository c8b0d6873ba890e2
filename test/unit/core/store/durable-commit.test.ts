import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { durably } from '../../../../src-main/core/store/durable-commit';
import type { Database } from '../../../../src-main/core/store/schema';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-durable-');

/** SQLite's setting for the connection's commits: 1 NORMAL, 2 FULL (synced to disk). */
const syncSetting = async (db: Kysely<Database>): Promise<number> =>
  (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous;

describe('durably', () => {
  it('keeps FULL while any of several overlapping sections runs, and NORMAL once the last ends', async () => {
    const seen: number[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = durably(store.db, async () => {
      seen.push(await syncSetting(store.db));
      await firstHeld;
      seen.push(await syncSetting(store.db));
    });
    // The second starts and ends while the first is still running: it must not set NORMAL back.
    await durably(store.db, async () => {
      seen.push(await syncSetting(store.db));
    });
    seen.push(await syncSetting(store.db));
    releaseFirst();
    await first;
    expect(seen).toEqual([2, 2, 2, 2]);
    expect(await syncSetting(store.db)).toBe(1);
  });

  it('goes back to NORMAL when its work fails, and the next section is FULL again', async () => {
    await expect(durably(store.db, () => Promise.reject(new Error('the write failed')))).rejects.toThrow(
      'the write failed',
    );
    expect(await syncSetting(store.db)).toBe(1);
    expect(await durably(store.db, () => syncSetting(store.db))).toBe(2);
    expect(await syncSetting(store.db)).toBe(1);
  });
});
