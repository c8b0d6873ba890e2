// Starting one core's thread: the worker, its name in the sync lease and its shared count of
// commands. A host starts its first thread before it asks the keychain where tokens live
// (browser-host/lifecycle.ts, desktop-app/core-on-thread.ts): the probe can take seconds when a
// Secret Service wakes on D-Bus, and the thread loads the core's code and checks the database
// meanwhile. The thread opens its core only once the host sends `begin` with where its tokens
// live (threaded-core.ts sends it as it takes the thread on), and posts nothing before that.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { CommandCount } from './command-count';
import type { CoreThreadOptions } from './messages';
import { defaultCoreWorkerFile } from './thread-life';

/** The thread's options that a host knows before its keychain has answered. */
export type CoreWorkerOptions = Omit<CoreThreadOptions, 'syncLease' | 'commandCount'>;

export interface CoreWorker {
  worker: Worker;
  /** Its core's name in the sync lease: once the thread is dead, the next one takes the lease over. */
  leaseId: string;
  /** Its commands posted and not yet taken up. */
  commands: CommandCount;
  /** The exit code, once the thread has ended: kept even if it ended before anyone asked. */
  exited: Promise<number>;
  /** Where the thread's uncaught errors go; those raised before it was set are passed on at once. */
  onError(listener: (error: Error) => void): void;
}

/**
 * Starts a core's thread with `options`; `deadLeaseIds` names the earlier threads of the same
 * host that died, one of which may still hold the folder's sync lease.
 */
export function startCoreWorker(
  options: CoreWorkerOptions,
  deadLeaseIds: readonly string[] = [],
  file: string | URL = defaultCoreWorkerFile(),
): CoreWorker {
  const leaseId = randomUUID();
  const commands = new CommandCount();
  const workerData: CoreThreadOptions = {
    ...options,
    syncLease: { me: leaseId, gone: [...deadLeaseIds] },
    commandCount: commands.buffer,
  };
  const worker = new Worker(file, { workerData });
  // An 'error' with no listener would throw on the host's thread: held until someone listens.
  const early: Error[] = [];
  let listener: ((error: Error) => void) | null = null;
  worker.on('error', (error) => (listener ? listener(error) : early.push(error)));
  return {
    worker,
    leaseId,
    commands,
    exited: new Promise((resolve) => worker.once('exit', resolve)),
    onError(next) {
      listener = next;
      for (const error of early.splice(0)) next(error);
    },
  };
}
