// Files as people have them: every encoding and separator a spreadsheet writes reads as the
// same table, and what is not a table gets one sentence.
import { describe, expect, it } from 'vitest';
import { checkedText, decodeFile } from '@preload/spreadsheet/decode';
import { readTable } from '@preload/spreadsheet/table';
import { FILE_PROBLEMS, MAX_IMPORT_BYTES } from '@preload/words/import';

const HEADER = ['title', 'platform', 'text'];
const ROWS = [
  ['Launch', 'X', 'We are live, finally!\nSee you there'],
  ['Café', 'LinkedIn', 'Ünïcödé “quotes” and 🚀'],
];

function tableOf(bytes: Uint8Array) {
  const decoded = decodeFile(bytes);
  if (!decoded.ok) throw new Error(decoded.message);
  const read = readTable(decoded.text);
  if (!read.ok) throw new Error(read.message);
  return read.table;
}

const quoted = (cell: string) => (/[",;\n\t]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const lines = (separator: string, newline: string) =>
  [HEADER, ...ROWS].map((r) => r.map(quoted).join(separator)).join(newline) + newline;

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[2 + i * 2] = littleEndian ? code & 0xff : code >> 8;
    out[3 + i * 2] = littleEndian ? code >> 8 : code & 0xff;
  }
  return out;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const expected = {
  header: HEADER,
  rows: [
    { row: 2, cells: ROWS[0] },
    { row: 3, cells: ROWS[1] },
  ],
};

describe('the forms a file comes in', () => {
  it.each([
    ['UTF-8, commas, LF', utf8(lines(',', '\n'))],
    ['UTF-8 with a BOM, CRLF', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(lines(',', '\r\n'))])],
    ['semicolons (European Excel), detected', utf8(lines(';', '\r\n'))],
    ['tabs (cells pasted from a spreadsheet)', utf8(lines('\t', '\n'))],
    ['UTF-16 LE with its mark (Excel\u2019s "Unicode text")', utf16(lines('\t', '\r\n'), true)],
    ['UTF-16 BE with its mark', utf16(lines(',', '\n'), false)],
  ])('%s reads as the same table, quoted cells with line breaks and commas kept', (_, bytes) => {
    expect(tableOf(bytes)).toEqual(expected);
  });

  it('reads a line break inside a quoted cell as one \\n, whether the program wrote CRLF or CR', () => {
    const table = tableOf(utf8('title,platform,text\r\nA,X,"one\r\ntwo\rthree\nfour"\r\n'));
    expect(table.rows[0]?.cells).toEqual(['A', 'X', 'one\ntwo\nthree\nfour']);
  });

  it('reads a Windows code page file (old Excel) when it is not UTF-8', () => {
    const latin1 = new Uint8Array([...utf8('title,platform,text\nCaf'), 0xe9, ...utf8(',X,d')]);
    expect(tableOf(latin1).rows[0]?.cells).toEqual(['Café', 'X', 'd']);
  });

  it('keeps the row numbers a spreadsheet shows: a blank row still counts, a multi-line cell is one row', () => {
    const table = tableOf(utf8('title,platform,text\n"A\nB",X,one\n\n,X,two\n'));
    expect(table.rows.map((r) => r.row)).toEqual([2, 4]);
  });

  it('reads a pasted header cell with a comma in it as one cell when the paste is tab-separated', () => {
    const read = readTable('title\ttext, with comma\nA\tB, C');
    expect(read).toEqual({
      ok: true,
      table: { header: ['title', 'text, with comma'], rows: [{ row: 2, cells: ['A', 'B, C'] }] },
    });
  });
});

describe('what is not a table gets one sentence', () => {
  it.each([
    ['an empty file', new Uint8Array(), FILE_PROBLEMS.empty],
    ['only blank lines', utf8('\n\r\n  \n'), FILE_PROBLEMS.empty],
    [
      'a PNG',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      FILE_PROBLEMS.notText,
    ],
    ['a file over 10 MB', new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x41), FILE_PROBLEMS.tooBig],
  ])('%s', (_, bytes, message) => {
    expect(decodeFile(bytes)).toEqual({ ok: false, message });
  });

  it('a header without rows, more than 5,000 rows, and a quote never closed', () => {
    expect(readTable('title,platform,text\n')).toEqual({ ok: false, message: FILE_PROBLEMS.noRows });
    const many = ['title,platform,text', ...Array.from({ length: 5001 }, (_, i) => `T${i},X,t`)].join('\n');
    expect(readTable(many)).toEqual({ ok: false, message: FILE_PROBLEMS.tooManyRows(5001) });
    const exactly = ['title,platform,text', ...Array.from({ length: 5000 }, (_, i) => `T${i},X,t`)].join(
      '\n',
    );
    expect(readTable(exactly).ok).toBe(true);
    expect(readTable('title,text\nA,"never closed\nB,c')).toEqual({
      ok: false,
      message: FILE_PROBLEMS.unclosedQuote(2),
    });
  });

  it('a paste holds to the same rules', () => {
    expect(checkedText('\ufeff  ')).toEqual({ ok: false, message: FILE_PROBLEMS.empty });
    expect(checkedText('a\u0000b')).toEqual({ ok: false, message: FILE_PROBLEMS.notText });
    expect(checkedText('\ufefftitle\tA')).toEqual({ ok: true, text: 'title\tA' });
  });
});
