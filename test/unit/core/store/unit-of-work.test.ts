import { beforeEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '@preload/bridge';
import { listSyncLog } from '../../../../src-main/core/store/sync-log-repository';
import { inTransaction, logDecision, type SyncContext } from '../../../../src-main/core/store/unit-of-work';
import { useTempStore } from '../store/temp-store';

const store = useTempStore('outpost-tx-');
let heard: BridgeEvent[];
let ctx: SyncContext;

beforeEach(() => {
  heard = [];
  ctx = {
    db: store.db,
    clock: { now: () => new Date('2026-01-01T00:00:00Z') },
    logger: { info() {}, warn() {}, error() {} },
    emit: (event) => heard.push(event),
    concurrency: 1,
    random: () => 0.5,
  };
});

const changed = (postId: string): BridgeEvent => ({ name: 'itemChanged', data: { postId, variantId: null } });

describe('inTransaction', () => {
  it('commits the writes together and tells the window only after the commit', async () => {
    await inTransaction(ctx, async (t) => {
      await logDecision(t, { action: 'one', reason: 'first' });
      t.emit(changed('p1'));
      expect(heard).toEqual([]);
      await logDecision(t, { action: 'two', reason: 'second' });
    });
    expect(heard).toEqual([changed('p1')]);
    expect((await listSyncLog(store.db, 10)).map((r) => r.action)).toEqual(['two', 'one']);
  });

  it('on a failure rolls every write back and drops its events', async () => {
    await expect(
      inTransaction(ctx, async (t) => {
        await logDecision(t, { action: 'lost', reason: 'rolled back' });
        t.emit(changed('p1'));
        throw new Error('the answer could not be recorded');
      }),
    ).rejects.toThrow('the answer could not be recorded');
    expect(heard).toEqual([]);
    expect(await listSyncLog(store.db, 10)).toEqual([]);
  });

  it('joins a transaction already open instead of nesting one', async () => {
    await inTransaction(ctx, async (outer) => {
      await inTransaction(outer, async (inner) => {
        expect(inner.db).toBe(outer.db);
        await logDecision(inner, { action: 'inner', reason: 'joined' });
        inner.emit(changed('inner'));
      });
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([changed('inner')]);
  });
});
