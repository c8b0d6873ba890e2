// What can still be read from a damaged database, row by row. The damaged file itself is never
// opened (SQLite would write to it): a copy of it is, with its header rebuilt when the header is
// what was lost. Each table is read in rowid order; where a page cannot be read, the rows past
// it are looked up one rowid at a time until the table reads again, so one bad page costs only
// the rows on it.
import {
  closeSync,
  copyFileSync,
  existsSync,
  fstatSync,
  openSync,
  readSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** The tables whose rows are the user's work or are needed to sync it, parents first. */
export const SALVAGED_TABLES = [
  'connection',
  'setting',
  'workspace',
  'social_profile',
  'post',
  'variant',
  'text_version',
  'posting_schedule',
  'posting_slot',
  'sign_off_account',
  'outbox_op',
] as const;
export type SalvagedTable = (typeof SALVAGED_TABLES)[number];

export type Row = Record<string, unknown>;

export interface Salvage {
  rows: Record<SalvagedTable, Row[]>;
  /** Tables of which some rows could not be read (or the whole table, when its root was lost). */
  unreadable: SalvagedTable[];
  /** Nothing could be read: not even the list of tables. */
  nothingRead: boolean;
}

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** Consecutive rowids looked up in vain before the rest of a table is taken as lost. */
const MISSES_BEFORE_END = 20_000;
const ROWID = '__outpost_rowid';

export function emptySalvage(): Salvage {
  const rows = Object.fromEntries(SALVAGED_TABLES.map((t) => [t, []])) as unknown as Record<
    SalvagedTable,
    Row[]
  >;
  return { rows, unreadable: [], nothingRead: true };
}

/** Reads what it can of `damaged` (and its write-ahead log) through a copy made in `workDir`. */
export function salvageFile(damaged: string, workDir: string, nativeBinding?: string): Salvage {
  const copy = join(workDir, 'salvage.db');
  copyFileSync(damaged, copy);
  const wal = existsSync(`${damaged}-wal`) && statSync(`${damaged}-wal`).size > 0;
  if (wal) copyFileSync(`${damaged}-wal`, `${copy}-wal`);
  rebuildHeader(copy, wal);
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(copy, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  } catch {
    return emptySalvage();
  }
  try {
    return salvageTables(db);
  } finally {
    db.close();
  }
}

function salvageTables(db: BetterSqlite3.Database): Salvage {
  const salvage = emptySalvage();
  let present: Set<string>;
  try {
    const names = db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
    present = new Set(names);
  } catch {
    return salvage;
  }
  salvage.nothingRead = false;
  for (const table of SALVAGED_TABLES) {
    if (!present.has(table)) continue;
    const { rows, complete } = salvageTable(db, table);
    salvage.rows[table] = rows;
    if (!complete) salvage.unreadable.push(table);
  }
  return salvage;
}

/** Every row of `table` that can be read, in rowid order; `complete` when no read failed. */
export function salvageTable(db: BetterSqlite3.Database, table: string): { rows: Row[]; complete: boolean } {
  const found = new Map<number, Row>();
  const scan = db.prepare(`select rowid as ${ROWID}, * from "${table}" where rowid > ? order by rowid`);
  const one = db.prepare(`select rowid as ${ROWID}, * from "${table}" where rowid = ?`);
  const keep = (row: Row): number => {
    const rowid = Number(row[ROWID]);
    delete row[ROWID];
    found.set(rowid, row);
    return rowid;
  };
  let after = Number.MIN_SAFE_INTEGER;
  let complete = true;
  const scanFrom = (from: number): boolean => {
    try {
      for (const row of scan.iterate(from) as Iterable<Row>) after = keep(row);
      return true;
    } catch {
      return false;
    }
  };
  if (scanFrom(after)) return { rows: [...found.values()], complete };
  complete = false;
  const end = lastRowid(db, table);
  let misses = 0;
  for (
    let rowid = Math.max(after, 0) + 1;
    (end === null || rowid <= end) && misses < MISSES_BEFORE_END;
    rowid++
  ) {
    let row: Row | undefined;
    try {
      row = one.get(rowid) as Row | undefined;
    } catch {
      row = undefined;
    }
    if (row === undefined) {
      misses++;
      continue;
    }
    misses = 0;
    after = keep(row);
    // The table reads again from here: scan on until the next page that cannot be read.
    if (scanFrom(after)) break;
    rowid = after;
  }
  return { rows: [...found.values()], complete };
}

function lastRowid(db: BetterSqlite3.Database, table: string): number | null {
  try {
    const last = db.prepare(`select max(rowid) from "${table}"`).pluck().get();
    return typeof last === 'number' ? last : null;
  } catch {
    return null;
  }
}

const PAGE_TYPES = new Set([0x02, 0x05, 0x0a, 0x0d]);

/**
 * A file whose first 100 bytes were lost keeps its pages: a header rebuilt with SQLite's defaults
 * (and the page size its pages show) makes them readable again. Outpost never changes a page's
 * size from SQLite's default, so 4096 is tried first.
 */
export function rebuildHeader(file: string, wal: boolean): boolean {
  const fd = openSync(file, 'r+');
  try {
    const head = Buffer.alloc(100);
    readSync(fd, head, 0, 100, 0);
    if (head.subarray(0, 16).equals(MAGIC)) return false;
    const size = fstatSync(fd).size;
    const pageSize = guessPageSize(fd, size);
    writeSync(fd, header(pageSize, Math.ceil(size / pageSize), wal), 0, 100, 0);
    return true;
  } finally {
    closeSync(fd);
  }
}

function guessPageSize(fd: number, size: number): number {
  const byte = Buffer.alloc(1);
  for (const candidate of [4096, 1024, 2048, 8192, 16_384, 32_768, 65_536]) {
    if (size < candidate * 2) continue;
    readSync(fd, byte, 0, 1, candidate);
    if (PAGE_TYPES.has(byte[0] as number)) return candidate;
  }
  return 4096;
}

function header(pageSize: number, pages: number, wal: boolean): Buffer {
  const h = Buffer.alloc(100);
  MAGIC.copy(h, 0);
  h.writeUInt16BE(pageSize === 65_536 ? 1 : pageSize, 16);
  h[18] = wal ? 2 : 1; // file format write version: 2 reads the write-ahead log
  h[19] = wal ? 2 : 1;
  h[20] = 0; // reserved bytes per page
  h[21] = 64; // payload fractions, fixed by the format
  h[22] = 32;
  h[23] = 32;
  h.writeUInt32BE(1, 24); // change counter
  h.writeUInt32BE(pages, 28); // pages in the file
  h.writeUInt32BE(1, 40); // schema cookie
  h.writeUInt32BE(4, 44); // schema format
  h.writeUInt32BE(1, 56); // text encoding: UTF-8
  h.writeUInt32BE(1, 92); // version-valid-for: the change counter, so the page count is trusted
  h.writeUInt32BE(3_045_000, 96);
  return h;
}

/** Every row of the kept tables of a sound database file (a copy), read without writing to it. */
export function readCopyRows(file: string, nativeBinding?: string): Record<SalvagedTable, Row[]> {
  const db = new BetterSqlite3(file, {
    readonly: true,
    fileMustExist: true,
    ...(nativeBinding ? { nativeBinding } : {}),
  });
  try {
    const present = new Set(
      db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
    );
    const rows = emptySalvage().rows;
    for (const table of SALVAGED_TABLES)
      if (present.has(table)) rows[table] = db.prepare(`select * from "${table}"`).all() as Row[];
    return rows;
  } finally {
    db.close();
  }
}
