// Opens the local database: better-sqlite3 under kysely, WAL, foreign keys, migrations from
// the static provider. A database written by a newer Outpost (a migration this build does
// not know) is refused before anything touches it, so an older build never damages it.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  sql,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type NoMigrations,
  type SqliteDialectConfig,
} from 'kysely';
import { ensurePrivateDir, ensurePrivateFile, tightenFiles } from '../paths';
import { MIGRATIONS, staticMigrationProvider } from './migrations/index';
import type { Database } from './schema';
import { cachingDatabase } from './statement-cache';

export const MIGRATION_TABLE = 'kysely_migration';

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
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  file: string;
  /** Copies the write-ahead log into the database file; call at quiet moments (see below). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite checkpoints by itself in whichever commit takes the log past this many pages. At the
 * default (1,000) that commit was often a keystroke's, and waited 10-30 ms for the copy and its
 * fsync; Outpost checkpoints at quiet moments instead (after a sync, a few seconds after the
 * last edit), and keeps this high bound only as a safety net.
 */
const AUTO_CHECKPOINT_PAGES = 10_000;

/** Migration names recorded in an existing file that this build does not ship. Read-only. */
export function findUnknownMigrations(file: string, nativeBinding?: string): string[] {
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
    return rows.map((r) => r.name).filter((name) => !(name in MIGRATIONS));
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
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function createMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: staticMigrationProvider, migrationTableName: MIGRATION_TABLE });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const { file, nativeBinding } = options;
  const unknown = findUnknownMigrations(file, nativeBinding);
  if (unknown.length > 0) throw new DatabaseTooNewError(file, unknown);
  if (file !== ':memory:') {
    ensurePrivateDir(dirname(file));
    // SQLite gives the -wal and -shm files the database file's mode, so this one decides.
    ensurePrivateFile(file);
  }

  const sqlite = new BetterSqlite3(file, nativeBinding ? { nativeBinding } : {});
  sqlite.pragma('journal_mode = WAL');
  // Left by an older build or another umask: tightened, not trusted.
  if (file !== ':memory:') tightenFiles([`${file}-wal`, `${file}-shm`, `${file}-journal`]);
  sqlite.pragma('foreign_keys = ON');
  // WAL + NORMAL is durable across application crashes; only an OS crash may lose the last
  // commits. A publish's claim is committed with FULL (durable-commit.ts).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: cachingDatabase(sqlite) }),
  });

  const migrator = createMigrator(db);
  const result =
    options.migrateTo === undefined
      ? await migrator.migrateToLatest()
      : await migrator.migrateTo(options.migrateTo);
  if (result.error) {
    await db.destroy();
    const cause = result.error instanceof Error ? result.error.message : JSON.stringify(result.error);
    throw new Error(`Could not prepare the database ${file}: ${cause}`);
  }
  return {
    db,
    file,
    // PASSIVE: copies what no reader still needs, never waits for anyone.
    checkpoint: async () => {
      await sql`pragma wal_checkpoint(PASSIVE)`.execute(db);
    },
    close: () => db.destroy(),
  };
}
