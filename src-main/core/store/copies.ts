// Copies of the database in `backups/` of the data folder, made with SQLite's online backup
// (never a file copy: a live WAL database copied by hand can be a damaged copy). The backup
// runs in short steps between other work on the same connection, so typing never waits for
// more than one step; SQLite brings the copy along with every write made on that connection
// meanwhile, so the copy is the database as it stood when the last step ran.
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  statfsSync,
} from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../paths';

export const COPIES_DIR = 'backups';

/**
 * Why a copy was made; each kind is kept in its own number (see KEEP):
 * - auto: at start when the newest is older than a day, and every few hours while Outpost runs;
 * - upgrade: before a new version changes the file;
 * - manual: `outpost backup` and the window's "Make a copy now";
 * - restore: what was there, before a copy or an export was brought back into it.
 */
export type CopyKind = 'auto' | 'upgrade' | 'manual' | 'restore';

/** How many copies of each kind are kept: at most ten, each about the size of the database. */
export const KEEP: Readonly<Record<CopyKind, number>> = { auto: 3, upgrade: 2, manual: 3, restore: 2 };

/** Pages copied per step: a step takes about a millisecond, the longest typing waits on a copy. */
export const PAGES_PER_STEP = 64;
/** One step for the whole file: for a copy made before anything else runs (before an upgrade). */
export const ALL_PAGES = 0x7fffffff;

export interface CopyFile {
  file: string;
  kind: CopyKind;
  /** When it was made, ISO. */
  at: string;
  bytes: number;
}

const NAME = /^outpost-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-(auto|upgrade|manual|restore)\.db$/;

export function copyName(at: Date, kind: CopyKind): string {
  return `outpost-${at.toISOString().replace(/[:.]/g, '-')}-${kind}.db`;
}

function timeOfName(stamp: string): string {
  // 2026-11-28T10-00-00-000Z -> 2026-11-28T10:00:00.000Z
  return `${stamp.slice(0, 13)}:${stamp.slice(14, 16)}:${stamp.slice(17, 19)}.${stamp.slice(20)}`;
}

/** The copies in `dir`, newest first; files of other names are left alone. */
export function listCopyFiles(dir: string): CopyFile[] {
  if (!existsSync(dir)) return [];
  const copies: CopyFile[] = [];
  for (const name of readdirSync(dir)) {
    const match = NAME.exec(name);
    if (!match) continue;
    const file = join(dir, name);
    try {
      copies.push({
        file,
        kind: match[2] as CopyKind,
        at: timeOfName(match[1] as string),
        bytes: statSync(file).size,
      });
    } catch {
      // Removed meanwhile.
    }
  }
  return copies.sort((a, b) => b.at.localeCompare(a.at));
}

/** Free bytes on the volume that holds `dir`, or null where the OS does not say. */
export function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

export class NoRoomForCopy extends Error {
  constructor(
    readonly needed: number,
    readonly free: number,
  ) {
    super(
      `There is not enough free space for a copy: it needs about ${megabytes(needed)}, and ${megabytes(free)} ` +
        'is free. Free some space and try again.',
    );
    this.name = 'NoRoomForCopy';
  }
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
}

/**
 * A copy leaves room: it is made only while the volume would keep at least the database's size
 * again and 50 MB free after it, so a copy can never be what fills the disk under the drafts.
 */
export function checkRoom(dir: string, databaseBytes: number): void {
  const free = freeBytes(dir);
  const needed = databaseBytes * 2 + 50_000_000;
  if (free !== null && free < needed) throw new NoRoomForCopy(needed, free);
}

export interface MakeCopyOptions {
  /** The database connection to copy from (its own writes ride along). */
  sqlite: BetterSqlite3.Database;
  /** The database file (for its size). */
  file: string;
  dir: string;
  kind: CopyKind;
  at: Date;
  nativeBinding?: string;
  /** Pages per step (PAGES_PER_STEP); ALL_PAGES when nothing else runs meanwhile. */
  pagesPerStep?: number;
}

/**
 * Makes one copy and keeps the newest of its kind (KEEP). Written beside under a temporary name
 * and renamed once whole and readable, so a copy cut short (a full disk, a kill) is never
 * mistaken for one. The copy is a single file (no write-ahead log), private like the folder.
 */
export async function makeCopy(options: MakeCopyOptions): Promise<CopyFile> {
  const { sqlite, dir, kind, at } = options;
  ensurePrivateDir(dir);
  // A folder that cannot be written is said as that (EROFS, EACCES), before any count of room.
  accessSync(dir, constants.W_OK);
  checkRoom(dir, fileSize(options.file));
  const name = copyName(at, kind);
  const partial = join(dir, `.${name}.partial`);
  try {
    await backupInSteps(sqlite, partial, options.pagesPerStep ?? PAGES_PER_STEP);
    settleCopy(partial, options.nativeBinding);
    const file = join(dir, name);
    renameSync(partial, file);
    pruneCopies(dir, kind);
    return { file, kind, at: at.toISOString(), bytes: statSync(file).size };
  } finally {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
  }
}

function fileSize(file: string): number {
  try {
    return statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
  } catch {
    return 0;
  }
}

/**
 * A copy of the database as it stands, at `target` (which it replaces), made in steps like any
 * other copy: for reading one moment's state while the app goes on (the export).
 */
export async function snapshotTo(
  sqlite: BetterSqlite3.Database,
  target: string,
  nativeBinding?: string,
): Promise<void> {
  await backupInSteps(sqlite, target, PAGES_PER_STEP);
  settleCopy(target, nativeBinding);
}

/** How often a step that found the connection in a transaction is tried again before giving up. */
const BUSY_STARTS = 20;

async function backupInSteps(sqlite: BetterSqlite3.Database, target: string, pages: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    rmSync(target, { force: true });
    // Created private before SQLite writes to it.
    closeSync(openSync(target, 'w', PRIVATE_FILE_MODE));
    const result = await sqlite.backup(target, { progress: () => pages });
    // A backup whose first step met the connection inside a transaction copies nothing and
    // says it is done: every database has at least one page.
    if (result.totalPages > 0) return;
    if (attempt >= BUSY_STARTS) throw new Error('The database stayed busy; the copy was not made.');
    await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
  }
}

/** The copy as one self-contained file, checked readable. */
function settleCopy(file: string, nativeBinding?: string): void {
  const copy = new BetterSqlite3(file, nativeBinding ? { nativeBinding } : {});
  try {
    copy.pragma('journal_mode = DELETE');
    copy.prepare('select count(*) from post').get();
  } finally {
    copy.close();
  }
}

/** Removes the copies of `kind` that KEEP does not keep. */
export function pruneCopies(dir: string, kind: CopyKind): void {
  const ofKind = listCopyFiles(dir).filter((c) => c.kind === kind);
  const kept = new Set(keptCopies(kind, ofKind));
  for (const copy of ofKind) if (!kept.has(copy)) rmSync(copy.file, { force: true });
}

/** The newest KEEP[kind]; of automatic copies, the newest of each of the last KEEP.auto days that have one. */
function keptCopies(kind: CopyKind, newestFirst: readonly CopyFile[]): CopyFile[] {
  if (kind !== 'auto') return newestFirst.slice(0, KEEP[kind]);
  const byDay = new Map<string, CopyFile>();
  for (const copy of newestFirst) if (!byDay.has(copy.at.slice(0, 10))) byDay.set(copy.at.slice(0, 10), copy);
  return [...byDay.values()].slice(0, KEEP.auto);
}
