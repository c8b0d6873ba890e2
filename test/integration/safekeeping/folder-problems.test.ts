// Other ways a data folder fails, each said in a sentence, the app still open on what it holds,
// nothing lost: a folder Outpost may not write (opened read-only), a database another program
// holds (changes wait, and go on once it lets go; the command line says so once), and a folder
// deleted while Outpost runs (made again with everything the open database still held).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataStatus } from '@preload/bridge';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { VirtualTime } from '../../support/virtual-time';
import { buildCli, jsonOf, runCli } from '../cli/run-cli';
import { openCore, tempDir, type TestCore } from '../core/helpers';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

function folder(): string {
  const t = tempDir('outpost-folder-');
  cleanup.push(() => t.remove());
  return t.dir;
}

async function core(dir: string, options: Parameters<typeof openCore>[0] = {}): Promise<TestCore> {
  const t = await openCore({ dir, ...options });
  cleanup.push(() => t.core.close(1_000));
  return t;
}

async function draftedFolder(titles: string[]): Promise<string> {
  const dir = folder();
  const t = await openCore({ dir });
  for (const title of titles) await t.call('posts.create', { workspace: null, title });
  await t.core.close(1_000);
  return dir;
}

function titlesInFile(file: string): string[] {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.prepare('select title from post order by created_at').pluck().all() as string[]).sort();
  } finally {
    db.close();
  }
}

function problemOf(
  t: TestCore,
  kind: DataStatus['problem'] extends infer P ? (P extends { kind: infer K } ? K : never) : never,
) {
  return t.waitFor((e) => e.name === 'dataStatus' && e.data.problem?.kind === kind);
}

describe('a data folder Outpost may not write', () => {
  it('opens read-only on what is there, says so, and refuses a change without touching the file', async () => {
    const dir = await draftedFolder(['Kept']);
    const file = join(dir, DATABASE_FILE);
    const before = readFileSync(file);
    // Someone else's folder, readable by all and writable by none: for the root user too, the
    // worker runs as another account.
    const root = process.getuid?.() === 0;
    const bundle = join(ROOT, 'node_modules', '.cache', 'outpost-folder-worker', `worker-${process.pid}.cjs`);
    await build({
      entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'folder-worker.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile: bundle,
      external: ['better-sqlite3', 'keytar'],
      logLevel: 'warning',
    });
    cleanup.push(() => rmSync(bundle, { force: true }));
    chmodSync(dirname(bundle), 0o755);
    chmodSync(dirname(dir), statSync(dirname(dir)).mode | 0o755);
    for (const sub of [dir, join(dir, 'logs')]) {
      for (const name of readdirSync(sub, { withFileTypes: true }))
        if (name.isFile()) chmodSync(join(sub, name.name), 0o444);
      chmodSync(sub, 0o555);
    }
    cleanup.push(() => {
      chmodSync(dir, 0o700);
      chmodSync(join(dir, 'logs'), 0o700);
    });
    const life = spawnSync(process.execPath, [bundle, dir], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') },
      ...(root ? { uid: 65534, gid: 65534 } : {}),
    });
    expect(life.status, life.stderr).toBe(0);
    const seen = JSON.parse(life.stdout) as {
      problem: { kind: string; text: string } | null;
      titles: string[];
      create: string | { code: string; message: string };
      exported: string[] | { code: string; message: string };
      backup: string | { code: string; message: string };
    };
    expect(seen.problem?.kind).toBe('read_only');
    expect(seen.problem?.text).toMatch(
      /^Outpost cannot write to its data folder \(.*\): it is read-only\. You can read everything/,
    );
    expect(seen.titles).toEqual(['Kept']);
    expect(seen.create).toMatchObject({
      code: 'storage',
      message: expect.stringMatching(/it is read-only/) as unknown,
    });
    // An export only reads: it is made, from what the folder holds.
    expect(seen.exported).toEqual(['Kept']);
    expect(seen.backup).toMatchObject({
      code: 'storage',
      message: expect.stringMatching(/it is read-only/) as unknown,
    });
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

/** Another program with the database: a write lock held, or (`exclusive`) the whole file, until stdin closes. */
function holder(file: string, exclusive: boolean): Promise<ChildProcessWithoutNullStreams> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    ${exclusive ? "db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE');" : "db.exec('BEGIN IMMEDIATE');"}
    db.exec('CREATE TABLE IF NOT EXISTS other_program (x)');
    process.stdout.write('READY\\n');
    process.stdin.resume();
    process.stdin.on('end', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: ROOT });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanup.push(async () => {
    child.stdin.end();
    await exited;
  });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the other program stopped (${String(code)})`)));
  });
}

function release(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin.end();
  });
}

describe('a database another program holds', () => {
  it('while Outpost runs: a change is refused in words and reading goes on; once it lets go, everything does', async () => {
    const dir = await draftedFolder(['Before']);
    const time = new VirtualTime();
    const t = await core(dir, { clock: time, scheduler: time });
    const other = await holder(join(dir, DATABASE_FILE), false);

    const refused = await t.core.invoke('posts.create', { workspace: null, title: 'Waits' });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'storage' });
    expect(refused.ok ? '' : refused.error.message).toMatch(/^Another program holds Outpost's database/);
    await problemOf(t, 'locked');
    expect((await t.call('posts.list', { workspace: null })).map((p) => p.title)).toEqual(['Before']);

    await release(other);
    time.advance(5_000);
    await t.waitFor((e) => e.name === 'dataStatus' && e.data.problem === null);
    await t.call('posts.create', { workspace: null, title: 'After' });
  });

  it('at start, held whole: the app opens on what the file holds, read-only, and carries on once it lets go', async () => {
    const dir = await draftedFolder(['Before']);
    const file = join(dir, DATABASE_FILE);
    const other = await holder(file, true);
    const time = new VirtualTime();
    const t = await core(dir, { clock: time, scheduler: time });
    expect((await t.call('data.status', undefined)).problem?.kind).toBe('locked');
    expect((await t.call('posts.list', { workspace: null })).map((p) => p.title)).toEqual(['Before']);
    const refused = await t.core.invoke('posts.create', { workspace: null, title: 'Waits' });
    expect(refused.ok ? '' : refused.error.message).toMatch(/^Another program holds Outpost's database/);

    await release(other);
    time.advance(5_000);
    await t.waitFor((e) => e.name === 'dataStatus' && e.data.problem === null);
    await t.call('posts.create', { workspace: null, title: 'After' });
    await t.core.close(1_000);
    expect(titlesInFile(file)).toEqual(['After', 'Before']);
  });
});

describe('the command line on a database another program holds', () => {
  it('reads what the file holds, says why once, and refuses a change in the same words', async () => {
    const dir = await draftedFolder(['Before']);
    const cli = await buildCli('folder');
    cleanup.push(() => rmSync(cli, { force: true }));
    const other = await holder(join(dir, DATABASE_FILE), true);
    const said = /^outpost: Another program holds Outpost's database/gm;

    const read = await runCli(cli, ['--data-dir', dir, '--json', 'posts']);
    expect(read.code, read.stderr).toBe(0);
    expect(jsonOf<Array<{ title: string }>>(read).map((p) => p.title)).toEqual(['Before']);
    expect(read.stderr.match(said)).toHaveLength(1);

    const write = await runCli(cli, ['--data-dir', dir, 'draft', '--title', 'Waits']);
    expect(write.code).toBe(1);
    expect(write.stderr.match(said)).toHaveLength(1);
    await release(other);
    expect(titlesInFile(join(dir, DATABASE_FILE))).toEqual(['Before']);
  });
});

describe('a data folder deleted while Outpost runs', () => {
  it('stops writing into the lost file, says so, and makes the folder again with everything in it', async () => {
    const dir = await draftedFolder(['Before']);
    const time = new VirtualTime();
    const t = await core(dir, { host: 'browser', clock: time, scheduler: time });
    rmSync(dir, { recursive: true, force: true });
    // Saved before anything could tell: into the open file, which is no longer in any folder.
    await t.call('posts.create', { workspace: null, title: 'While gone' });

    time.advance(15_000);
    await problemOf(t, 'folder_gone');
    const refused = await t.core.invoke('posts.create', { workspace: null, title: 'Held in the window' });
    expect(refused.ok ? '' : refused.error.message).toMatch(/data folder \(.*\) is no longer there/);

    time.advance(5_000);
    await t.waitFor((e) => e.name === 'dataStatus' && e.data.problem === null);
    await t.call('posts.create', { workspace: null, title: 'After' });
    await t.core.close(1_000);
    expect(titlesInFile(join(dir, DATABASE_FILE))).toEqual(['After', 'Before', 'While gone']);
  });
});
