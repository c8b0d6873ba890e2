// The copies Outpost keeps without being asked: one at start when the newest is older than a
// day, and one every few hours while the app runs; and the ones asked for. One copy is made at a
// time, in short steps between other work (store/copies.ts), so typing never waits for one.
import BetterSqlite3 from 'better-sqlite3';
import type { BackupView } from '@preload/bridge';
import type { Cancel, Clock, Logger, Scheduler } from '../../ports';
import { listCopyFiles, makeCopy, type CopyFile, type CopyKind } from '../../store/copies';
import type { OpenedDatabase } from '../../store/db';

/** A copy every few hours while the app runs. */
export const AUTO_COPY_EVERY_MS = 4 * 60 * 60_000;
/** At start, a copy when the newest is older than this. */
export const START_COPY_AFTER_MS = 24 * 60 * 60_000;

export interface CopyKeeperOptions {
  store: () => OpenedDatabase;
  dir: string;
  clock: Clock;
  scheduler: Scheduler;
  logger: Logger;
  nativeBinding?: string;
}

export class CopyKeeper {
  readonly #o: CopyKeeperOptions;
  #stop: Cancel | null = null;
  /** Copies one after another: never two backups of one database at once. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: CopyKeeperOptions) {
    this.#o = options;
  }

  /**
   * The app's own copies: now if the newest is older than a day, then every few hours.
   * `background` runs work nobody waits for (the engine's: failures logged, close waits for it).
   */
  start(background: (work: () => Promise<unknown>) => void): void {
    const newest = listCopyFiles(this.#o.dir)[0];
    const age = newest ? this.#o.clock.now().getTime() - Date.parse(newest.at) : Infinity;
    if (age > START_COPY_AFTER_MS) background(() => this.#auto());
    this.#stop = this.#o.scheduler.every(AUTO_COPY_EVERY_MS, () => background(() => this.#auto()));
  }

  /**
   * A copy of a database shown read-only from memory could be older than the file it was read
   * from: the copies on their own wait until the file itself is open again.
   */
  async #auto(): Promise<CopyFile | null> {
    return this.#o.store().inMemory ? null : this.make('auto');
  }

  stop(): void {
    this.#stop?.();
    this.#stop = null;
  }

  make(kind: CopyKind): Promise<CopyFile> {
    const store = this.#o.store();
    // Named for when it was asked for, even when it waits for the one before.
    const at = this.#o.clock.now();
    // The connection as it is when the copy's turn comes (the folder may have been opened again).
    const made = this.#queue.then(() =>
      makeCopy({
        sqlite: store.sqlite,
        file: store.file,
        dir: this.#o.dir,
        kind,
        at,
        ...(this.#o.nativeBinding ? { nativeBinding: this.#o.nativeBinding } : {}),
      }),
    );
    this.#queue = made.catch(() => undefined);
    return made.then((copy) => {
      this.#o.logger.info('made a copy of the database', { file: copy.file, kind });
      return copy;
    });
  }

  list(): BackupView[] {
    return listCopyFiles(this.#o.dir).map((c) => ({ ...c, posts: this.#postsIn(c.file) }));
  }

  #postsIn(file: string): number | null {
    try {
      const db = new BetterSqlite3(file, {
        readonly: true,
        fileMustExist: true,
        ...(this.#o.nativeBinding ? { nativeBinding: this.#o.nativeBinding } : {}),
      });
      try {
        return db.prepare('select count(*) from post').pluck().get() as number;
      } finally {
        db.close();
      }
    } catch {
      return null;
    }
  }
}
