// Real damage to real database files, the kinds a failing disk, a sync tool copying a file
// mid-write or a power cut leave: pages overwritten, a file cut short, a header zeroed. And where
// to aim: which pages are in use, and which hold a given text.
import { closeSync, openSync, readFileSync, statSync, truncateSync, writeSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';

export const PAGE = 4096;

/** The pages (numbered from 1) that belong to a table or an index, read before the damage. */
export function pagesInUse(file: string): number[] {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select pageno from dbstat order by pageno').pluck().all() as number[]).filter(
      (p) => p > 1,
    );
  } finally {
    db.close();
  }
}

/** The pages whose bytes hold `text` (UTF-8): where a draft's row lies. */
export function pagesHolding(file: string, text: string): number[] {
  const bytes = readFileSync(file);
  const needle = Buffer.from(text, 'utf8');
  const pages = new Set<number>();
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1))
    pages.add(Math.floor(at / PAGE) + 1);
  return [...pages];
}

/** Overwrites whole pages with a byte pattern, as a disk that lost those sectors would. */
export function overwritePages(file: string, pages: readonly number[], fill = 0x5a): void {
  const fd = openSync(file, 'r+');
  try {
    for (const page of pages) writeSync(fd, Buffer.alloc(PAGE, fill), 0, PAGE, (page - 1) * PAGE);
  } finally {
    closeSync(fd);
  }
}

/** Cuts the file to `fraction` of its size. */
export function truncateTo(file: string, fraction: number): void {
  truncateSync(file, Math.floor((statSync(file).size * fraction) / PAGE) * PAGE);
}

/** Zeroes the 100-byte header: SQLite then says "file is not a database". */
export function zeroHeader(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(100), 0, 100, 0);
  } finally {
    closeSync(fd);
  }
}

/** `count` pages in use from the middle of the file, none of those in `spare`. */
export function middlePages(file: string, count: number, spare: readonly number[] = []): number[] {
  const candidates = pagesInUse(file).filter((p) => !spare.includes(p));
  const start = Math.max(0, Math.floor(candidates.length / 2) - Math.floor(count / 2));
  return candidates.slice(start, start + count);
}
