// Settings are JSON in the `setting` table; one whose value cannot be read (a damaged row) is
// as good as none, so what reads it gets the default instead of an error.
import { describe, expect, it } from 'vitest';
import { getSetting, setSetting } from '../../../../src-main/core/store/settings-repository';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-settings-');

describe('a setting', () => {
  it('reads back what was set, and the default when it was never set', async () => {
    await setSetting(store.db, 'sort', { by: 'updated' });
    expect(await getSetting(store.db, 'sort', null)).toEqual({ by: 'updated' });
    expect(await getSetting(store.db, 'never', 'default')).toBe('default');
  });

  it('that is not JSON reads as the default', async () => {
    await store.db.insertInto('setting').values({ key: 'sort', value: '{"by":"upd' }).execute();
    expect(await getSetting(store.db, 'sort', 'default')).toBe('default');
  });
});
