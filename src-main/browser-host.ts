// The browser host: `npm run start:browser -- --port N --data-dir DIR` serves the built renderer
// and the bridge on 127.0.0.1 (browser-host-server.ts), with the real core, and prints one line:
// `OUTPOST url=http://127.0.0.1:PORT/?code=CODE` (a one-time code: see browser-host-server.ts).
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { version } from '../package.json';
import { parseBrowserHostArgs, startBrowserHost } from './browser-host-server';
import type { BrowserHostArgs } from './browser-host-server';
import { createAppCore } from './core/app/create-app-core';
import { ensurePrivateDir, resolveDataDir } from './core/paths';
import { openSecretStore } from './core/secrets';
import { createConsoleLogger } from './logger';
import { applyV8MemorySettings } from './v8-memory';

export {
  defaultRendererDir,
  parseBrowserHostArgs,
  startBrowserHost,
  tokenMatches,
} from './browser-host-server';
export type { BrowserHost, BrowserHostArgs, BrowserHostOptions } from './browser-host-server';

// ---- script mode: `node out/main/browser-host.js --port N --data-dir DIR` ----

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // Only as a program: a test importing this module keeps its own V8 settings.
  applyV8MemorySettings();
  void main(process.argv.slice(2));
}

async function main(argv: readonly string[]): Promise<void> {
  let args: BrowserHostArgs;
  try {
    args = parseBrowserHostArgs(argv);
  } catch (error) {
    process.stderr.write(`outpost browser host: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const logger = createConsoleLogger('outpost-browser-host');
  const dataDir = resolveDataDir(args.dataDir);
  ensurePrivateDir(dataDir);
  try {
    const { store, message } = await openSecretStore(process.env, logger);
    const host = await startBrowserHost({
      port: args.port,
      dataDir,
      logger,
      createCore: ({ dataDir: dir }) =>
        createAppCore({
          dataDir: dir,
          secrets: store,
          secretsMessage: message,
          host: 'browser',
          version,
          logger,
        }),
    });
    // The one line other tools read: keep its shape exactly.
    process.stdout.write(`OUTPOST url=${host.url}\n`);
    host.core
      .syncNow('start')
      .catch((error: unknown) => logger.warn('start sync failed', { error: String(error) }));
    const stop = (): void => {
      host.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    process.stderr.write(
      `outpost browser host could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}
