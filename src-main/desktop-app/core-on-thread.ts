// The desktop app's core, on a Node worker thread of Electron's main process: the main process
// keeps the windows, tray, menus, notifications and the keychain, and holds a ThreadedCore (an
// AppCore like any other) that the IPC handlers and the shell talk to. The token stays here: the
// core's thread asks the main process's secret store for it over the port each time.
import { startCoreThread, type HostSecrets, type ThreadedCore } from '../core-thread/threaded-core';
import type { CreateCoreInput } from './start';

export interface DesktopCoreTuning {
  /** The worker's script; default the built `out/main/core-worker.js` beside the main bundle. */
  workerFile?: string | URL;
  syncIntervalMs?: number | false;
  syncAfterChangeMs?: number | false;
}

/**
 * Starts the core's thread and resolves once its core has opened, so its first status is known
 * before the tray is wired to it (the window is already loading; its commands wait for this).
 * `secrets` may still be on its way (the keychain's probe): the thread loads meanwhile.
 */
export function startDesktopCore(
  input: CreateCoreInput,
  secrets: HostSecrets | Promise<HostSecrets>,
  tuning: DesktopCoreTuning = {},
): Promise<ThreadedCore> {
  const { workerFile, ...timers } = tuning;
  return startCoreThread({
    options: {
      dataDir: input.dataDir,
      host: 'electron',
      version: input.version,
      logPrefix: 'outpost',
      ...(input.nativeBinding !== undefined ? { nativeBinding: input.nativeBinding } : {}),
      ...(timers.syncIntervalMs !== undefined ? { syncIntervalMs: timers.syncIntervalMs } : {}),
      ...(timers.syncAfterChangeMs !== undefined ? { syncAfterChangeMs: timers.syncAfterChangeMs } : {}),
    },
    secrets,
    logger: input.logger,
    ...(workerFile !== undefined ? { workerFile } : {}),
  });
}
