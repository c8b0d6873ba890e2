// A damaged database, dealt with so that nothing that might be a draft is lost: the file (and
// its write-ahead log) is moved aside byte for byte, what can still be read from it is salvaged
// row by row, the newest copy that passes SQLite's check takes its place, and (once that is
// open and upgraded) the salvaged rows newer than the copy are merged into it. The next sync
// reads the rest from the service.
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { MAY_HAVE_GONE_OUT } from '@preload/words/data';
import { tightenFiles } from '../../paths';
import { listCopyFiles, type CopyFile } from '../copies';
import { readJsonObject } from '../json';
import { quickCheck } from './damage';
import { emptySalvage, salvageFile, type Row, type Salvage, type SalvagedTable } from './salvage';

/** What happened at a start that found the database damaged; kept until the user has read it. */
export interface RecoveryReport {
  at: string;
  /** SQLite's words for what was wrong. */
  cause: string;
  /** Where the damaged file was put, byte for byte. */
  damagedFile: string;
  /** The copy put in its place, or null when there was none that could be read. */
  restoredFrom: { file: string; at: string; kind: CopyFile['kind'] } | null;
  /** Rows read from the damaged file, per table. */
  salvaged: Partial<Record<SalvagedTable, number>>;
  /** Tables of which some rows could not be read. */
  unreadable: SalvagedTable[];
  /** Nothing at all could be read from the damaged file. */
  nothingRead: boolean;
  /** What the salvaged rows added to or changed in the copy (filled once merged). */
  merged: { posts: number; variants: number; textVersions: number; ops: number; strays: number } | null;
}

export interface SetAsideOptions {
  file: string;
  copiesDir: string;
  at: Date;
  cause: string;
  nativeBinding?: string;
}

export interface SetAside {
  report: RecoveryReport;
  salvage: Salvage;
}

/** `outpost.db` -> `outpost.db.damaged-2026-11-28T10-00-00-000Z`, its log and index beside it. */
export function moveAside(file: string, at: Date): string {
  const aside = `${file}.damaged-${at.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  for (const suffix of ['-wal', '-shm', '-journal'])
    if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${aside}${suffix}`);
  return aside;
}

/** Moves the damaged file aside, salvages it and puts the newest good copy in its place. */
export function setAsideAndRestore(o: SetAsideOptions): SetAside {
  const damagedFile = moveAside(o.file, o.at);
  tightenFiles([damagedFile, `${damagedFile}-wal`]);
  const work = mkdtempSync(join(o.copiesDir, '..', '.salvage-'));
  let salvage: Salvage;
  try {
    salvage = salvageFile(damagedFile, work, o.nativeBinding);
  } catch {
    salvage = emptySalvage();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const restored = restoreNewestGoodCopy(o.copiesDir, o.file, o.nativeBinding);
  const report: RecoveryReport = {
    at: o.at.toISOString(),
    cause: o.cause,
    damagedFile,
    restoredFrom: restored && { file: restored.file, at: restored.at, kind: restored.kind },
    salvaged: Object.fromEntries(Object.entries(salvage.rows).map(([t, rows]) => [t, rows.length])),
    unreadable: salvage.unreadable,
    nothingRead: salvage.nothingRead,
    merged: null,
  };
  return { report, salvage };
}

/** Copies the newest copy that passes SQLite's check to `file`; null when none does. */
export function restoreNewestGoodCopy(dir: string, file: string, nativeBinding?: string): CopyFile | null {
  const trying = `${file}.restoring`;
  for (const copy of listCopyFiles(dir)) {
    try {
      copyFileSync(copy.file, trying);
      checkCopy(trying, nativeBinding);
      renameSync(trying, file);
      tightenFiles([file]);
      return copy;
    } catch {
      rmSync(trying, { force: true });
    }
  }
  return null;
}

function checkCopy(file: string, nativeBinding?: string): void {
  const db = new BetterSqlite3(file, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    quickCheck(db);
  } finally {
    db.close();
  }
}

/** Why ops of the copy that the damaged file did not confirm are read back before anything is sent. */
export const READ_BACK_FIRST = MAY_HAVE_GONE_OUT.recovered;

/** An op's payload marked as brought back from an older moment (outbox/payload.ts `broughtBack`). */
function broughtBack(payload: unknown): string {
  // A payload that is not a JSON object carries nothing to keep.
  const kept = typeof payload === 'string' ? readJsonObject(payload) : null;
  return JSON.stringify({ ...kept, broughtBack: true });
}

/**
 * Changes waiting to go in rows brought in from a copy or an export, as changes of unknown
 * outcome: the service is asked about each before anything is sent, never sent blind. (A change
 * the folder has already is left as it is by the merge.)
 */
export function askFirst(ops: readonly Row[], why: string): Row[] {
  return ops.map((op) => {
    if (op.state === 'pending' || op.state === 'sending')
      return { ...op, state: 'unknown', next_attempt_at: null, error: why, payload: broughtBack(op.payload) };
    return op.state === 'unknown' ? { ...op, payload: broughtBack(op.payload) } : op;
  });
}

/**
 * The copy's changes waiting to go that the damaged file could not confirm may have gone out
 * after the copy was made: each is read back first (an unknown outcome), never sent blind.
 */
export function readBackUnconfirmed(
  sqlite: BetterSqlite3.Database,
  confirmed: ReadonlySet<string>,
  now: string,
): number {
  const waiting = sqlite.prepare("select id, payload from outbox_op where state = 'pending'").all() as Array<{
    id: string;
    payload: unknown;
  }>;
  const mark = sqlite.prepare(
    "update outbox_op set state = 'unknown', error = ?, next_attempt_at = null, updated_at = ?, payload = ? where id = ? and state = 'pending'",
  );
  let marked = 0;
  for (const op of waiting) {
    if (!confirmed.has(op.id))
      marked += mark.run(READ_BACK_FIRST, now, broughtBack(op.payload), op.id).changes;
  }
  return marked;
}
