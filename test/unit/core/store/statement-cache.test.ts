import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingDatabase } from '../../../../src-main/core/store/statement-cache';

let sqlite: BetterSqlite3.Database;

beforeEach(() => {
  sqlite = new BetterSqlite3(':memory:');
  sqlite.exec('create table t (n integer)');
  sqlite.exec('insert into t values (1), (2), (3)');
});

afterEach(() => {
  if (sqlite.open) sqlite.close();
});

describe('statement cache', () => {
  it('prepares one SQL text once and hands the same statement back', () => {
    const db = cachingDatabase(sqlite);
    const first = db.prepare('select n from t where n > ?');
    const second = db.prepare('select n from t where n > ?');
    expect(second).toBe(first);
    expect(second.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.prepare('select n from t where n < ?')).not.toBe(first);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const db = cachingDatabase(sqlite, 2);
    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a); // a is now the most recent
    db.prepare('select 3'); // evicts b
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(b);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const db = cachingDatabase(sqlite);
    const streaming = db.prepare('select n from t order by n');
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const again = db.prepare('select n from t order by n');
    expect(again).not.toBe(streaming);
    expect(again.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('serves Kysely: reads, writes and transactions go through it, and close closes the file', async () => {
    const db = new Kysely<{ t: { n: number } }>({
      dialect: new SqliteDialect({ database: cachingDatabase(sqlite) }),
    });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ n: 4 }).execute();
      await trx.insertInto('t').values({ n: 5 }).execute();
    });
    const rows = await db.selectFrom('t').select('n').where('n', '>', 3).orderBy('n').execute();
    expect(rows).toEqual([{ n: 4 }, { n: 5 }]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ n: 6 }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await db.executeQuery(CompiledQuery.raw('select count(*) as c from t'))).rows).toEqual([
      { c: 5 },
    ]);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
