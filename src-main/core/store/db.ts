// Opens the local database: better-sqlite3 under kysely, WAL, foreign keys, migrations from
// the static provider. A database written by a newer Outpost (a migration this build does
// not know) is refused before anything touches it, so an older build never damages it.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  sql,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DialectAdapter,
  type Driver,
  type Migration,
  type NoMigrations,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import { ensurePrivateDir, ensurePrivateFile, tightenFiles } from '../paths';
import {
  createMigrator,
  migrateOneByOne,
  MIGRATION_TABLE,
  pendingMigrations,
  TableNamesIntrospector,
  TransactionalDdlSqliteAdapter,
} from './migrate';
import { MIGRATIONS } from './migrations/index';
import { checkFile, quickCheck } from './recovery/damage';
import type { EarlyCheck } from './recovery/quick-check';
import type { Database } from './schema';
import { cachingDatabase } from './statement-cache';

export { createMigrator, MIGRATION_TABLE, MigrationFailed } from './migrate';

/** The raw connection under Kysely: for the online backup and the integrity check. */
export type SqliteHandle = BetterSqlite3.Database;

export class DatabaseTooNewError extends Error {
  constructor(
    readonly file: string,
    readonly unknownMigrations: string[],
  ) {
    super(
      `The database ${file} was written by a newer version of Outpost (it has migration ` +
        `${unknownMigrations.join(', ')}, which this version does not know). Update Outpost to open it; ` +
        'the file was left untouched.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

export interface OpenDatabaseOptions {
  file: string;
  /** A better-sqlite3 binary built for another ABI (Electron's). */
  nativeBinding?: string;
  /** Stop at this migration (tests of one migration); default: the latest. */
  migrateTo?: string | NoMigrations;
  /** The migrations this build ships (tests pass a chain with a failing step). */
  migrations?: Readonly<Record<string, Migration>>;
  /** Runs once before the first pending migration, with their names: a copy of the file is made there. */
  beforeMigrations?: (pending: readonly string[], sqlite: SqliteHandle) => Promise<void>;
  /** Runs on the connection as soon as it is open, before anything is read (tests set a page limit). */
  onConnection?: (sqlite: SqliteHandle) => void;
  /** Runs SQLite's quick check before anything else: damage throws (recovery/damage.ts). */
  check?: boolean;
  /** The verdict of a quick check of this file already under way on another thread, used in its place. */
  earlyCheck?: EarlyCheck;
  /**
   * The database's bytes, opened in memory instead of the file and read-only once upgraded: a
   * folder Outpost cannot write, or a file another program holds, is shown and never changed.
   */
  readOnlyImage?: Buffer;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  file: string;
  /** The connection under Kysely now (reopen() replaces it). */
  readonly sqlite: SqliteHandle;
  /** Opened on a copy in memory, read-only: the folder could not be written or read as a database. */
  readonly inMemory: boolean;
  /** Copies the write-ahead log into the database file; call at quiet moments (see below). */
  checkpoint(): Promise<void>;
  /**
   * Opens the file at `file` again and carries on there, between two of Kysely's queries: the
   * folder came back, or was made again with everything in it.
   */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** The connection under Kysely, which can be replaced by one on the same path (reopen). */
class SwappableConnection {
  #handle: SqliteHandle;
  #cached: SqliteDatabase;
  constructor(handle: SqliteHandle) {
    this.#handle = handle;
    this.#cached = cachingDatabase(handle);
  }
  get handle(): SqliteHandle {
    return this.#handle;
  }
  /** What Kysely talks to: the same object whichever connection is under it. */
  readonly database: SqliteDatabase = {
    prepare: (text) => this.#cached.prepare(text),
    close: () => this.#cached.close(),
  };
  swap(next: SqliteHandle): void {
    const old = this.#cached;
    this.#handle = next;
    this.#cached = cachingDatabase(next);
    try {
      old.close();
    } catch {
      // A connection on a file that is gone may not close cleanly: the new one is what counts.
    }
  }
}

/**
 * SQLite checkpoints by itself in whichever commit takes the log past this many pages. At the
 * default (1,000) that commit was often a keystroke's, and waited 10-30 ms for the copy and its
 * fsync; Outpost checkpoints at quiet moments instead (after a sync, a few seconds after the
 * last edit), and keeps this high bound only as a safety net.
 */
const AUTO_CHECKPOINT_PAGES = 10_000;

/**
 * The bound while a full pull writes: a first pull of a large library crosses 10,000 pages again
 * and again, and the commit that crosses it stops the core's thread for over 100 ms, keystrokes
 * waiting behind it. In steps of 1,000 pages each stop is a tenth of that. A pull's rows are
 * new, so the smaller steps copy no more in all; a push rewrites the same pages, and copying them
 * ten times as often cost it a fifth of its speed, so the rest of the time keeps the high bound.
 */
const PULL_CHECKPOINT_PAGES = 1_000;

/** Runs `work` (a full pull) with SQLite checkpointing in small steps, then puts the usual bound back. */
export async function withPullCheckpoints<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  await sql`pragma wal_autocheckpoint = ${sql.raw(String(PULL_CHECKPOINT_PAGES))}`.execute(db);
  try {
    return await work();
  } finally {
    await sql`pragma wal_autocheckpoint = ${sql.raw(String(AUTO_CHECKPOINT_PAGES))}`.execute(db);
  }
}

/** How long a write waits for another process's write lock before it gives up (SQLITE_BUSY). */
export const BUSY_TIMEOUT_MS = 5_000;

/** Migration names recorded in an existing file that this build does not ship. Read-only. */
export function findUnknownMigrations(
  file: string,
  nativeBinding?: string,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): string[] {
  if (file === ':memory:' || !existsSync(file)) return [];
  const probe = new BetterSqlite3(file, {
    readonly: true,
    fileMustExist: true,
    ...(nativeBinding ? { nativeBinding } : {}),
  });
  try {
    const table = probe
      .prepare("select name from sqlite_master where type = 'table' and name = ?")
      .get(MIGRATION_TABLE);
    if (!table) return [];
    const rows = probe.prepare(`select name from ${MIGRATION_TABLE}`).all() as Array<{ name: string }>;
    return rows.map((r) => r.name).filter((name) => !(name in migrations));
  } finally {
    probe.close();
  }
}

/**
 * Kysely begins SQLite transactions DEFERRED: the write lock is taken at the first write. In WAL
 * mode a transaction that read first and then finds that another process committed meanwhile
 * fails at once with SQLITE_BUSY (busy_snapshot), without waiting for busy_timeout: with the CLI
 * and the window on one data folder that surfaced as "database is locked" after the service had
 * applied a request. IMMEDIATE takes the write lock at BEGIN, where busy_timeout does wait.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #connection: SwappableConnection;
  constructor(config: SqliteDialectConfig, connection: SwappableConnection) {
    super(config);
    this.#connection = connection;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  /**
   * SQLite rolls a transaction back by itself after some failures (a full disk, an I/O error):
   * a second ROLLBACK would then fail, and its error would hide the one that caused it.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#connection.handle.inTransaction) await super.rollbackTransaction(connection);
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #connection: SwappableConnection;
  constructor(connection: SwappableConnection) {
    super({ database: connection.database });
    this.#connection = connection;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#connection.database }, this.#connection);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new TableNamesIntrospector(db);
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const { file, nativeBinding } = options;
  const image = options.readOnlyImage;
  const migrations = options.migrations ?? MIGRATIONS;
  const unknown = image ? [] : findUnknownMigrations(file, nativeBinding, migrations);
  if (unknown.length > 0) throw new DatabaseTooNewError(file, unknown);
  if (file !== ':memory:' && !image) {
    ensurePrivateDir(dirname(file));
    // SQLite gives the -wal and -shm files the database file's mode, so this one decides.
    ensurePrivateFile(file);
  }

  const binding = nativeBinding ? { nativeBinding } : {};
  const connection = new SwappableConnection(new BetterSqlite3(image ?? file, binding));
  const sqlite = connection.handle;
  let db: Kysely<Database> | null = null;
  try {
    options.onConnection?.(sqlite);
    if (!image) configure(sqlite, file);
    if (options.check) await checkFile(sqlite, options.earlyCheck ?? null);
    db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(connection) });
    const migrator = createMigrator(db, migrations);
    const pending = await pendingMigrations(migrator, options.migrateTo);
    const before = options.beforeMigrations;
    await migrateOneByOne(migrator, pending, before && ((names) => before(names, sqlite)));
    // A copy in memory is for reading: a change there would be lost, so none is taken.
    if (image) sqlite.pragma('query_only = ON');
  } catch (error) {
    if (db) await db.destroy();
    else sqlite.close();
    throw error;
  }
  const latest = Object.keys(migrations).sort().at(-1) ?? '';
  return openedDatabase(db, file, connection, {
    inMemory: image !== undefined,
    latest,
    binding,
    ...(options.onConnection ? { onConnection: options.onConnection } : {}),
  });
}

interface ReopenOptions {
  inMemory: boolean;
  /** The last migration this build ships: the file taken over must be at it. */
  latest: string;
  binding: { nativeBinding?: string };
  onConnection?: (sqlite: SqliteHandle) => void;
}

/** The file at `file`, ready to take over: configured, checked, and at the schema this build runs. */
function connectionAt(file: string, o: ReopenOptions): SqliteHandle {
  const next = new BetterSqlite3(file, { fileMustExist: true, ...o.binding });
  try {
    o.onConnection?.(next);
    configure(next, file);
    quickCheck(next);
    const last: unknown = next.prepare(`select max(name) from ${MIGRATION_TABLE}`).pluck().get();
    if (last !== o.latest)
      throw new Error('The database needs an upgrade: start Outpost again to finish it.');
    return next;
  } catch (error) {
    next.close();
    throw error;
  }
}

function openedDatabase(
  db: Kysely<Database>,
  file: string,
  connection: SwappableConnection,
  o: ReopenOptions,
): OpenedDatabase {
  let inMemory = o.inMemory;
  return {
    db,
    file,
    get sqlite() {
      return connection.handle;
    },
    get inMemory() {
      return inMemory;
    },
    // PASSIVE: copies what no reader still needs, never waits for anyone.
    checkpoint: async () => {
      await sql`pragma wal_checkpoint(PASSIVE)`.execute(db);
    },
    reopen: () =>
      // Kysely's connection is held meanwhile: no query runs while the connection changes.
      db.connection().execute(() => {
        connection.swap(connectionAt(file, o));
        inMemory = false;
        return Promise.resolve();
      }),
    close: () => db.destroy(),
  };
}

function configure(sqlite: SqliteHandle, file: string): void {
  sqlite.pragma('journal_mode = WAL');
  // Left by an older build or another umask: tightened, not trusted.
  if (file !== ':memory:') tightenFiles([`${file}-wal`, `${file}-shm`, `${file}-journal`]);
  sqlite.pragma('foreign_keys = ON');
  // WAL + NORMAL is durable across application crashes; only an OS crash may lose the last
  // commits. A publish's claim is committed with FULL (durable-commit.ts).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
}
