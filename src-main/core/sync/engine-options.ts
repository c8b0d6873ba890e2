// What the sync engine (engine.ts) is built from: passed in by the app's facade, never reached for.
import type { AnswerWatch } from '../api/answer-watch';
import type { ClientGetter } from '../api/client';
import type { Scheduler } from '../ports';
import type { SyncLease } from '../store/sync-lease';
import type { SyncContext } from '../store/unit-of-work';

export interface SyncEngineOptions {
  ctx: SyncContext;
  /** null when not connected; throws (kind 'auth') when the token is missing. */
  client: ClientGetter;
  isConnected: () => Promise<boolean>;
  /** Every timer of the engine goes through it, so tests and the bench move time themselves. */
  scheduler: Scheduler;
  intervalMs: number | false;
  /** Quiet time after the last local change before a light sync sends it; false: never by itself. */
  afterChangeMs: number | false;
  /** Keeps other processes on the same data folder from syncing at the same time. */
  lease?: SyncLease;
  /** Folds the write-ahead log into the database: a sync's end is a quiet moment for it. */
  checkpoint?: () => Promise<void>;
  /** Hears every answer of the service client: a sync that met a failing service says so. */
  answers?: AnswerWatch;
  /** A write failed for the disk's or the folder's sake (full, read-only...): the window says so. */
  onStorageFailure?: (error: unknown) => void;
}
