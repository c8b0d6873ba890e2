// Composition root of the desktop app: the real secret store (here, in the main process) and the
// core on its own worker thread (desktop-app/core-on-thread.ts), handed to the Electron wiring in
// desktop-app/start.ts.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { openSecretStore, type KeytarApi } from './core/secrets';
import { startDesktopCore } from './desktop-app/core-on-thread';
import { startDesktopApp } from './desktop-app/start';
import { createConsoleLogger } from './shared/console-logger';
import { applyV8MemorySettings } from './shared/v8-memory';
import { messageOf } from './core/error-message';

// Before anything allocates: the same heap sizing as the browser host and the CLI.
applyV8MemorySettings();

const logger = createConsoleLogger('outpost');
const mainDir = dirname(fileURLToPath(import.meta.url));

startDesktopApp({
  mainDir,
  resourcesDir: join(app.getAppPath(), 'resources'),
  logger,
  createCore: (input) => {
    const { keytarBinding } = input;
    // keytar's binary exports the same promise API as the package itself.
    const loadKeytar =
      keytarBinding === undefined
        ? undefined
        : () => Promise.resolve(createRequire(import.meta.url)(keytarBinding) as KeytarApi);
    // The core's own timers (the light sync, retries, due posts) run on its thread, which starts
    // at once: the keychain's probe (a Secret Service waking on D-Bus can take seconds) goes on
    // while it loads.
    return startDesktopCore(input, openSecretStore(process.env, logger, loadKeytar ? { loadKeytar } : {}));
  },
}).catch((error: unknown) => {
  logger.error('Outpost could not start', { error: messageOf(error) });
  app.exit(1);
});
