// Opening the data folder's database so that a start can never be bricked by it: a copy is made
// before an upgrade changes the file; the file is checked (SQLite's quick check) on every open;
// and a damaged one is set aside and recovered (recovery/recover.ts), after which the start goes
// on with what was recovered and says what happened (RecoveryReport, kept in the settings until
// the user has seen it).
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Migration } from 'kysely';
import type { Clock, Logger } from '../ports';
import { ALL_PAGES, COPIES_DIR, freeBytes, makeCopy } from './copies';
import { openDatabase, type OpenedDatabase, type SqliteHandle } from './db';
import { damageCause, DamageFound, isDamage } from './recovery/damage';
import type { EarlyCheck } from './recovery/quick-check';
import { mergeRows } from './recovery/merge-rows';
import { moveAside, readBackUnconfirmed, setAsideAndRestore, type RecoveryReport } from './recovery/recover';
import { getSetting, setSetting } from './settings-repository';
import { storageFailureOf, type StorageFailure } from './storage-errors';

export const RECOVERY_SETTING = 'startRecovery';
/** The post that takes texts whose own post could not be read. */
export const STRAY_TITLE = 'Recovered texts';

export interface OpenStoreOptions {
  file: string;
  clock: Clock;
  logger: Logger;
  nativeBinding?: string;
  /** Test seam: the migrations to run (a chain with a failing step). */
  migrations?: Readonly<Record<string, Migration>>;
  /** Test seam: runs on each connection as it opens (a page limit standing in for a full disk). */
  onConnection?: (sqlite: SqliteHandle) => void;
  /** A quick check of the file made on another thread while the core loaded: the first open's check. */
  earlyCheck?: EarlyCheck;
}

export interface OpenedStore {
  store: OpenedDatabase;
  /** What this start recovered, when it found the database damaged. */
  recovered: RecoveryReport | null;
  /**
   * Opened read-only, on a copy in memory: the folder cannot be written, another program holds
   * the file, or the disk has no room left.
   */
  readOnly: 'read_only' | 'locked' | 'disk_full' | null;
}

export function copiesDirOf(file: string): string {
  return join(file, '..', COPIES_DIR);
}

/** A start that cannot open the database for the disk's sake, said in plain words. */
export class StartRefused extends Error {
  constructor(
    readonly failure: StorageFailure,
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
    this.name = 'StartRefused';
  }
}

function refusal(o: OpenStoreOptions, failure: StorageFailure | null, error: unknown): StartRefused | null {
  const folder = join(o.file, '..');
  if (failure === 'disk_full')
    return new StartRefused(
      failure,
      `Your disk is full: Outpost could not prepare its database in ${folder}. Nothing was lost; free some space and start Outpost again.`,
      error,
    );
  return null;
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Less room than this on the volume makes an I/O error at open the disk's: it is full. */
export const NO_ROOM_BYTES = 1024 * 1024;

/**
 * What an open's failure says of the disk or the folder. SQLite's "unable to open" in a folder or
 * on a file Outpost may not write is a read-only folder. On a volume with no room left, SQLite
 * cannot make its shared-memory file (made again at each open after a clean close): that comes
 * as a bare I/O error, and is the full disk.
 */
export function openFailureOf(
  error: unknown,
  place: { writable: boolean; freeBytes: number | null },
): StorageFailure | null {
  const failure = storageFailureOf(error);
  if (failure !== 'io') return failure;
  if (!place.writable) return 'read_only';
  return place.freeBytes !== null && place.freeBytes < NO_ROOM_BYTES ? 'disk_full' : failure;
}

export async function openStore(o: OpenStoreOptions): Promise<OpenedStore> {
  // A file with something to read in it before this open: what a full disk still lets be shown.
  const existed = existsSync(o.file);
  try {
    // The early check was of the file as it was at the start: only the first open takes it.
    return { store: await open(o, o.earlyCheck), recovered: null, readOnly: null };
  } catch (error) {
    const folder = dirname(o.file);
    const failure = openFailureOf(error, {
      writable: writable(folder) && writable(o.file),
      freeBytes: freeBytes(folder),
    });
    if (failure === 'read_only' || failure === 'locked' || (failure === 'disk_full' && existed)) {
      o.logger.warn('the database cannot be opened for writing: shown read-only', { failure });
      return { store: await openReadOnly(o), recovered: null, readOnly: failure };
    }
    if (!isDamage(error)) throw refusal(o, failure, error) ?? error;
    const cause = damageCause(error);
    const findings = error instanceof DamageFound ? error.findings.slice(0, 20) : [];
    o.logger.error('the database is damaged: setting it aside and recovering', { cause, findings });
    return recover(o, cause);
  }
}

function open(o: OpenStoreOptions, earlyCheck?: EarlyCheck): Promise<OpenedDatabase> {
  return openDatabase({
    file: o.file,
    check: true,
    ...(earlyCheck ? { earlyCheck } : {}),
    ...(o.nativeBinding ? { nativeBinding: o.nativeBinding } : {}),
    ...(o.migrations ? { migrations: o.migrations } : {}),
    ...(o.onConnection ? { onConnection: o.onConnection } : {}),
    beforeMigrations: (pending, sqlite) => copyBeforeUpgrade(o, pending, sqlite),
  });
}

/** A file that has data and is about to be upgraded is copied first, whole, in one step. */
async function copyBeforeUpgrade(o: OpenStoreOptions, pending: readonly string[], sqlite: SqliteHandle) {
  const recorded = sqlite
    .prepare("select count(*) from sqlite_master where name = 'kysely_migration'")
    .pluck()
    .get();
  if (recorded === 0 || pending.includes('0001-initial')) return;
  try {
    const copy = await makeCopy({
      sqlite,
      file: o.file,
      dir: copiesDirOf(o.file),
      kind: 'upgrade',
      at: o.clock.now(),
      pagesPerStep: ALL_PAGES,
      ...(o.nativeBinding ? { nativeBinding: o.nativeBinding } : {}),
    });
    o.logger.info('copied the database before an upgrade', { file: copy.file, upgrades: pending.join(', ') });
  } catch (error) {
    // Each step of the upgrade commits whole or not at all: it goes on without the copy.
    o.logger.warn('no copy could be made before the upgrade', { message: String(error) });
  }
}

async function recover(o: OpenStoreOptions, cause: string): Promise<OpenedStore> {
  const at = o.clock.now();
  const { report, salvage } = setAsideAndRestore({
    file: o.file,
    copiesDir: copiesDirOf(o.file),
    at,
    cause,
    ...(o.nativeBinding ? { nativeBinding: o.nativeBinding } : {}),
  });
  let store: OpenedDatabase;
  try {
    store = await open(o);
  } catch (error) {
    if (!isDamage(error)) throw error;
    // The copy passed its check and still failed: it is set aside too, and the start goes on empty.
    moveAside(o.file, o.clock.now());
    report.restoredFrom = null;
    store = await open(o);
  }
  const now = at.toISOString();
  const counts = mergeRows(store.sqlite, salvage.rows, { prefer: 'newer', now, strayTitle: STRAY_TITLE });
  const confirmed = new Set(salvage.rows.outbox_op.map((op) => String(op.id)));
  readBackUnconfirmed(store.sqlite, confirmed, now);
  report.merged = {
    posts: counts.posts,
    variants: counts.variants,
    textVersions: counts.textVersions,
    ops: counts.ops,
    strays: counts.strays,
  };
  await setSetting(store.db, RECOVERY_SETTING, report);
  o.logger.warn('recovered the database', { ...report });
  return { store, recovered: report, readOnly: null };
}

/**
 * The database's bytes as they can be read now: through SQLite (the write-ahead log included)
 * when it lets a reader in, else straight from the file; an empty database when there is none.
 */
function imageOf(o: OpenStoreOptions): Buffer {
  const binding = o.nativeBinding ? { nativeBinding: o.nativeBinding } : {};
  let bytes: Buffer;
  if (!existsSync(o.file)) {
    const empty = new BetterSqlite3(':memory:', binding);
    bytes = empty.serialize();
    empty.close();
    return bytes;
  }
  try {
    const reader = new BetterSqlite3(o.file, {
      readonly: true,
      fileMustExist: true,
      timeout: 1_000,
      ...binding,
    });
    try {
      bytes = reader.serialize();
    } finally {
      reader.close();
    }
  } catch {
    bytes = readFileSync(o.file);
  }
  // A database in memory has no write-ahead log: its header must not ask for one.
  if (bytes.length >= 20) bytes.fill(1, 18, 20);
  return bytes;
}

/** The folder cannot take changes: what is there is shown from a copy in memory, and never changed. */
async function openReadOnly(o: OpenStoreOptions): Promise<OpenedDatabase> {
  const image = (bytes: Buffer) =>
    openDatabase({
      file: o.file,
      readOnlyImage: bytes,
      check: true,
      ...(o.nativeBinding ? { nativeBinding: o.nativeBinding } : {}),
      ...(o.migrations ? { migrations: o.migrations } : {}),
    });
  try {
    return await image(imageOf(o));
  } catch (error) {
    // A file read in the middle of another program's write may not hold together: nothing is shown.
    o.logger.warn('the database could not be read either: an empty one is shown', { message: String(error) });
    const empty = new BetterSqlite3(':memory:');
    const bytes = empty.serialize();
    empty.close();
    return image(bytes);
  }
}

/** The report of the last recovery, until the user has seen it. */
export function readRecoveryReport(store: OpenedDatabase): Promise<RecoveryReport | null> {
  return getSetting<RecoveryReport | null>(store.db, RECOVERY_SETTING, null);
}
