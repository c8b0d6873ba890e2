// A prepared-statement cache in front of better-sqlite3 for Kysely's SqliteDialect, which
// otherwise prepares every query anew: at sync volumes preparing cost more than running.
// Kysely emits the same SQL text for the same query shape (values travel as parameters), so a
// bounded map keyed by SQL serves nearly every call; shapes that vary (IN lists, multi-row
// inserts) age out of it.
import type { Database as Sqlite, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export const STATEMENT_CACHE_SIZE = 500;

export function cachingDatabase(sqlite: Sqlite, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement === undefined || statement.busy) {
        // A statement still being iterated (Kysely's stream()) cannot be run again: a fresh one.
        statement = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      } else {
        // Map keeps insertion order: re-inserting marks it the most recently used.
        cache.delete(sql);
      }
      cache.set(sql, statement);
      return statement;
    },
    close(): void {
      cache.clear();
      sqlite.close();
    },
  };
}
