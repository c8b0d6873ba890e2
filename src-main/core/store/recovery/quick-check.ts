// SQLite's quick check, on its own so that a thread made only to run it (core-thread/check-worker.ts)
// loads this and better-sqlite3, and nothing of the rest of the core.
import type BetterSqlite3 from 'better-sqlite3';

/**
 * Every page of every table and index read and its structure checked, without comparing indexes
 * to tables (about 0.2 s at 50,000 posts; docs/benchmarks.md): what it found, none when the file
 * is sound. Throws SQLite's own error when it cannot even read.
 */
export function quickCheckFindings(sqlite: BetterSqlite3.Database): string[] {
  const rows = sqlite.pragma('quick_check') as Array<{ quick_check: string }>;
  return rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
}

/**
 * What a quick check of the same file found on a connection of its own, made while the core's
 * code was still loading: its findings (none: sound), or null when it could not be made (the
 * core then makes it on its own connection).
 */
export type EarlyCheck = Promise<readonly string[] | null>;
