// Importing posts from a table and exporting the list, in the core against the sandbox: every
// verdict with its row number, posts made through the outbox as one step (offline too) with one
// undo, nothing made twice, the queue's slots, and an export read back by the import.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { ImportField, ImportRequest } from '@preload/bridge';
import { matchColumns } from '@preload/spreadsheet/columns';
import { decodeFile } from '@preload/spreadsheet/decode';
import { readTable } from '@preload/spreadsheet/table';
import { parsePostingTimes } from '@preload/posting-times';
import { FILE_PROBLEMS, rowSentence } from '@preload/words/import';
import { startCoreThread } from '../../../src-main/core-thread/threaded-core';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { coreWorkerBundle } from '../../support/core-worker-bundle';
import { root } from '../cli/run-cli';
import { connectedCores, MemorySecrets, type TestCore } from './helpers';

// A Tuesday, 10:00 in Berlin.
const START = new Date('2030-01-01T09:00:00.000Z');
const connected = connectedCores(START);

function request(workspace: string, csv: string, extra: Partial<ImportRequest> = {}): ImportRequest {
  const read = readTable(csv);
  if (!read.ok) throw new Error(read.message);
  return { workspace, table: read.table, columns: matchColumns(read.table.header), ...extra };
}

const lines = (rows: string[]) => ['title,platform,account,text,time', ...rows].join('\n');

async function sentences(c: TestCore, req: ImportRequest): Promise<string[]> {
  const check = await c.call('posts.checkImport', req);
  return check.rows.map((r) => (r.reason === null ? `Row ${r.row}: ready` : rowSentence(r.row, r.reason)));
}

describe('every row checked before anything is made', () => {
  it('says why each row cannot be made, with its row number, and makes nothing', async () => {
    const { c, workspace } = await connected();
    const before = await c.call('posts.list', { workspace });
    const req = request(
      workspace,
      lines([
        'Ready,X,@acme,Hello,2030-01-05 10:00',
        `Long,x,,${'a'.repeat(312)},2030-01-05 10:00`,
        'Jobs,LinkedIn,Acme Jobs,We hire,2030-01-05 10:00',
        'Toots,Mastodon,,Hello,2030-01-05 10:00',
        'Spring,twitter,acme_support,Hi,2030-03-31 02:30',
        'Autumn,X,Acme,Hi,2030-10-27 02:30',
        'Late,X,101,Hi,2029-12-31 23:00',
        'Ready,X,@acme,Hello,2030-01-06 10:00',
        'Nowhere,,,Hi,',
        'Empty,X,,   ,',
        'When,X,,Hi,next tuesday',
        'Sky,Bluesky,,' + '🚀'.repeat(301) + ',',
        // Nobody quoted the text, so its comma made a cell more: refused, never imported cut short.
        'Cut,X,,Hello, world,2030-01-05 10:00',
      ]),
      { zone: 'Europe/Berlin' },
    );
    expect(await sentences(c, req)).toEqual([
      'Row 2: ready',
      'Row 3: 312 of 280 characters for X',
      "Row 4: no active LinkedIn account 'Acme Jobs' in this workspace",
      'Row 5: no active Mastodon account in this workspace',
      'Row 6: 2030-03-31 02:30 does not exist in Europe/Berlin (the clocks go forward)',
      'Row 7: 2030-10-27 02:30 happens twice in Europe/Berlin (the clocks go back): write 2030-10-27T02:30+02:00 or 2030-10-27T02:30+01:00',
      'Row 8: that time is past',
      'Row 9: the same post and text as row 2',
      'Row 10: there is no platform',
      'Row 11: there is no text',
      "Row 12: 'next tuesday' is not a time Outpost reads: write 2030-03-29 09:30 (a local time), 2030-03-29T09:30+02:00, or queue",
      'Row 13: 301 of 300 characters for Bluesky',
      "Row 14: it has more cells than the header has columns ('2030-01-05 10:00' past the last): a text holding a comma or a semicolon needs quotes around it",
    ]);
    expect(await c.call('posts.list', { workspace })).toEqual(before);
  });

  it('reads local times on the clock of the window that asks when the account has none', async () => {
    // The window may be in another zone than the core's computer (a browser in Auckland on a
    // host in UTC): its 10:00 is Auckland's, gaps included.
    const { c, workspace } = await connected();
    const req = request(
      workspace,
      lines(['Kiwi,X,@acme,Hello,2030-01-05 10:00', 'Gap,X,@acme,Hi,2030-04-07 02:30']),
      {
        viewerZone: 'Pacific/Auckland',
      },
    );
    const check = await c.call('posts.checkImport', req);
    expect(check.rows.map((r) => [r.row, r.scheduledAt])).toEqual([
      [2, '2030-01-04T21:00:00.000Z'],
      [3, null],
    ]);
    expect(await sentences(c, req)).toEqual([
      'Row 2: ready',
      'Row 3: 2030-04-07 02:30 happens twice in Pacific/Auckland (the clocks go back): write 2030-04-07T02:30+13:00 or 2030-04-07T02:30+12:00',
    ]);
  });

  it('refuses a row without a title, and the other rows of its post: an untitled post never leaves', async () => {
    const { c, workspace } = await connected();
    const before = await c.call('posts.list', { workspace });
    const req = request(
      workspace,
      [
        'title,platform,account,text,time,post',
        ',X,@acme,No title,2030-01-05 10:00,',
        ',X,@acme,Untitled first row,2030-01-05 11:00,p1',
        'Named later,LinkedIn,,Its post is untitled,2030-01-05 11:00,p1',
        'Named,X,@acme,Fine,2030-01-05 12:00,',
      ].join('\n'),
      { zone: 'Europe/Berlin' },
    );
    expect(await sentences(c, req)).toEqual([
      'Row 2: no title: the service keeps the title a post is created with; give the row a title',
      'Row 3: no title: the service keeps the title a post is created with; give the row a title',
      'Row 4: its post has no title: the service keeps the title a post is created with; give row 3 a title',
      'Row 5: ready',
    ]);
    const made = await c.call('posts.import', req);
    expect(made.rows.map((r) => r.status)).toEqual(['invalid', 'invalid', 'invalid', 'created']);
    expect(made.posts).toBe(1);
    const titles = (await c.call('posts.list', { workspace })).map((p) => p.title);
    expect(titles.length).toBe(before.length + 1);
    expect(titles).not.toContain('');
  });

  it('refuses a table without a text or platform column, and an unknown workspace, in one sentence', async () => {
    const { c, workspace } = await connected();
    const req = request(workspace, 'title,platform,body\nA,X,hi');
    const columns: Array<ImportField | null> = ['title', 'platform', null];
    const answer = await c.core.invoke('posts.checkImport', { ...req, columns });
    expect(answer).toEqual({ ok: false, error: { code: 'invalid_state', message: FILE_PROBLEMS.noText } });
    const unknown = await c.core.invoke('posts.import', { ...req, workspace: 'nope' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('made as one step, through the outbox', () => {
  it('makes posts and variants with their times, groups rows into posts, reports, and one undo takes it back', async () => {
    const { c, workspace } = await connected();
    const req = request(
      workspace,
      lines([
        'Launch,X,,We are live,2030-01-05T10:00:00+01:00',
        'Launch,LinkedIn,Acme Inc.,We are live (long form),2030-01-05T10:00:00+01:00',
        'Tips,X,acme,"Tip one, with a comma",',
        `Bad,X,,${'b'.repeat(300)},`,
      ]),
    );
    const report = await c.call('posts.import', req);
    expect(report.summary).toBe('2 posts planned, 1 left out: row 5 (300 of 280 characters for X)');
    expect(report.rows.map((r) => [r.row, r.status, r.scheduledAt])).toEqual([
      [2, 'created', '2030-01-05T09:00:00.000Z'],
      [3, 'created', '2030-01-05T09:00:00.000Z'],
      [4, 'created', null],
      [5, 'invalid', null],
    ]);
    expect(report.rows[0]?.postId).toBe(report.rows[1]?.postId);
    const launch = await c.call('posts.get', { id: report.rows[0]!.postId! });
    expect(launch.title).toBe('Launch');
    expect(launch.variants.map((v) => [v.platform, v.content, v.scheduledAt])).toEqual([
      ['x', 'We are live', '2030-01-05T09:00:00.000Z'],
      ['linkedin', 'We are live (long form)', '2030-01-05T09:00:00.000Z'],
    ]);
    const undoable = c.events.filter((e) => e.name === 'undoable');
    expect(undoable.map((e) => e.data.label)).toEqual(['Imported 2 posts']);

    // The sync takes them to the service as typed posts go.
    await c.core.syncNow('user');
    const status = await c.call('sync.status', undefined);
    expect(status.pending).toBe(0);
    expect((await c.call('posts.get', { id: launch.id })).serverId).not.toBeNull();

    // Imported again: recognised row by row, nothing made twice.
    const again = await c.call('posts.import', req);
    expect(again.rows.map((r) => [r.row, r.status, r.reason])).toEqual([
      [2, 'duplicate', 'already imported (it is in Outpost)'],
      [3, 'duplicate', 'already imported (it is in Outpost)'],
      [4, 'duplicate', 'already imported (it is in Outpost)'],
      [5, 'invalid', '300 of 280 characters for X'],
    ]);
    expect(again.posts).toBe(0);
  });

  it('works offline, and its undo removes every post it made; imported again, each is made once', async () => {
    const { c, s, workspace } = await connected();
    await s.close();
    const req = request(
      workspace,
      lines(['One,X,,First,', 'Two,X,,Second,', 'Two,LinkedIn,,Second (LinkedIn),']),
    );
    const made = await c.call('posts.import', req);
    expect(made.posts).toBe(2);
    expect((await c.call('sync.status', undefined)).pending).toBeGreaterThan(0);
    const titles = async () => (await c.call('posts.list', { workspace })).map((p) => p.title).sort();
    expect(await titles()).toContain('Two');
    const undone = await c.call('undo.run', {});
    expect(undone).toMatchObject({ label: 'Imported 2 posts', undone: 2, refused: [] });
    expect(await titles()).not.toContain('Two');
    const again = await c.call('posts.import', req);
    expect(again.rows.map((r) => r.status)).toEqual(['created', 'created', 'created']);
    expect((await titles()).filter((t) => t === 'One' || t === 'Two')).toEqual(['One', 'Two']);
  });

  it('puts queue rows, and rows without a time, in the account’s next free posting slots', async () => {
    const { c, workspace, s } = await connected();
    const slots = parsePostingTimes('Mon-Fri 09:00 12:30');
    if (!slots.ok) throw new Error(slots.message);
    await c.call('planning.setSlots', {
      workspace,
      profileId: s.fixtures.profiles.xDefault,
      zone: 'Europe/Berlin',
      slots: slots.slots,
    });
    const req = request(
      workspace,
      lines([
        'A,X,acme,Queued,queue',
        // Berlin 12:30 on Tuesday: the first slot, taken by this row's own time.
        'B,X,acme,Timed,2030-01-01 12:30',
        'C,X,acme,No time,',
        'D,LinkedIn,,No slots,',
        'E,LinkedIn,,No slots,queue',
        'F,X,,Two X accounts,queue',
      ]),
    );
    const check = await c.call('posts.checkImport', req);
    expect(check.rows.map((r) => [r.row, r.scheduledAt, r.queued, r.reason])).toEqual([
      [2, '2030-01-02T08:00:00.000Z', true, null],
      [3, '2030-01-01T11:30:00.000Z', false, null],
      [4, '2030-01-02T11:30:00.000Z', true, null],
      [5, null, false, null],
      [6, null, false, "'queue' needs posting times, and this LinkedIn account has none"],
      [
        7,
        null,
        false,
        "'queue' needs one account: name it in the account column (this workspace has several X accounts)",
      ],
    ]);
  });
});

describe('export', () => {
  it('writes the list as CSV, safe to open, which the import reads back as already here', async () => {
    const { c, s, workspace } = await connected();
    const post = await c.call('posts.create', { workspace, title: '=SUM(A1:A9)' });
    await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: '@everyone -1, "quoted"\nsecond line',
      account: { kind: 'default' },
    });
    const { csv, rows } = await c.call('posts.export', { workspace, ids: [post.id] });
    expect(rows).toBe(1);
    const read = readTable(csv);
    if (!read.ok) throw new Error(read.message);
    expect(read.table.header).toEqual([
      'title',
      'platform',
      'account',
      'text',
      'time',
      'post',
      'state',
      'link',
      'id',
    ]);
    expect(read.table.rows[0]?.cells.slice(0, 4)).toEqual([
      "'=SUM(A1:A9)",
      'X',
      '',
      '\'@everyone -1, "quoted"\nsecond line',
    ]);
    const back = request(workspace, csv);
    const check = await c.call('posts.checkImport', back);
    expect(check.rows.map((r) => [r.status, r.reason])).toEqual([['duplicate', 'already in Outpost']]);
    // Into another workspace's X account, the same file makes the post, its text as it was.
    const made = await c.call('posts.import', { ...back, workspace: s.fixtures.secondWorkspace });
    expect(made.rows[0]?.status).toBe('created');
    const copy = await c.call('posts.get', { id: made.rows[0]!.postId! });
    expect([copy.title, copy.variants[0]?.content]).toEqual([
      '=SUM(A1:A9)',
      '@everyone -1, "quoted"\nsecond line',
    ]);
  });
});

describe('the sample file the README shows', () => {
  it('reads and checks with every row ready', async () => {
    const { c, s, workspace } = await connected();
    const slots = parsePostingTimes('Mon-Fri 10:00');
    if (!slots.ok) throw new Error(slots.message);
    await c.call('planning.setSlots', {
      workspace,
      profileId: s.fixtures.profiles.xSecond,
      zone: 'Europe/Berlin',
      slots: slots.slots,
    });
    const decoded = decodeFile(new Uint8Array(readFileSync(join(root, 'docs', 'import-sample.csv'))));
    if (!decoded.ok) throw new Error(decoded.message);
    const check = await c.call('posts.checkImport', request(workspace, decoded.text));
    expect(check.rows.map((r) => [r.row, r.status, r.reason])).toEqual([
      [2, 'ready', null],
      [3, 'ready', null],
      [4, 'ready', null],
      [5, 'ready', null],
      [6, 'ready', null],
    ]);
    expect(check.posts).toBe(3);
  });
});

describe('two imports of one file at the same moment', () => {
  it('make each post once, a title-only row’s too, from two cores on their own threads', async () => {
    const { c, workspace } = await connected();
    const workerFile = await coreWorkerBundle();
    const windows = await Promise.all(
      [0, 1].map(() =>
        startCoreThread({
          options: {
            dataDir: c.dir,
            host: 'browser',
            version: 'test',
            syncIntervalMs: false,
          },
          secrets: { store: new MemorySecrets(), message: null },
          workerFile,
        }),
      ),
    );
    // A third program holds the database while both check the file, so both find nothing made
    // yet and then wait for it: each makes its posts only after the other's are there.
    const holder = new Database(join(c.dir, DATABASE_FILE));
    try {
      holder.exec('begin immediate');
      const req = request(
        workspace,
        ['title,platform,text', 'Only a title,,', 'With a text,X,Hello'].join('\n'),
      );
      const imports = windows.map((w) => w.invoke('posts.import', req));
      await new Promise((resolve) => setTimeout(resolve, 500));
      holder.exec('commit');
      const reports = await Promise.all(imports);
      const made = reports.map((r) => (r.ok ? r.value.posts : r.error.message));
      expect(made.sort()).toEqual([0, 2]);
      const titles = (await c.call('posts.list', { workspace })).map((p) => p.title);
      expect(titles.filter((t) => t === 'Only a title')).toHaveLength(1);
      expect(titles.filter((t) => t === 'With a text')).toHaveLength(1);
    } finally {
      holder.close();
      for (const w of windows) await w.close(1_000);
    }
  });
});
