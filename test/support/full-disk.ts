// A full disk for one core's database, made with SQLite's page limit (PRAGMA max_page_count at
// the file's size, its free pages taken first): any write that needs room then fails with
// SQLITE_FULL, as on a full volume, and giving the limit back is space coming back.
import type { SqliteHandle } from '../../src-main/core/store/db';

/** The database of one core: made full, and given room again, by its page limit. */
export class Disk {
  sqlite: SqliteHandle | null = null;
  /** Set before the core opens: the first start meets a disk with room for this many pages. */
  pagesAtOpen: number | null = null;

  readonly onConnection = (sqlite: SqliteHandle): void => {
    this.sqlite = sqlite;
    if (this.pagesAtOpen !== null) sqlite.pragma(`max_page_count = ${this.pagesAtOpen}`);
  };

  fill(): void {
    const db = this.#db();
    const free = db.pragma('freelist_count', { simple: true }) as number;
    // The free pages taken first, so that a write needing room finds none.
    if (free > 0)
      db.prepare("insert or replace into setting (key, value) values ('test-filler', ?)").run(
        'x'.repeat(free * 4096),
      );
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  }

  free(): void {
    this.#db().pragma('max_page_count = 1073741823');
  }

  #db(): SqliteHandle {
    if (this.sqlite === null) throw new Error('The core has not opened its database yet.');
    return this.sqlite;
  }
}
