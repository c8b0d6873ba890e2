// The data folder and logs/ are 0700, the database, its WAL and shared
// memory and the log are 0600, whatever the umask; existing ones are tightened at start.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src-main/core/store/db';
import { createFileLogger, Redactor } from '../../../../src-main/core/app/connection/file-logger';

const posix = process.platform !== 'win32';
let parent = '';
let umask = 0;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'outpost-perm-'));
  // The common default, under which everything used to be world-readable.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  rmSync(parent, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

async function openAll(dataDir: string) {
  const log = createFileLogger(dataDir, new Redactor(), () => new Date());
  log.info('hello');
  const store = await openDatabase({ file: join(dataDir, 'outpost.db') });
  await store.db.insertInto('sync_log').values({ at: 'now', action: 'a', reason: 'r' }).execute();
  return { log, store };
}

describe.runIf(posix)('private data folder', () => {
  it('creates the folder, logs/ and every file owner-only under umask 022', async () => {
    const dataDir = join(parent, 'Outpost');
    const { log, store } = await openAll(dataDir);
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'logs'))).toBe(0o700);
      for (const file of ['outpost.db', 'outpost.db-wal', 'outpost.db-shm', 'logs/outpost.log']) {
        expect([file, mode(join(dataDir, file))]).toEqual([file, 0o600]);
      }
    } finally {
      log.close();
      await store.close();
    }
  });

  it('tightens a folder and files left readable by an older build', async () => {
    const dataDir = join(parent, 'Outpost');
    const first = await openAll(dataDir);
    first.log.close();
    await first.store.close();
    writeFileSync(join(dataDir, 'outpost.db-wal'), '');
    writeFileSync(join(dataDir, 'logs', 'outpost.1.log'), 'old');
    for (const dir of [dataDir, join(dataDir, 'logs')]) chmodSync(dir, 0o755);
    for (const file of ['outpost.db', 'outpost.db-wal', 'logs/outpost.log', 'logs/outpost.1.log']) {
      chmodSync(join(dataDir, file), 0o644);
    }
    const { log, store } = await openAll(dataDir);
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'logs'))).toBe(0o700);
      for (const file of [
        'outpost.db',
        'outpost.db-wal',
        'outpost.db-shm',
        'logs/outpost.log',
        'logs/outpost.1.log',
      ]) {
        expect([file, mode(join(dataDir, file))]).toEqual([file, 0o600]);
      }
    } finally {
      log.close();
      await store.close();
    }
  });

  it('a folder given with --data-dir that exists already is tightened too', async () => {
    const dataDir = join(parent, 'given');
    mkdirSync(dataDir, { mode: 0o755 });
    const { log, store } = await openAll(dataDir);
    log.close();
    await store.close();
    expect(mode(dataDir)).toBe(0o700);
  });
});
