// A SIGKILL in the middle of every migration of the chain: the file is left at the version
// before it, and the next start opens it and finishes the upgrade.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/db';
import { LATEST_MIGRATION, MIGRATIONS } from '../../../src-main/core/store/migrations/index';
import { workerCommand, type WorkerCommand } from '../../reliability/support/child';

const WORKER = fileURLToPath(new URL('./migration-kill-worker.ts', import.meta.url));
const NAMES = Object.keys(MIGRATIONS);

let dir: string;
let worker: WorkerCommand;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-mig-kill-'));
  worker = await workerCommand(WORKER);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recorded(file: string): string[] {
  const raw = new BetterSqlite3(file, { readonly: true });
  try {
    return (
      raw.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>
    ).map((r) => r.name);
  } finally {
    raw.close();
  }
}

describe('a SIGKILL during a migration', () => {
  it.each(NAMES)('%s: the next start opens the file and finishes the upgrade', async (name) => {
    const file = join(dir, `${name}.db`);
    const life = spawnSync(process.execPath, [...worker.args, file, name], {
      env: { ...process.env, ...worker.env },
      encoding: 'utf8',
    });
    expect(life.signal, life.stderr).toBe('SIGKILL');
    expect(recorded(file)).toEqual(NAMES.slice(0, NAMES.indexOf(name)));

    const opened = await openDatabase({ file });
    const check = opened.sqlite.pragma('quick_check', { simple: true });
    await opened.close();
    expect(check).toBe('ok');
    expect(recorded(file).at(-1)).toBe(LATEST_MIGRATION);
  });
});
