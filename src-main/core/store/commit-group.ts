// Group commit for the sync: writes that come due in the same turn of the event loop (the
// answers of the concurrent requests, a settled op and the claim of the next) share one
// transaction. In a push a commit cost more than every statement of the answer it records;
// grouped, the commit's cost is shared. A write that fails sends its group's writes each to a
// transaction of its own, so each caller hears its own outcome. A caller hears of its write
// only once the commit that holds it is done: nothing (a request, an event) may leave on a
// write not yet committed.
import type { Kysely, Transaction } from 'kysely';
import { giveWay, nextTurn, windowFirst, type WindowCommands } from '../give-way';
import type { Database } from './schema';

/**
 * Writes in one group at most: enough to share the commit among every lane of a sync, few
 * enough that the write lock is held for a few milliseconds, not more.
 */
export const COMMIT_GROUP_MAX = 32;

type Work = (trx: Transaction<Database>) => Promise<unknown>;

interface Queued {
  work: Work;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class CommitGroup {
  readonly #db: Kysely<Database>;
  readonly #window: WindowCommands | undefined;
  readonly #queue: Queued[] = [];
  #flushing = false;

  /**
   * `window`: no group is begun while a command of the window's waits, and none takes on more
   * while one waits or runs (give-way.ts).
   */
  constructor(db: Kysely<Database>, window?: WindowCommands) {
    this.#db = db;
    this.#window = window;
  }

  /** Runs `work` in the next group's transaction; settles once that transaction committed. */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve, reject });
      if (!this.#flushing) void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    this.#flushing = true;
    try {
      while (this.#queue.length > 0) {
        await giveWay(this.#window);
        await this.#commitOne();
      }
    } finally {
      this.#flushing = false;
    }
  }

  async #commitOne(): Promise<void> {
    const taken: Queued[] = [];
    const values: unknown[] = [];
    try {
      await this.#db.transaction().execute(async (trx) => {
        while (taken.length < COMMIT_GROUP_MAX) {
          // The window's command may need the connection this transaction holds: commit.
          if (taken.length > 0 && windowFirst(this.#window)) break;
          const item = this.#queue.shift();
          if (item === undefined) {
            await nextTurn();
            if (this.#queue.length === 0) break;
            continue;
          }
          taken.push(item);
          // A write that throws rolls back the whole group (see below).
          values.push(await item.work(trx));
        }
      });
    } catch (error) {
      if (taken.length === 0) {
        // BEGIN failed (the database is busy past its timeout, or closed): the writes waiting
        // would meet the same database.
        for (const item of this.#queue.splice(0)) item.reject(error);
      } else if (taken.length === 1) {
        (taken[0] as Queued).reject(error);
      } else {
        // One write failed, or the commit did: nothing of the group stands. Each write goes
        // again in a transaction of its own, so each hears its own outcome. Rare (a user's
        // action crossed a settlement, a full disk), so savepoints are not paid on every write.
        for (const item of taken) {
          try {
            item.resolve(await this.#db.transaction().execute(item.work));
          } catch (alone) {
            item.reject(alone);
          }
        }
      }
      return;
    }
    taken.forEach((item, i) => item.resolve(values[i]));
  }
}
