// Where a database file's bytes go: its size on disk, and SQLite's dbstat table of each table
// and index (pages, the bytes of their rows, the bytes left empty in their pages).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';

export interface StoredObject {
  /** A table or an index. */
  name: string;
  bytes: number;
  /** What its rows or entries hold. */
  payload: number;
  /** Left empty in its pages. */
  unused: number;
}

/** The database file with its write-ahead log and shared memory, as they lie on disk. */
export function sqliteFileBytes(file: string): number {
  const dir = dirname(file);
  const name = basename(file);
  return readdirSync(dir)
    .filter((f) => f === name || f === `${name}-wal` || f === `${name}-shm`)
    .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
}

/** Each table and index of the file, largest first (read only; the file is not changed). */
export function whereBytesGo(file: string): StoredObject[] {
  if (!existsSync(file)) throw new Error(`no database at ${file}`);
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        `select name, sum(pgsize) as bytes, sum(payload) as payload, sum(unused) as unused
         from dbstat group by name order by bytes desc`,
      )
      .all() as StoredObject[];
  } finally {
    db.close();
  }
}
