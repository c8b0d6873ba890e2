// The quick check of the database that every start makes (store/open-store.ts), started by the
// core's thread before it loads the core's code, on a thread of its own (check-worker.ts): the
// check and the loading then overlap. The core's open waits for its verdict where it would have
// run the check itself, and runs it itself when this one could not be made.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DATABASE_FILE } from '../core/paths';
import type { EarlyCheck } from '../core/store/recovery/quick-check';

/**
 * Starts the check of the database in `options.dataDir` (the core thread's options, not yet
 * checked: anything unexpected means no early check). Its verdict is null when the check could
 * not be made, whatever the reason: the thread did not start, the file is not there yet, SQLite
 * could not read it.
 */
export function startEarlyCheck(options: unknown, checkWorkerFile: string): EarlyCheck | null {
  const { dataDir, nativeBinding } = (options ?? {}) as { dataDir?: unknown; nativeBinding?: unknown };
  if (typeof dataDir !== 'string') return null;
  let worker: Worker;
  try {
    worker = new Worker(checkWorkerFile, {
      workerData: {
        file: join(dataDir, DATABASE_FILE),
        ...(typeof nativeBinding === 'string' ? { nativeBinding } : {}),
      },
    });
  } catch {
    return null;
  }
  // Never keeps the core's thread alive by itself: a core closed before the verdict does not wait for it.
  worker.unref();
  return new Promise((resolve) => {
    worker.once('message', (verdict: unknown) => resolve(isFindings(verdict) ? verdict : null));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
}

function isFindings(verdict: unknown): verdict is string[] {
  return Array.isArray(verdict) && verdict.every((finding) => typeof finding === 'string');
}
