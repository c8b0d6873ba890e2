// The sync's group commit on a real SQLite file: writes due together share one commit, each
// caller hears its own outcome, and none hears of a write before it is committed.
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TURNS_GIVEN, type WindowCommands } from '../../../../src-main/core/give-way';
import { COMMIT_GROUP_MAX, CommitGroup } from '../../../../src-main/core/store/commit-group';
import type { Database } from '../../../../src-main/core/store/schema';

interface Rows {
  note: { n: number };
}

let dir: string;
let file: string;
let sqlite: BetterSqlite3.Database;
let db: Kysely<Rows>;
let commits: number;
/** A second connection to the same file: what another process (or a crash) would see. */
let other: BetterSqlite3.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-commit-group-'));
  file = join(dir, 'group.db');
  sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('create table note (n integer not null unique)');
  commits = 0;
  const counting = {
    prepare(text: string) {
      if (/^commit/i.test(text)) commits++;
      return sqlite.prepare(text);
    },
    close: () => sqlite.close(),
  };
  db = new Kysely<Rows>({ dialect: new SqliteDialect({ database: counting }) });
  other = new BetterSqlite3(file);
});

afterEach(async () => {
  other.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const group = (): CommitGroup => new CommitGroup(db as unknown as Kysely<Database>);
const insert = (n: number) => async (trx: Kysely<Database>) => {
  await (trx as unknown as Kysely<Rows>).insertInto('note').values({ n }).execute();
  return n;
};
const seenByOther = (): number[] =>
  (other.prepare('select n from note order by n').all() as Array<{ n: number }>).map((r) => r.n);

describe('CommitGroup', () => {
  it('commits the writes that come due in one turn together, each caller getting its own value', async () => {
    const g = group();
    const values = await Promise.all([1, 2, 3, 4].map((n) => g.run(insert(n))));
    expect(values).toEqual([1, 2, 3, 4]);
    expect(commits).toBe(1);
    expect(seenByOther()).toEqual([1, 2, 3, 4]);
  });

  it('takes in a write that arrives while the group waits for the next turn', async () => {
    const g = group();
    const first = g.run(insert(1));
    // Queued from a macrotask callback, as an answer arriving from the network is.
    const second = new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        g.run(insert(2)).then(resolve, reject);
      });
    });
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(commits).toBe(1);
  });

  it('tells a caller of its write only once it is committed', async () => {
    const g = group();
    const visibleAtResolve: number[][] = [];
    await Promise.all([1, 2].map((n) => g.run(insert(n)).then(() => visibleAtResolve.push(seenByOther()))));
    expect(visibleAtResolve).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('lets a write that fails fail alone: the others of its group still commit', async () => {
    const g = group();
    const outcomes = await Promise.allSettled([
      g.run(insert(1)),
      g.run(insert(1)), // the unique key refuses it
      g.run(insert(2)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(seenByOther()).toEqual([1, 2]);
  });

  it(`holds at most ${COMMIT_GROUP_MAX} writes in one commit`, async () => {
    const g = group();
    const count = COMMIT_GROUP_MAX * 2 + 1;
    await Promise.all(Array.from({ length: count }, (_, i) => g.run(insert(i))));
    expect(commits).toBe(3);
    expect(seenByOther()).toHaveLength(count);
  });

  it('rejects every waiting write when the database cannot be locked, and works again after', async () => {
    await sql`pragma busy_timeout = 50`.execute(db);
    other.prepare('begin immediate').run();
    const g = group();
    const outcomes = await Promise.allSettled([g.run(insert(1)), g.run(insert(2))]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/locked|busy/i);
    other.prepare('rollback').run();
    expect(await g.run(insert(3))).toBe(3);
    expect(seenByOther()).toEqual([3]);
  });

  describe("with the window's commands (give-way.ts)", () => {
    const window = (state: { waiting: boolean; running: boolean }): WindowCommands => ({
      waiting: () => state.waiting,
      running: () => state.running,
    });

    it('commits each write on its own while a command runs, so the command gets the connection between them', async () => {
      const g = new CommitGroup(db as unknown as Kysely<Database>, window({ waiting: false, running: true }));
      expect(await Promise.all([1, 2, 3].map((n) => g.run(insert(n))))).toEqual([1, 2, 3]);
      expect(commits).toBe(3);
      expect(seenByOther()).toEqual([1, 2, 3]);
    });

    it('begins no group while a command waits to be taken up, and goes on once it is', async () => {
      const state = { waiting: true, running: false };
      const g = new CommitGroup(db as unknown as Kysely<Database>, window(state));
      const written = g.run(insert(1));
      // Turns go by; nothing is written while the command waits.
      for (let turn = 0; turn < 5; turn++) await new Promise((r) => setImmediate(r));
      expect(seenByOther()).toEqual([]);
      state.waiting = false;
      expect(await written).toBe(1);
      expect(seenByOther()).toEqual([1]);
    });

    it(`goes on after ${MAX_TURNS_GIVEN} turns if commands never stop coming`, async () => {
      const g = new CommitGroup(db as unknown as Kysely<Database>, window({ waiting: true, running: false }));
      expect(await g.run(insert(1))).toBe(1);
      expect(seenByOther()).toEqual([1]);
    });
  });
});
