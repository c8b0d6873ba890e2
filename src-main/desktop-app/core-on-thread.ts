// The desktop app's core, on a Node worker thread of Electron's main process: the main process
// keeps the windows, tray, menus, notifications and the keychain, and holds a ThreadedCore (an
// AppCore like any other) that the IPC handlers and the shell talk to. The token stays here: the
// core's thread asks the main process's secret store for it over the port each time.
import type { ThreadedCore } from '../core-thread/threaded-core';
import { startCoreThread } from '../core-thread/threaded-core';
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
 * Starts the core's thread and resolves once its core has opened, so its first status is known
 * before the tray is wired to it (the window is already loading; its commands wait for this).
 */
export function startDesktopCore(
  input: CreateCoreInput,
  secrets: DesktopCoreSecrets,
  tuning: DesktopCoreTuning = {},
): Promise<ThreadedCore> {
  const { workerFile, ...timers } = tuning;
  return startCoreThread({
    options: {
      dataDir: input.dataDir,
      host: 'electron',
      version: input.version,
      secretsMessage: secrets.message,
      logPrefix: 'outpost',
      ...(input.nativeBinding !== undefined ? { nativeBinding: input.nativeBinding } : {}),
      ...(timers.syncIntervalMs !== undefined ? { syncIntervalMs: timers.syncIntervalMs } : {}),
      ...(timers.syncAfterChangeMs !== undefined ? { syncAfterChangeMs: timers.syncAfterChangeMs } : {}),
    },
    secrets: secrets.store,
    logger: input.logger,
    ...(workerFile !== undefined ? { workerFile } : {}),
  });
}
