// Column matching by header, the cells an export writes (never run as a formula), and the times
// a row may give, read in a zone.
import { describe, expect, it } from 'vitest';
import { fieldOfHeader, matchColumns, remapColumn } from '@preload/spreadsheet/columns';
import { safeCell, unsafeCell, writeCsv } from '@preload/spreadsheet/csv';
import { readTable } from '@preload/spreadsheet/table';
import { ROW_PROBLEMS } from '@preload/words/import';
import { readRowTime } from '../../../src-main/core/app/import-export/import-times';

describe('columns matched by header', () => {
  it.each([
    ['Title', 'title'],
    ['  TEXT ', 'text'],
    ['Content', 'text'],
    ['Caption', 'text'],
    ['Légende', null],
    ['Plateforme', 'platform'],
    ['Network', 'platform'],
    ['Date', 'time'],
    ['Scheduled at', 'time'],
    ['scheduled_at', 'time'],
    ['Publish-Time', 'time'],
    ['Handle', 'account'],
    ['Compte', 'account'],
    ['Contenu', 'text'],
    ['Post', 'post'],
    ['Notes', null],
  ])('%s → %s', (header, field) => {
    expect(fieldOfHeader(header)).toBe(field);
  });

  it('is blind to accents: "Título" and "TITULO" both name the title', () => {
    expect(fieldOfHeader('Título')).toBe('title');
    expect(fieldOfHeader('TITULO')).toBe('title');
  });

  it('gives a field to its first column only, and a re-map moves it from the column that had it', () => {
    const columns = matchColumns(['Date', 'Content', 'Caption', 'Network', 'Notes']);
    expect(columns).toEqual(['time', 'text', null, 'platform', null]);
    expect(remapColumn(columns, 2, 'text')).toEqual(['time', null, 'text', 'platform', null]);
    expect(remapColumn(columns, 0, null)).toEqual([null, 'text', null, 'platform', null]);
  });
});

describe('CSV cells a spreadsheet does not run', () => {
  it.each(['=1+1', '+33 6 12', '-2', '@acme', '\tx', '\rx'])('%j starts with an apostrophe', (value) => {
    expect(safeCell(value)).toBe(`'${value}`);
    expect(unsafeCell(safeCell(value))).toBe(value);
  });

  it('leaves other cells alone, apostrophes of their own included', () => {
    for (const value of ['Launch', "'quoted'", ' =x', '']) expect(safeCell(value)).toBe(value);
    expect(unsafeCell("'quoted'")).toBe("'quoted'");
  });

  it('writes a table the reader reads back cell for cell', () => {
    const rows = [
      ['=HYPERLINK("http://evil")', 'X', 'a, b\n"c"'],
      ['@acme', 'Bluesky', '-dash'],
    ];
    const csv = writeCsv(['title', 'platform', 'text'], rows);
    expect(csv).toContain('\r\n');
    const read = readTable(csv);
    if (!read.ok) throw new Error(read.message);
    expect(read.table.rows.map((r) => r.cells.map(unsafeCell))).toEqual(rows);
    expect(read.table.rows.flatMap((r) => r.cells).some((c) => /^[=+\-@]/.test(c))).toBe(false);
  });
});

describe('a row’s time', () => {
  const BERLIN = 'Europe/Berlin';
  it.each([
    ['2030-03-05T10:00:00+02:00', '2030-03-05T08:00:00.000Z'],
    ['2030-03-05T10:00Z', '2030-03-05T10:00:00.000Z'],
    ['2030-03-05 10:00 -0500', '2030-03-05T15:00:00.000Z'],
    ['2030-03-05 10:00', '2030-03-05T09:00:00.000Z'],
    ['2030-07-05T10:00:30', '2030-07-05T08:00:30.000Z'],
    ['2030/7/5 9:05', '2030-07-05T07:05:00.000Z'],
  ])('%s is %s (local times on Berlin’s clocks)', (value, iso) => {
    const time = readRowTime(value, BERLIN);
    expect(time.kind === 'instant' && new Date(time.at).toISOString()).toBe(iso);
  });

  it('queue and nothing are words of their own', () => {
    expect(readRowTime(' Queue ', BERLIN)).toEqual({ kind: 'queue' });
    expect(readRowTime('  ', BERLIN)).toEqual({ kind: 'empty' });
  });

  it('a time the clocks skip, one they show twice, and one not read are said so', () => {
    expect(readRowTime('2026-03-29 02:30', BERLIN)).toEqual({
      kind: 'problem',
      reason: ROW_PROBLEMS.gap('2026-03-29 02:30', BERLIN),
    });
    expect(ROW_PROBLEMS.gap('2026-03-29 02:30', BERLIN)).toBe(
      '2026-03-29 02:30 does not exist in Europe/Berlin (the clocks go forward)',
    );
    expect(readRowTime('2026-10-25 02:30', BERLIN)).toEqual({
      kind: 'problem',
      reason:
        '2026-10-25 02:30 happens twice in Europe/Berlin (the clocks go back): write 2026-10-25T02:30+02:00 or 2026-10-25T02:30+01:00',
    });
    for (const bad of ['03/29/2026 10:00', '2026-02-30 10:00', '2026-03-29', 'tomorrow', '2026-03-29 24:00'])
      expect(readRowTime(bad, BERLIN)).toEqual({ kind: 'problem', reason: ROW_PROBLEMS.unknownTime(bad) });
  });
});

describe('the limit check of an import', () => {
  it('agrees with the editor’s counter, over and within, whatever the platform', async () => {
    const { countFor, overLimitCount } = await import('@preload/counter');
    const texts = [
      'a'.repeat(280),
      'a'.repeat(281),
      '🚀'.repeat(150),
      'https://example.com/a/very/long/link '.repeat(12),
      '👨‍👩‍👧'.repeat(301),
      `${'b'.repeat(299)}\u200b`,
      'é'.repeat(3001),
    ];
    for (const platform of ['x', 'bluesky', 'linkedin', 'threads', 'mastodon', 'unknown'])
      for (const text of texts) {
        const counted = countFor(platform, text);
        expect(overLimitCount(platform, text)?.used ?? null).toBe(counted?.over ? counted.used : null);
      }
  });
});
