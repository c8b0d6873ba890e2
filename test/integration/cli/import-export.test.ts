// `outpost import` and `outpost export` as a script runs them, against the sandbox: one line per
// row, a non-zero exit when a row is left out, --dry-run makes nothing, --json is the one
// document `{ rows }` (and `{ rows: [], error }` when nothing could be checked), the same file
// twice makes nothing twice, and the export is read back by the import.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportRowResult, PostSummary } from '@preload/bridge';
import { useCliSession } from './cli-session';
import { jsonOf } from './run-cli';

const session = useCliSession('import');
const dir = mkdtempSync(join(tmpdir(), 'outpost-import-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

// Far enough ahead to be still to come whenever the test runs.
const PLAN = [
  'title;platform;account;text;time',
  'Spring sale;X;@acme;Spring sale starts now;2031-04-01T09:00:00Z',
  'Spring sale;LinkedIn;;"Spring sale: everything, 20% off;\nsee the shop";2031-04-01T09:00:00Z',
  `Too long;X;;${'x'.repeat(312)};`,
  'Spring sale;X;@acme;Spring sale starts now;2031-04-01T09:00:00Z',
].join('\r\n');

describe('outpost import and export', () => {
  it('checks, imports, says each row, and makes nothing twice', { timeout: 240_000 }, async () => {
    const { ok, outpost, sandbox } = session;
    const workspace = sandbox.fixtures.workspace;
    await ok('connect', '--base-url', sandbox.baseUrl);
    await ok('sync');
    const plan = file('plan.csv', PLAN);

    const dry = await outpost('import', plan, '--workspace', workspace, '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.stdout.trim().split('\n')).toEqual([
      'row 2: ready for 2031-04-01T09:00:00.000Z',
      'row 3: ready for 2031-04-01T09:00:00.000Z',
      'row 4: invalid: 312 of 280 characters for X',
      'row 5: duplicate: the same post and text as row 2',
    ]);
    expect(await ok('posts', '--workspace', workspace)).not.toContain('Spring sale');

    const made = await outpost('--json', 'import', plan, '--workspace', workspace);
    expect(made.code).toBe(1);
    // Exactly the document the command line names: `rows`, nothing around it.
    const document = JSON.parse(made.stdout) as { rows: ImportRowResult[] };
    expect(Object.keys(document)).toEqual(['rows']);
    const rows = document.rows;
    expect(rows.map((r) => Object.keys(r))).toEqual(
      rows.map(() => ['row', 'status', 'reason', 'postId', 'variantId', 'scheduledAt']),
    );
    expect(rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'invalid'],
      [5, 'duplicate'],
    ]);
    expect(rows[0]?.postId).toBe(rows[1]?.postId);
    const variants = await ok('--json', 'variants', '--post', rows[0]!.postId!);
    expect(variants).toContain('everything, 20% off;\\nsee the shop');

    const again = await outpost('import', plan, '--workspace', workspace);
    expect(again.code).toBe(1);
    expect(again.stdout.trim().split('\n').slice(0, 2)).toEqual([
      'row 2: duplicate: already imported (it is in Outpost)',
      'row 3: duplicate: already imported (it is in Outpost)',
    ]);

    // The export, read back by the import: everything in it is here already.
    const out = join(dir, 'export.csv');
    expect(await ok('export', '--workspace', workspace, '--out', out)).toMatch(/^Wrote \d+ rows to /);
    const exported = readFileSync(out, 'utf8');
    expect(exported.startsWith('\ufefftitle,platform,account,text,time,post,state,link,id\r\n')).toBe(true);
    expect(exported).toContain('"Spring sale: everything, 20% off;\nsee the shop"');
    const back = await outpost('import', out, '--workspace', workspace);
    expect(
      back.stdout
        .trim()
        .split('\n')
        .every((l) => /: (duplicate: already|invalid: )/.test(l)),
    ).toBe(true);
    expect(back.stdout).toMatch(/row \d+: duplicate: already in Outpost/);

    // Standard output, when no file is named.
    expect(await ok('export', '--workspace', workspace)).toContain('Spring sale starts now');
  });

  it('says in one sentence why a file cannot be read, and makes nothing', { timeout: 120_000 }, async () => {
    const { outpost, sandbox } = session;
    const workspace = sandbox.fixtures.workspace;
    const empty = await outpost('import', file('empty.csv', ''), '--workspace', workspace);
    expect([empty.code, empty.stderr.trim()]).toEqual([
      1,
      'outpost: The file is empty: there is nothing to import.',
    ]);
    const binary = file('image.png', '\x89PNG\r\n\x1a\n\0\0\0\rIHDR');
    const notText = await outpost('--json', 'import', binary, '--workspace', workspace);
    expect(notText.code).toBe(1);
    expect(JSON.parse(notText.stdout)).toEqual({
      rows: [],
      error: { code: 'invalid_state', message: expect.stringMatching(/not .*text/i) as unknown },
    });
    const missing = await outpost('import', join(dir, 'nope.csv'), '--workspace', workspace);
    expect(missing.code).toBe(2);
    // A folder where the file goes: said so, not as Node's EISDIR.
    const isFolder = `${dir} is a folder, not a file: 'import' needs a CSV or TSV file.`;
    const folder = await outpost('import', dir, '--workspace', workspace);
    expect([folder.code, folder.stdout, folder.stderr]).toEqual([2, '', `outpost: ${isFolder}\n`]);
    const folderJson = await outpost('--json', 'import', dir, '--workspace', workspace);
    expect([folderJson.code, JSON.parse(folderJson.stdout)]).toEqual([
      2,
      { rows: [], error: { code: 'usage', message: isFolder } },
    ]);
    const backupFolder = await outpost('import-backup', dir);
    expect([backupFolder.code, backupFolder.stderr]).toEqual([
      2,
      `outpost: ${dir} is a folder, not a file: 'import-backup' needs a file (an export, or a copy from backups/).\n`,
    ]);

    // Stopped before any row, --json still answers the import's own document, saying why.
    const plan = file('one-row.csv', 'title,platform,text\nHello,X,Hello world');
    const unknown = await outpost('--json', 'import', plan, '--workspace', 'no-such-workspace');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toEqual({
      rows: [],
      error: { code: 'not_found', message: expect.stringContaining('no-such-workspace') as unknown },
    });
    const noSlug = await outpost('--json', 'import', plan);
    expect(noSlug.code).toBe(2);
    expect(JSON.parse(noSlug.stdout)).toEqual({
      rows: [],
      error: { code: 'usage', message: "'import' needs --workspace." },
    });
    // Every other command keeps its envelope.
    const otherCommand = await outpost('--json', 'export');
    expect([otherCommand.code, JSON.parse(otherCommand.stdout)]).toEqual([
      2,
      { ok: false, error: { code: 'usage', message: expect.stringContaining('--workspace') as unknown } },
    ]);
    const noWorkspace = await outpost('export');
    expect([noWorkspace.code, noWorkspace.stderr]).toEqual([
      2,
      "outpost: export needs --out FILE (everything, as JSON) or --workspace SLUG (that workspace's posts, as CSV).\n",
    ]);
  });

  it(
    'leaves out a row without a title, in the same words with --dry-run and --json',
    { timeout: 120_000 },
    async () => {
      const { ok, outpost, sandbox } = session;
      const workspace = sandbox.fixtures.workspace;
      await ok('connect', '--base-url', sandbox.baseUrl);
      const plan = file(
        'untitled.csv',
        [
          'title,platform,text,time',
          ',X,Nobody named me,2031-12-20T12:00:00Z',
          'Named,X,Named me,2031-12-20T12:00:00Z',
        ].join('\n'),
      );
      const why = 'no title: the service keeps the title a post is created with; give the row a title';
      const dry = await outpost('import', plan, '--workspace', workspace, '--dry-run');
      expect([dry.code, dry.stdout.trim().split('\n')]).toEqual([
        1,
        [`row 2: invalid: ${why}`, 'row 3: ready for 2031-12-20T12:00:00.000Z'],
      ]);
      const made = await outpost('--json', 'import', plan, '--workspace', workspace);
      expect(made.code).toBe(1);
      const document = JSON.parse(made.stdout) as { rows: ImportRowResult[] };
      expect(Object.keys(document)).toEqual(['rows']);
      expect(document.rows[0]).toEqual({
        row: 2,
        status: 'invalid',
        reason: why,
        postId: null,
        variantId: null,
        scheduledAt: null,
      });
      expect(document.rows[1]?.status).toBe('created');
    },
  );

  it(
    'brings a post with no variant back from its export as a post with no variant, once',
    { timeout: 120_000 },
    async () => {
      const { ok, outpost, sandbox } = session;
      const f = sandbox.fixtures;
      await ok('connect', '--base-url', sandbox.baseUrl);
      const idea = await ok('draft', '--title', 'An idea, no text yet', '--workspace', f.workspace);
      const out = join(dir, 'with-an-idea.csv');
      await ok('export', '--workspace', f.workspace, '--out', out);
      const [header = '', ...lines] = readFileSync(out, 'utf8').split('\r\n');
      const ideaRow = lines.find((line) => line.includes(idea)) ?? '';
      // Its title, and nothing where a variant's platform, account, text and time go.
      expect(ideaRow.startsWith('"An idea, no text yet",,,,,')).toBe(true);
      const exported = await outpost('import', out, '--workspace', f.workspace, '--dry-run');
      expect(exported.stdout).not.toContain('there is no platform');
      const one = file('an-idea.csv', `${header}\r\n${ideaRow}\r\n`);

      // Here already: its post is still in the workspace.
      const here = await outpost('import', one, '--workspace', f.workspace);
      expect([here.code, here.stdout.trim()]).toEqual([1, 'row 2: duplicate: already in Outpost']);

      // Into another workspace: a post of that title, with no variant.
      expect(await ok('import', one, '--workspace', f.secondWorkspace, '--dry-run')).toBe('row 2: ready');
      const made = await outpost('--json', 'import', one, '--workspace', f.secondWorkspace);
      expect(made.code).toBe(0);
      const [row] = (JSON.parse(made.stdout) as { rows: ImportRowResult[] }).rows;
      expect(row).toMatchObject({ row: 2, status: 'created', reason: null, variantId: null });
      const variants = jsonOf<unknown[]>(await outpost('--json', 'variants', '--post', row!.postId!));
      expect(variants).toEqual([]);
      const posts = jsonOf<PostSummary[]>(await outpost('--json', 'posts', '--workspace', f.secondWorkspace));
      expect(posts.filter((p) => p.title === 'An idea, no text yet')).toHaveLength(1);

      // Once: the same file again makes nothing, in words and in the exit code.
      const again = await outpost('import', one, '--workspace', f.secondWorkspace);
      expect([again.code, again.stdout.trim()]).toEqual([1, 'row 2: duplicate: already in Outpost']);
    },
  );
});
