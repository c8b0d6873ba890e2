// The desktop app's core, on a Node worker thread of Electron's main process: the main process
// keeps the windows, tray, menus, notifications and the keychain, and holds a ThreadedCore (an
// AppCore like any other) that the IPC handlers and the shell talk to. The token stays here: the
// core's thread asks the main process's secret store for it over the port each time.
import { startCoreWorker, type CoreWorkerOptions } from '../core-thread/start-thread';
import { defaultCoreWorkerFile } from '../core-thread/thread-life';
import { startCoreThread, type ThreadedCore } from '../core-thread/threaded-core';
import type { SecretStore } from '../core/ports';
import type { CreateCoreInput } from './start';

export interface DesktopCoreSecrets {
  /** The keychain (keytar) or its fallback, opened in the main process. */
  store: SecretStore;
  /** What the window says about where the token is kept (null when it is the keychain). */
  message: string | null;
}

export interface DesktopCoreTuning {
  /** The worker's script; default the built `out/main/core-worker.js` beside the main bundle. */
  workerFile?: string | URL;
  syncIntervalMs?: number | false;
  syncAfterChangeMs?: number | false;
}

/**
 * Starts the core's thread, then opens where tokens are kept (`openSecrets`: the keychain's
 * probe, which a Secret Service waking on D-Bus can make slow) while the thread loads the core's
 * code and checks the database; resolves once its core has opened, so its first status is known
 * before the tray is wired to it (the window is already loading; its commands wait for this).
 */
export async function startDesktopCore(
  input: CreateCoreInput,
  openSecrets: () => Promise<DesktopCoreSecrets>,
  tuning: DesktopCoreTuning = {},
): Promise<ThreadedCore> {
  const { workerFile = defaultCoreWorkerFile(), ...timers } = tuning;
  const options: CoreWorkerOptions = {
    dataDir: input.dataDir,
    host: 'electron',
    version: input.version,
    logPrefix: 'outpost',
    ...(input.nativeBinding !== undefined ? { nativeBinding: input.nativeBinding } : {}),
    ...(timers.syncIntervalMs !== undefined ? { syncIntervalMs: timers.syncIntervalMs } : {}),
    ...(timers.syncAfterChangeMs !== undefined ? { syncAfterChangeMs: timers.syncAfterChangeMs } : {}),
  };
  const firstThread = startCoreWorker(options, [], workerFile);
  let secrets: DesktopCoreSecrets;
  try {
    secrets = await openSecrets();
  } catch (error) {
    await firstThread.worker.terminate();
    throw error;
  }
  return startCoreThread({
    options: { ...options, secretsMessage: secrets.message },
    secrets: secrets.store,
    logger: input.logger,
    workerFile,
    firstThread,
  });
}
