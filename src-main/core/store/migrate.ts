// Migrations that cannot leave a file half-upgraded. Each migration runs in a transaction of
// its own with the row that records it (SQLite's schema changes are transactional), so a kill,
// a full disk or an I/O error at any statement leaves the file at the version before that
// migration, and the next start runs it again from there. They go one at a time, so the work
// of the ones before stays done.
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  Migrator,
  sql,
  SqliteAdapter,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type NoMigrations,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import type { Database } from './schema';
import { messageOf } from '../error-message';

export const MIGRATION_TABLE = 'kysely_migration';

/** SQLite's DDL commits or rolls back with the transaction around it; Kysely's adapter says not. */
export class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** The Migrator's own tables, left out of the answer unless it asks for them. */
const KYSELY_TABLES = new Set([MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

/**
 * The schema as Kysely's Migrator asks for it: whether its tables exist, once as a file opens
 * and twice before each migration. Kysely's own SQLite introspector answers with every column
 * of every table and splits each table's SQL to find them: 55 of the 81 ms a new folder took to
 * open (22 migrations). Outpost reads no schema through Kysely otherwise, so this one answers
 * tables and views by name, and no columns.
 */
export class TableNamesIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return Promise.resolve([]);
  }

  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; type: string }>`select name, type from sqlite_master
      where type in ('table', 'view') and name not like 'sqlite_%' order by name`.execute(this.#db);
    return rows
      .filter((r) => options?.withInternalKyselyTables === true || !KYSELY_TABLES.has(r.name))
      .map((r) => ({ name: r.name, isView: r.type === 'view', columns: [] }));
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

export function migrationProvider(migrations: Readonly<Record<string, Migration>>): MigrationProvider {
  return { getMigrations: () => Promise.resolve({ ...migrations }) };
}

export function createMigrator(
  db: Kysely<Database>,
  migrations: Readonly<Record<string, Migration>>,
): Migrator {
  return new Migrator({ db, provider: migrationProvider(migrations), migrationTableName: MIGRATION_TABLE });
}

/** The migrations not yet recorded in the file, in order, up to `target` (the latest when omitted). */
export async function pendingMigrations(
  migrator: Migrator,
  target?: string | NoMigrations,
): Promise<string[]> {
  const all = await migrator.getMigrations();
  const names = all.map((m) => m.name);
  const last =
    target === undefined ? names.length : typeof target === 'string' ? names.indexOf(target) + 1 : 0;
  return all
    .slice(0, last)
    .filter((m) => m.executedAt === undefined)
    .map((m) => m.name);
}

export class MigrationFailed extends Error {
  constructor(
    readonly migration: string,
    override readonly cause: unknown,
  ) {
    super(`migration ${migration} did not complete: ${messageOf(cause)}`);
    this.name = 'MigrationFailed';
  }
}

/**
 * Runs `pending` one by one, each committed with its record. `before` runs once, before the
 * first of them (a copy of the file is made there). Throws MigrationFailed at the first that
 * fails; the ones before it stay applied.
 */
export async function migrateOneByOne(
  migrator: Migrator,
  pending: readonly string[],
  before?: (pending: readonly string[]) => Promise<void>,
): Promise<void> {
  if (pending.length === 0) return;
  await before?.(pending);
  for (const name of pending) {
    const result = await migrator.migrateTo(name);
    if (result.error !== undefined) throw new MigrationFailed(name, result.error);
  }
}
