// What the window must say about the data folder, and when it may stop saying it. A write that
// failed for the disk's or the folder's sake (full, read-only, held by another program, gone)
// sets the problem; a small write tried every few seconds clears it once it goes through, so
// everything carries on without a restart. The notice of a recovered start stays until read.
import { existsSync } from 'node:fs';
import type { DataNotice, DataProblemKind, DataStatus } from '@preload/bridge';
import type { Cancel, Logger, Scheduler } from '../../ports';
import { storageFailureOf } from '../../store/storage-errors';
import { problemText } from '@preload/words/data';

/** How often a write is tried while the folder cannot take one. */
export const PROBE_EVERY_MS = 5_000;

export interface StorageStatusOptions {
  dataDir: string;
  /** The database file: gone from its folder means the folder is gone. */
  file: string;
  scheduler: Scheduler;
  logger: Logger;
  emit: (status: DataStatus) => void;
  /** Whether the folder takes changes again (one small committed write); throws while it cannot. */
  probe: (kind: DataProblemKind) => Promise<void>;
  /** The folder takes changes again. */
  cleared?: (kind: DataProblemKind) => void;
  notice: () => Promise<DataNotice | null>;
}

export class StorageStatus {
  readonly #o: StorageStatusOptions;
  #problem: DataProblemKind | null = null;
  #probing: Cancel | null = null;

  constructor(options: StorageStatusOptions) {
    this.#o = options;
  }

  get problem(): DataProblemKind | null {
    return this.#problem;
  }

  async status(): Promise<DataStatus> {
    const kind = this.#problem;
    return {
      dataDir: this.#o.dataDir,
      notice: await this.#o.notice(),
      problem: kind === null ? null : { kind, text: problemText(kind, this.#o.dataDir) },
    };
  }

  /** The kind of folder problem `error` shows (and from now on said), or null when it is none. */
  observe(error: unknown): DataProblemKind | null {
    const failure = storageFailureOf(error);
    // A write refused while the folder is known to be gone or held is that, not a read-only folder.
    if (failure === 'read_only' && this.#problem !== null) return this.#problem;
    let kind: DataProblemKind | null = null;
    if (
      failure === 'disk_full' ||
      failure === 'read_only' ||
      failure === 'locked' ||
      failure === 'folder_gone'
    )
      kind = failure;
    else if (failure === 'io' && !existsSync(this.#o.file)) kind = 'folder_gone';
    if (kind !== null) this.#set(kind);
    return kind;
  }

  /** Sets a problem found some other way (a folder opened read-only at start). */
  set(kind: DataProblemKind): void {
    this.#set(kind);
  }

  #set(kind: DataProblemKind): void {
    if (this.#problem === kind) return;
    this.#o.logger.warn('the data folder cannot take changes', { kind });
    this.#problem = kind;
    this.announce();
    this.#probing ??= this.#o.scheduler.every(PROBE_EVERY_MS, () => void this.#tryAgain());
  }

  async #tryAgain(): Promise<void> {
    const kind = this.#problem;
    if (kind === null) return;
    try {
      await this.#o.probe(kind);
    } catch {
      return;
    }
    this.#o.logger.info('the data folder takes changes again', { kind });
    this.#o.cleared?.(kind);
    this.#problem = null;
    this.#probing?.();
    this.#probing = null;
    this.announce();
  }

  /** Tells the window the status as it is now. */
  announce(): void {
    void this.status().then(
      (status) => this.#o.emit(status),
      () => undefined,
    );
  }

  stop(): void {
    this.#probing?.();
    this.#probing = null;
  }
}
