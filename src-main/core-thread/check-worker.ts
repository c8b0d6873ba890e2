// The early check's thread (early-check.ts): opens the database read-only, runs SQLite's quick
// check on it and posts what it found; null when it could not, and the core's thread then checks
// on its own connection (where an error is told apart from damage and said in words).
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { quickCheckFindings } from '../core/store/recovery/quick-check';

function check(): string[] | null {
  const { file, nativeBinding } = workerData as { file: string; nativeBinding?: string };
  try {
    const sqlite = new BetterSqlite3(file, {
      readonly: true,
      fileMustExist: true,
      ...(nativeBinding !== undefined ? { nativeBinding } : {}),
    });
    try {
      return quickCheckFindings(sqlite);
    } finally {
      sqlite.close();
    }
  } catch {
    return null;
  }
}

parentPort?.postMessage(check());
