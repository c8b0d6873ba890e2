// A data folder that goes away while Outpost runs (deleted, moved, a network drive gone): the
// open database would go on taking changes into a file nobody can reach again, so from the
// moment the file is no longer at its path, nothing more is written to it. What is typed stays in
// the window. Once the file is at its path again (the drive came back) Outpost carries on there;
// a folder that was deleted is made again with everything the open database still holds.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Cancel, Logger, Scheduler } from '../../ports';
import { ensurePrivateDir } from '../../paths';
import { snapshotTo } from '../../store/copies';
import type { OpenedDatabase } from '../../store/db';

/** How often the folder is looked at while nothing is wrong. */
export const FOLDER_CHECK_EVERY_MS = 15_000;

export interface FolderWatchOptions {
  file: string;
  store: () => OpenedDatabase;
  scheduler: Scheduler;
  logger: Logger;
  nativeBinding?: string;
  /** The file is no longer at its path. */
  gone: () => void;
}

export class FolderWatch {
  readonly #o: FolderWatchOptions;
  #inode: number | null = null;
  #stop: Cancel | null = null;

  constructor(options: FolderWatchOptions) {
    this.#o = options;
  }

  start(): void {
    this.#inode = this.#inodeAtPath();
    this.#stop = this.#o.scheduler.every(FOLDER_CHECK_EVERY_MS, () => void this.check());
  }

  stop(): void {
    this.#stop?.();
    this.#stop = null;
  }

  #inodeAtPath(): number | null {
    try {
      return statSync(this.#o.file).ino;
    } catch {
      return null;
    }
  }

  /** Whether the open database is still the file at its path; when not, nothing more is written to it. */
  check(): boolean {
    if (this.#inode === null || this.#inodeAtPath() === this.#inode) return true;
    this.#o.logger.warn('the database file is no longer at its path', { file: this.#o.file });
    this.#o.store().sqlite.pragma('query_only = ON');
    this.#o.gone();
    return false;
  }

  /** Carries on at the path when it can; throws while it cannot. */
  async tryBack(): Promise<void> {
    const store = this.#o.store();
    if (this.#inode !== null && this.#inodeAtPath() === this.#inode) {
      store.sqlite.pragma('query_only = OFF');
      return;
    }
    if (!existsSync(this.#o.file)) await this.#makeAgain(store);
    await store.reopen();
    this.#inode = this.#inodeAtPath();
    this.#o.logger.info('the database is at its path again', { file: this.#o.file });
  }

  /** The folder was deleted: made again, with what the open database (still readable) holds. */
  async #makeAgain(store: OpenedDatabase): Promise<void> {
    const dir = dirname(this.#o.file);
    // Only the data folder itself is made again: with the folder above it gone too (a drive not
    // mounted), a new one would be somewhere else, and hidden once the drive is back.
    if (!existsSync(dirname(dir))) throw new Error(`the folder above ${dir} is not there either`);
    ensurePrivateDir(dir);
    const rescue = `${this.#o.file}.rescue`;
    try {
      await snapshotTo(store.sqlite, rescue, this.#o.nativeBinding);
      renameSync(rescue, this.#o.file);
    } finally {
      rmSync(rescue, { force: true });
    }
  }
}
