// Writing CSV that a spreadsheet opens as data: every cell through Papa Parse's writer (quotes
// where a cell needs them, CRLF between rows), and a cell that a spreadsheet would run as a
// formula (one starting with =, +, -, @, a tab or a carriage return: OWASP's CSV injection
// advice) written with a leading apostrophe, which spreadsheets show as text and hide.
import Papa from 'papaparse';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell made safe to open in a spreadsheet. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell written by safeCell, as it was (an import of Outpost's own export reads it back). */
export function unsafeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

export function writeCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return Papa.unparse(
    { fields: header.map(safeCell), data: rows.map((r) => r.map(safeCell)) },
    { quotes: false, newline: '\r\n', escapeFormulae: false },
  );
}

/** A CSV as a file: a byte-order mark first, so Excel reads it as UTF-8, and a last line break. */
export function csvFile(csv: string): string {
  return `\ufeff${csv}\r\n`;
}
