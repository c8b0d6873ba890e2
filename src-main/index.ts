// Composition root of the desktop app: the real secret store and core, handed to the Electron
// wiring in desktop-app/start.ts.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { createAppCore } from './core/app/create-app-core';
import { openSecretStore, type KeytarApi } from './core/secrets';
import { startDesktopApp } from './desktop-app/start';
import { createConsoleLogger } from './shared/console-logger';
import { applyV8MemorySettings } from './shared/v8-memory';

// Before anything allocates: the same heap sizing as the browser host and the CLI.
applyV8MemorySettings();

const logger = createConsoleLogger('outpost');
const mainDir = dirname(fileURLToPath(import.meta.url));

startDesktopApp({
  mainDir,
  resourcesDir: join(app.getAppPath(), 'resources'),
  logger,
  createCore: async ({ dataDir, version, nativeBinding, keytarBinding }) => {
    // keytar's binary exports the same promise API as the package itself.
    const loadKeytar =
      keytarBinding === undefined
        ? undefined
        : () => Promise.resolve(createRequire(import.meta.url)(keytarBinding) as KeytarApi);
    const { store, message } = await openSecretStore(process.env, logger, loadKeytar ? { loadKeytar } : {});
    return createAppCore({
      dataDir,
      secrets: store,
      secretsMessage: message,
      host: 'electron',
      version,
      logger,
      nativeBinding,
      // The core's own timers run here as in the browser host: the light sync that sees a
      // colleague's change within a minute, the wake-ups for retries and due posts.
    });
  },
}).catch((error: unknown) => {
  logger.error('Outpost could not start', { error: error instanceof Error ? error.message : String(error) });
  app.exit(1);
});
