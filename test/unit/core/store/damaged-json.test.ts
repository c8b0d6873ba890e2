// Settings are JSON in the `setting` table; one whose value cannot be read (a damaged row) is
// as good as none, so what reads it gets the default instead of an error. The same for a
// workspace's cached skills: one that cannot be read is left out.
import { describe, expect, it } from 'vitest';
import { getSetting, setSetting } from '../../../../src-main/core/store/settings-repository';
import { listSkills } from '../../../../src-main/core/store/workspace-repository';
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

describe('the cached skills of a workspace', () => {
  it('leave out one whose row is not JSON, and keep the others in order', async () => {
    const rows = ['{"name":"first"}', '{"name":"sec', '{"name":"third"}'].map((raw, position) => ({
      workspace: 'acme',
      position,
      raw,
      fetched_at: '2030-01-01T09:00:00.000Z',
    }));
    await store.db.insertInto('skill').values(rows).execute();
    expect(await listSkills(store.db, 'acme')).toEqual([{ name: 'first' }, { name: 'third' }]);
  });
});
