import { expect, it } from 'vitest';
import {
  appendSyncLog,
  listSyncLog,
  pruneSyncLog,
} from '../../../../src-main/core/store/sync-log-repository';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-synclog-');

it('keeps the newest entries and drops the rest', async () => {
  for (let i = 1; i <= 12; i++)
    await appendSyncLog(store.db, '2030-01-01T00:00:00.000Z', { action: `a${i}`, reason: 'r' });
  await pruneSyncLog(store.db, 5);
  expect((await listSyncLog(store.db, 100)).map((e) => e.action)).toEqual(['a12', 'a11', 'a10', 'a9', 'a8']);
  // Fewer than the bound: nothing to drop.
  await pruneSyncLog(store.db, 10);
  expect(await listSyncLog(store.db, 100)).toHaveLength(5);
});
