// The app's side of keeping the data safe, in one place for the facade: opening the database
// so that no start is bricked (store/open-store.ts), the copies kept without being asked, what
// the window must say about the folder, and the data.* commands.
import { join } from 'node:path';
import { sql } from 'kysely';
import type { BridgeErrorInfo, DataCommands, DataStatus } from '@preload/bridge';
import { DATABASE_FILE } from '../../paths';
import type { Clock, Logger, Scheduler } from '../../ports';
import type { OpenedDatabase, SqliteHandle } from '../../store/db';
import { copiesDirOf, openStore, RECOVERY_SETTING, readRecoveryReport } from '../../store/open-store';
import type { RecoveryReport } from '../../store/recovery/recover';
import type { Handlers } from '../handlers';
import { CopyKeeper } from './copy-keeper';
import { dataHandlers } from './data-handlers';
import { StorageStatus } from './storage-status';
import { recoveryNotice, saveRefusal } from './words';

export interface SafekeepingOptions {
  dataDir: string;
  host: 'electron' | 'browser' | 'cli';
  version: string;
  clock: Clock;
  scheduler: Scheduler;
  logger: Logger;
  nativeBinding?: string;
  emit: (status: DataStatus) => void;
  /** Test seam: runs on the database connection as it opens (a page limit standing in for a full disk). */
  onDatabaseConnection?: (sqlite: SqliteHandle) => void;
}

export class Safekeeping {
  readonly #o: SafekeepingOptions;
  readonly #file: string;
  #store: OpenedDatabase | null = null;
  #recoveredNow: RecoveryReport | null = null;
  readonly keeper: CopyKeeper;
  readonly status: StorageStatus;

  constructor(options: SafekeepingOptions) {
    this.#o = options;
    this.#file = join(options.dataDir, DATABASE_FILE);
    this.keeper = new CopyKeeper({
      store: () => this.#opened(),
      dir: copiesDirOf(this.#file),
      clock: options.clock,
      scheduler: options.scheduler,
      logger: options.logger,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
    this.status = new StorageStatus({
      dataDir: options.dataDir,
      file: this.#file,
      scheduler: options.scheduler,
      logger: options.logger,
      emit: options.emit,
      probe: () => this.#probe(),
      notice: () => this.#notice(),
    });
  }

  #opened(): OpenedDatabase {
    if (this.#store === null) throw new Error('The database is not open yet.');
    return this.#store;
  }

  async open(): Promise<OpenedDatabase> {
    const { store, recovered } = await openStore({
      file: this.#file,
      clock: this.#o.clock,
      logger: this.#o.logger,
      ...(this.#o.nativeBinding ? { nativeBinding: this.#o.nativeBinding } : {}),
      ...(this.#o.onDatabaseConnection ? { onConnection: this.#o.onDatabaseConnection } : {}),
    });
    this.#store = store;
    this.#recoveredNow = recovered;
    return store;
  }

  /** The app's own copies (the window's hosts; a CLI command makes one only when asked). */
  start(background: (work: () => Promise<unknown>) => void): void {
    if (this.#o.host === 'cli') return;
    this.keeper.start(background);
  }

  close(): void {
    this.keeper.stop();
    this.status.stop();
  }

  handlers(imported: () => void): Handlers<keyof DataCommands> {
    return dataHandlers({
      dataDir: this.#o.dataDir,
      version: this.#o.version,
      clock: this.#o.clock,
      logger: this.#o.logger,
      ...(this.#o.nativeBinding ? { nativeBinding: this.#o.nativeBinding } : {}),
      store: () => this.#opened(),
      keeper: () => this.keeper,
      status: () => this.status,
      dismissNotice: async () => {
        await sql`delete from setting where key = ${RECOVERY_SETTING}`.execute(this.#opened().db);
        this.#recoveredNow = null;
      },
      imported,
    });
  }

  /** A command that failed for the folder's sake, as the bridge says it; null for any other failure. */
  bridgeError(error: unknown): BridgeErrorInfo | null {
    const kind = this.status.observe(error);
    if (kind === null) return null;
    return {
      code: kind === 'disk_full' ? 'disk_full' : 'storage',
      message: saveRefusal(kind, this.#o.dataDir),
    };
  }

  async #notice() {
    const report = this.#store === null ? null : await readRecoveryReport(this.#store).catch(() => null);
    return report === null ? null : recoveryNotice(report, this.#recoveredNow?.at === report.at);
  }

  /** One small committed write and its removal: through only when the folder takes changes again. */
  async #probe(): Promise<void> {
    const db = this.#opened().db;
    await sql`insert or replace into setting (key, value) values ('storageProbe', hex(zeroblob(8192)))`.execute(
      db,
    );
    await sql`delete from setting where key = 'storageProbe'`.execute(db);
  }
}
