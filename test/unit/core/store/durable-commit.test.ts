import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { durably } from '../../../../src-main/core/store/durable-commit';
import type { Database } from '../../../../src-main/core/store/schema';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-durable-');

/**
 * How the connection's commits reach the disk: 1 (NORMAL) at checkpoints, 2 (FULL) each commit,
 * and 3 when FULL comes with fullfsync (macOS's flush past the drive's cache).
 */
async function syncSetting(db: Kysely<Database>): Promise<number> {
  const synchronous = (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!;
  const fullfsync = (await sql<{ fullfsync: number }>`pragma fullfsync`.execute(db)).rows[0]!;
  if (synchronous.synchronous === 2 && fullfsync.fullfsync === 1) return 3;
  return fullfsync.fullfsync === 1 ? -1 : synchronous.synchronous;
}

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
    expect(seen).toEqual([3, 3, 3, 3]);
    expect(await syncSetting(store.db)).toBe(1);
  });

  it('runs synced a section that starts while the last one is setting NORMAL back', async () => {
    let startNext: (() => void) | null = null;
    let next: Promise<number> | undefined;
    // The same connection, watched: the next section starts the moment the first one asks
    // for the first of its two statements that set NORMAL back.
    const db = store.db.withPlugin({
      transformQuery: ({ node }) => {
        const text = node.kind === 'RawNode' ? node.sqlFragments.join('') : '';
        if (startNext !== null && text.includes('fullfsync = OFF')) {
          const start = startNext;
          startNext = null;
          start();
        }
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    startNext = () => {
      next = durably(db, () => syncSetting(db));
    };
    await durably(db, () => Promise.resolve());
    expect(startNext).toBeNull();
    expect(await next).toBe(3);
    expect(await syncSetting(db)).toBe(1);
  });

  it('goes back to NORMAL when its work fails, and the next section is FULL again', async () => {
    await expect(durably(store.db, () => Promise.reject(new Error('the write failed')))).rejects.toThrow(
      'the write failed',
    );
    expect(await syncSetting(store.db)).toBe(1);
    expect(await durably(store.db, () => syncSetting(store.db))).toBe(3);
    expect(await syncSetting(store.db)).toBe(1);
  });
});
