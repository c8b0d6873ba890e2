// The app's side of keeping the data safe, in one place for the facade: opening the database
// so that no start is bricked (store/open-store.ts), the copies kept without being asked, what
// the window must say about the folder (and when it may stop), and what the data.* commands do.
import { join } from 'node:path';
import { sql } from 'kysely';
import type { BridgeErrorInfo, DataProblemKind, DataStatus } from '@preload/bridge';
import { DATABASE_FILE } from '../../paths';
import type { Clock, Logger, Scheduler } from '../../ports';
import { BUSY_TIMEOUT_MS, type OpenedDatabase, type SqliteHandle } from '../../store/db';
import { NoRoomForCopy } from '../../store/copies';
import { copiesDirOf, openStore, RECOVERY_SETTING, readRecoveryReport } from '../../store/open-store';
import type { EarlyCheck } from '../../store/recovery/quick-check';
import type { RecoveryReport } from '../../store/recovery/recover';
import { CopyKeeper } from './copy-keeper';
import { dataActions, type DataActions } from './data-actions';
import { FolderWatch } from './folder-watch';
import { StorageStatus } from './storage-status';
import { recoveryNotice, saveRefusal } from '@preload/words/data';

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
  /** A quick check of the file made on another thread while the core loaded (store/recovery/quick-check.ts). */
  earlyCheck?: EarlyCheck;
}

/** While another program holds the file, a change is refused at once: waiting on it froze the window. */
const BUSY_TIMEOUT_WHILE_HELD_MS = 100;

export class Safekeeping {
  readonly #o: SafekeepingOptions;
  readonly #file: string;
  #store: OpenedDatabase | null = null;
  #recoveredNow: RecoveryReport | null = null;
  readonly keeper: CopyKeeper;
  readonly status: StorageStatus;
  readonly #folder: FolderWatch;

  constructor(options: SafekeepingOptions) {
    this.#o = options;
    this.#file = join(options.dataDir, DATABASE_FILE);
    const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
    const store = (): OpenedDatabase => this.#opened();
    this.keeper = new CopyKeeper({ store, dir: copiesDirOf(this.#file), ...options, ...binding });
    this.status = new StorageStatus({
      dataDir: options.dataDir,
      file: this.#file,
      scheduler: options.scheduler,
      logger: options.logger,
      emit: options.emit,
      probe: (kind) => this.#probe(kind),
      cleared: (kind) => {
        if (kind === 'locked') this.#store?.sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      },
      notice: () => this.#notice(),
    });
    this.#folder = new FolderWatch({
      file: this.#file,
      store,
      scheduler: options.scheduler,
      logger: options.logger,
      ...binding,
      gone: () => this.status.set('folder_gone'),
    });
  }

  #opened(): OpenedDatabase {
    if (this.#store === null) throw new Error('The database is not open yet.');
    return this.#store;
  }

  async open(): Promise<OpenedDatabase> {
    const { store, recovered, readOnly } = await openStore({
      file: this.#file,
      clock: this.#o.clock,
      logger: this.#o.logger,
      ...(this.#o.nativeBinding ? { nativeBinding: this.#o.nativeBinding } : {}),
      ...(this.#o.onDatabaseConnection ? { onConnection: this.#o.onDatabaseConnection } : {}),
      ...(this.#o.earlyCheck ? { earlyCheck: this.#o.earlyCheck } : {}),
    });
    this.#store = store;
    this.#recoveredNow = recovered;
    if (readOnly !== null) this.status.set(readOnly);
    return store;
  }

  /** The app's own copies and the watch on its folder (a CLI command makes a copy only when asked). */
  start(background: (work: () => Promise<unknown>) => void): void {
    if (this.#o.host === 'cli') return;
    this.keeper.start(background);
    this.#folder.start();
  }

  close(): void {
    this.keeper.stop();
    this.status.stop();
    this.#folder.stop();
  }

  /** What the data.* commands do; `imported` runs once rows were brought in. */
  actions(imported: () => void): DataActions {
    return dataActions({
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
    // Too little room for a copy is said in its own words: nothing else failed.
    if (error instanceof NoRoomForCopy) return { code: 'storage', message: error.message };
    // A folder gone is looked for now, not at the next check.
    if (this.#store !== null && !this.#store.inMemory) this.#folder.check();
    const kind = this.status.observe(error);
    if (kind === null) return null;
    if (kind === 'locked') this.#store?.sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_WHILE_HELD_MS}`);
    return {
      code: kind === 'disk_full' ? 'disk_full' : 'storage',
      message: saveRefusal(kind, this.#o.dataDir),
    };
  }

  async #notice() {
    const report = this.#store === null ? null : await readRecoveryReport(this.#store).catch(() => null);
    return report === null ? null : recoveryNotice(report, this.#recoveredNow?.at === report.at);
  }

  /**
   * Whether the folder takes changes again: the file back at its path (or made again), the file
   * itself when only a copy in memory could be opened, then one small committed write.
   */
  async #probe(kind: DataProblemKind): Promise<void> {
    const store = this.#opened();
    if (kind === 'folder_gone') await this.#folder.tryBack();
    else if (store.inMemory) await store.reopen();
    await sql`insert or replace into setting (key, value) values ('storageProbe', hex(zeroblob(8192)))`.execute(
      store.db,
    );
    await sql`delete from setting where key = 'storageProbe'`.execute(store.db);
  }
}
