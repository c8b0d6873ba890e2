// Text as a table of cells, through a maintained CSV parser (Papa Parse): quoted cells with
// commas and line breaks, CRLF, and the separator detected (a comma, a semicolon from European
// Excel, or a tab from cells pasted out of a spreadsheet). Rows keep the numbers a spreadsheet
// shows them under: the header is row 1, and a blank row still counts.
import Papa from 'papaparse';
import type { ImportTable } from '../contract/import';
import { FILE_PROBLEMS, MAX_IMPORT_ROWS } from '../words/import';

export type ReadTable = { ok: true; table: ImportTable } | { ok: false; message: string };

const isBlank = (cells: readonly string[]): boolean => cells.every((c) => c.trim() === '');

/** The separator: a tab wherever a line holds one before any comma or semicolon is likely. */
function separatorOf(text: string): string | undefined {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // A paste from a spreadsheet is tab-separated; Papa Parse would guess right too, but a
  // header such as "title<TAB>text, with a comma" must not be split at its comma.
  return firstLine.includes('\t') ? '\t' : undefined;
}

export function readTable(text: string): ReadTable {
  const parsed = Papa.parse<string[]>(text, {
    delimiter: separatorOf(text),
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
  });
  const quote = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (quote !== undefined) return { ok: false, message: FILE_PROBLEMS.unclosedQuote((quote.row ?? 0) + 1) };
  const records = parsed.data;
  const headerAt = records.findIndex((cells) => !isBlank(cells));
  if (headerAt === -1) return { ok: false, message: FILE_PROBLEMS.empty };
  const header = (records[headerAt] ?? []).map((c) => c.trim());
  const rows: ImportTable['rows'] = [];
  for (let i = headerAt + 1; i < records.length; i++) {
    // A line break inside a quoted cell, as a Windows program writes it (CRLF, or an old CR), is
    // the text's own line break: one \n, as typed in the editor and as the service counts it.
    const cells = (records[i] ?? []).map((cell) => cell.replace(/\r\n?/g, '\n'));
    if (!isBlank(cells)) rows.push({ row: i + 1, cells });
  }
  if (rows.length === 0) return { ok: false, message: FILE_PROBLEMS.noRows };
  if (rows.length > MAX_IMPORT_ROWS) return { ok: false, message: FILE_PROBLEMS.tooManyRows(rows.length) };
  return { ok: true, table: { header, rows } };
}
