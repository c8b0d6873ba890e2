// The copies Outpost keeps without being asked, and how many: one at the app's start when the
// newest is older than a day, one every four hours while it runs, one before an upgrade changes
// the file; the newest of each of the last three days, two upgrades, three asked for.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupView } from '@preload/bridge';
import { checkRoom, COPIES_DIR, NoRoomForCopy } from '../../../src-main/core/store/copies';
import { openDatabase } from '../../../src-main/core/store/db';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, tempDir, type TestCore } from '../core/helpers';

const HOUR = 60 * 60_000;
let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

function folder(): string {
  const t = tempDir('outpost-copies-');
  cleanup.push(() => t.remove());
  return t.dir;
}

async function core(dir: string, options: Parameters<typeof openCore>[0] = {}): Promise<TestCore> {
  const t = await openCore({ dir, ...options });
  cleanup.push(() => t.core.close(1_000));
  return t;
}

/** The copies once every copy asked for so far is made: a copy asked for now waits for them. */
async function copiesAfterThoseUnderWay(t: TestCore): Promise<BackupView[]> {
  await t.call('data.backup', undefined);
  return (await t.call('data.backups', undefined)).filter((c) => c.kind !== 'manual');
}

describe('copies made without being asked', () => {
  it('one before an upgrade, of the file as it was', async () => {
    const dir = folder();
    const old = await openDatabase({ file: join(dir, DATABASE_FILE), migrateTo: '0013-calendar-index' });
    old.sqlite
      .prepare("insert into post (id, title, created_at, updated_at) values ('p1', 'Old', 'x', 'x')")
      .run();
    await old.close();

    const t = await core(dir);
    const [copy, ...more] = await t.call('data.backups', undefined);
    expect(more).toEqual([]);
    expect(copy).toMatchObject({ kind: 'upgrade', posts: 1 });
    const kept = new BetterSqlite3(copy?.file ?? '', { readonly: true });
    const last = kept.prepare('select max(name) from kysely_migration').pluck().get();
    kept.close();
    expect(last).toBe('0013-calendar-index');
  });

  it('none for a new folder, and none from the command line', async () => {
    const dir = folder();
    const t = await core(dir, { host: 'cli' });
    expect(await t.call('data.backups', undefined)).toEqual([]);
  });

  it('in the app: one at start, one every four hours, the newest of each of the last three days kept', async () => {
    const dir = folder();
    const time = new VirtualTime(new Date('2030-03-02T08:00:00.000Z'));
    const t = await core(dir, { host: 'browser', clock: time, scheduler: time });
    const first = await copiesAfterThoseUnderWay(t);
    expect(first.map((c) => [c.kind, c.at])).toEqual([['auto', '2030-03-02T08:00:00.000Z']]);

    time.advance(4 * HOUR);
    expect((await copiesAfterThoseUnderWay(t)).map((c) => c.at)).toEqual(['2030-03-02T12:00:00.000Z']);

    for (let i = 0; i < 4 * 6; i++) time.advance(4 * HOUR);
    const kept = await copiesAfterThoseUnderWay(t);
    expect(kept.map((c) => c.at)).toEqual([
      '2030-03-06T12:00:00.000Z',
      '2030-03-05T20:00:00.000Z',
      '2030-03-04T20:00:00.000Z',
    ]);
    // Asked for: the newest three.
    for (let i = 0; i < 3; i++) {
      time.advance(60_000);
      await t.call('data.backup', undefined);
    }
    expect((await t.call('data.backups', undefined)).filter((c) => c.kind === 'manual')).toHaveLength(3);
  });

  it('no new one at start when the newest is less than a day old', async () => {
    const dir = folder();
    const time = new VirtualTime(new Date('2030-03-02T08:00:00.000Z'));
    const a = await core(dir, { host: 'browser', clock: time, scheduler: time });
    await copiesAfterThoseUnderWay(a);
    await a.core.close(1_000);
    time.advance(20 * HOUR);
    const b = await core(dir, { host: 'browser', clock: time, scheduler: time });
    expect((await copiesAfterThoseUnderWay(b)).map((c) => c.at)).toEqual(['2030-03-02T08:00:00.000Z']);
  });

  it('private, whole files: no write-ahead log beside them, nothing half made left', async () => {
    const dir = folder();
    const t = await core(dir);
    await t.call('posts.create', { workspace: null, title: 'Kept' });
    const copy = await t.call('data.backup', undefined);
    if (process.platform !== 'win32') expect(statSync(copy.file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, COPIES_DIR))).toEqual([copy.file.split(/[/\\]/).at(-1)]);
  });
});

describe('a copy on a nearly full disk', () => {
  it('is not made, and says why in plain words', () => {
    expect(() => checkRoom(folder(), Number.MAX_SAFE_INTEGER / 4)).toThrow(NoRoomForCopy);
    expect(() => checkRoom(folder(), Number.MAX_SAFE_INTEGER / 4)).toThrow(
      /^There is not enough free space for a copy: it needs about .* MB, and .* MB is free\./,
    );
  });
});
