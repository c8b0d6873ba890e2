// `outpost backup`, `backups`, `export` and `import-backup`, run as a script would: a copy made
// and listed; everything exported from one folder and brought into a new one gives the same
// posts, texts, history and posting times, twice without doubling; the token is never in the
// file; and a damaged database is recovered by the next command, which says so once.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupView, ImportReport, PostSummary } from '@preload/bridge';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { middlePages, overwritePages, pagesHolding } from '../../support/damage';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { openCore } from '../core/helpers';
import { buildCli, jsonOf, runCli, type Run } from './run-cli';

let cli = '';
let sandbox: SandboxHandle;
const dirs: string[] = [];
beforeAll(async () => {
  cli = await buildCli('data');
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
  for (const d of [...dirs, cli]) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-cli-data-'));
  dirs.push(dir);
  return dir;
}

const outpost = (dir: string, ...args: string[]): Promise<Run> =>
  runCli(cli, ['--data-dir', dir, ...args], { OUTPOST_TOKEN: sandbox.token });

async function ok(dir: string, ...args: string[]): Promise<string> {
  const run = await outpost(dir, ...args);
  expect(`${run.stderr}${run.code === 0 ? '' : ` (exit ${run.code})`}`).toBe('');
  return run.stdout.trim();
}

async function json<T>(dir: string, ...args: string[]): Promise<T> {
  const run = await outpost(dir, '--json', ...args);
  expect(run.code, run.stderr).toBe(0);
  return jsonOf<T>(run);
}

/** What a folder holds, read through the core (not one process per question): posts, texts, history, times. */
async function holdings(dir: string) {
  const t = await openCore({ dir });
  try {
    const out = [];
    for (const workspace of [null, sandbox.fixtures.workspace]) {
      for (const p of (await t.call('posts.list', { workspace })).sort((a, b) => a.id.localeCompare(b.id))) {
        const detail = await t.call('posts.get', { id: p.id });
        const texts = [];
        for (const v of detail.variants) {
          const history = await t.call('history.list', { variantId: v.id });
          texts.push({
            id: v.id,
            serverId: v.serverId,
            content: v.content,
            state: v.state,
            history: history.map((h) => [h.version, h.content]),
          });
        }
        const titles = await t.call('history.list', { postId: p.id });
        out.push({ id: p.id, title: p.title, workspace, texts, titles: titles.map((h) => h.content) });
      }
    }
    const slots = await t.call('planning.slots', {
      workspace: sandbox.fixtures.workspace,
      profileId: sandbox.fixtures.profiles.xDefault,
    });
    const outbox = (await t.call('outbox.list', undefined)).map((o) => [
      o.kind,
      o.state,
      o.postId,
      o.variantId,
    ]);
    return { posts: out, slots, outbox };
  } finally {
    await t.core.close(1_000);
  }
}

/**
 * What the folder an export came from holds, as a folder it is brought into holds it: a change
 * that waited to go comes back asked about first (it may have gone out since from the machine
 * it was made on), so its outcome is unknown rather than pending.
 */
async function broughtBack(dir: string) {
  const held = await holdings(dir);
  return {
    ...held,
    outbox: held.outbox.map(([kind, state, ...rest]) => [
      kind,
      state === 'pending' ? 'unknown' : state,
      ...rest,
    ]),
  };
}

describe('outpost backup and backups', () => {
  it('makes a private copy and lists it with its posts', async () => {
    const dir = folder();
    await ok(dir, 'draft', '--title', 'Kept');
    const path = await ok(dir, 'backup');
    expect(path).toMatch(/backups[/\\]outpost-[\dTZ-]+-manual\.db$/);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    const copies = await json<BackupView[]>(dir, 'backups');
    expect(copies).toEqual([expect.objectContaining({ file: path, kind: 'manual', posts: 1 })]);
    expect(await ok(dir, 'backups')).toMatch(/\t1 posts\tmanual\t/);
  });
});

describe('outpost export and import-backup', () => {
  it(
    'round-trips posts, texts, history and posting times into a new folder, twice without doubling',
    { timeout: 180_000 },
    async () => {
      const from = folder();
      const workspace = sandbox.fixtures.workspace;
      await ok(from, 'connect', '--base-url', sandbox.baseUrl);
      const synced = await ok(from, 'draft', '--title', 'Synced', '--workspace', workspace);
      const variant = await ok(from, 'variant', '--post', synced, '--platform', 'x', '--content', 'One');
      await ok(from, 'edit', '--variant', variant, '--content', 'Two');
      await ok(from, 'sync');
      await ok(from, 'edit', '--variant', variant, '--content', 'Three, not sent yet');
      const local = await ok(from, 'draft', '--title', 'Only here', '--workspace', workspace);
      await ok(from, 'variant', '--post', local, '--platform', 'linkedin', '--content', 'Never synced');
      await ok(
        from,
        'slots',
        '--account',
        sandbox.fixtures.profiles.xDefault,
        '--set',
        'Mon-Fri 09:00',
        '--zone',
        'Europe/Berlin',
      );

      const file = join(folder(), 'everything.json');
      const exported = await json<{ file: string; posts: number }>(from, 'export', '--out', file);
      expect(exported).toMatchObject({ file, posts: (await json<PostSummary[]>(from, 'posts')).length });
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain(sandbox.token);
      expect(JSON.parse(text)).toMatchObject({ format: 'outpost-export', version: 1 });

      const to = folder();
      const first = await json<ImportReport>(to, 'import-backup', file);
      expect(first).toMatchObject({ posts: exported.posts });
      expect(await holdings(to)).toEqual(await broughtBack(from));
      expect(await ok(to, 'slots', '--account', sandbox.fixtures.profiles.xDefault)).toBe(
        await ok(from, 'slots', '--account', sandbox.fixtures.profiles.xDefault),
      );
      // What waited to go still does: the edit and the local post's creates.
      expect((await ok(to, 'outbox')).split('\n').length).toBe((await ok(from, 'outbox')).split('\n').length);

      const second = await json<ImportReport>(to, 'import-backup', file);
      expect(second).toMatchObject({ posts: 0, variants: 0, textVersions: 0, ops: 0 });
      expect(await holdings(to)).toEqual(await broughtBack(from));

      // Into the folder it came from: nothing is doubled there either.
      expect(await json<ImportReport>(from, 'import-backup', file)).toMatchObject({ posts: 0, variants: 0 });
    },
  );

  it('refuses a file that is not an export, in plain words', async () => {
    const dir = folder();
    const file = join(dir, 'notes.json');
    writeFileSync(file, '{"hello": "world"}');
    const run = await outpost(dir, 'import-backup', file);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not an Outpost export/);
  });
});

describe('a command on a damaged database', () => {
  it(
    'recovers it, says what happened once on standard error, and answers',
    { timeout: 120_000 },
    async () => {
      const dir = folder();
      await ok(dir, 'draft', '--title', 'Before the copy, BEFORE-MARKER');
      await ok(dir, 'backup');
      for (let i = 0; i < 8; i++) await ok(dir, 'draft', '--title', `Filler ${i} ${'x'.repeat(900)}`);
      const file = join(dir, DATABASE_FILE);
      overwritePages(file, middlePages(file, 3, pagesHolding(file, 'BEFORE-MARKER')));

      const first = await outpost(dir, '--json', 'posts');
      expect(first.code).toBe(0);
      expect(jsonOf<PostSummary[]>(first).map((p) => p.title)).toContain('Before the copy, BEFORE-MARKER');
      expect(first.stderr).toMatch(/^outpost: Outpost found its database damaged .* and repaired it\.$/m);
      expect(first.stderr).toMatch(/^outpost: The damaged file was kept as it was: .*outpost\.db\.damaged-/m);

      const second = await outpost(dir, 'posts');
      expect(second.code).toBe(0);
      expect(second.stderr).toBe('');
    },
  );
});
