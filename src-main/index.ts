// Composition root of the desktop app: the real secret store and core, handed to the Electron
// wiring in desktop-app.ts.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { createAppCore } from './core/app/create-app-core';
import { openSecretStore } from './core/secrets';
import { startDesktopApp } from './desktop-app';
import { createConsoleLogger } from './logger';

const logger = createConsoleLogger('outpost');
const mainDir = dirname(fileURLToPath(import.meta.url));

startDesktopApp({
  mainDir,
  resourcesDir: join(app.getAppPath(), 'resources'),
  logger,
  createCore: async ({ dataDir, version, nativeBinding }) => {
    const { store, message } = await openSecretStore(process.env, logger);
    return createAppCore({
      dataDir,
      secrets: store,
      secretsMessage: message,
      host: 'electron',
      version,
      logger,
      nativeBinding,
      syncIntervalMs: false,
    });
  },
}).catch((error: unknown) => {
  logger.error('Outpost could not start', { error: error instanceof Error ? error.message : String(error) });
  app.exit(1);
});
