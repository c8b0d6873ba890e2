// The browser host's life: its core, its server on 127.0.0.1 with the guard's limits and the
// connections' bounds, and an orderly close; and, as a program (`npm run start:browser --
// --port N --data-dir DIR`), its arguments, the one line it prints and the signals that stop it.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../../package.json';
import { ensurePrivateDir, resolveDataDir } from '../core/paths';
import type { AppCore, Logger, SecretStore } from '../core/ports';
import { openSecretStore } from '../core/secrets';
import { ThreadedCore } from '../core-thread/threaded-core';
import { createConsoleLogger } from '../shared/console-logger';
import { createHostAuth } from './auth';
import { guardConnections } from './connections';
import { DEFAULT_HOST_LIMITS, serverOptions, type HostLimits } from './guard';
import { CODE_PARAM, createRoutes } from './routes';
import { messageOf } from '../core/error-message';

export interface BrowserHostOptions {
  /** 0 (default): a free port chosen by the OS. */
  port?: number;
  dataDir: string;
  /** The built renderer; default `out/renderer` beside this file's `out/main`. */
  rendererDir?: string;
  secrets?: SecretStore;
  /** A core made by the caller; the host then leaves closing it to the caller. */
  core?: AppCore;
  /** Makes the core when none is given (script mode passes the real `createAppCore`). */
  createCore?: (options: { dataDir: string; secrets?: SecretStore }) => Promise<AppCore>;
  logger?: Logger;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
  /** Connection cap, timeouts and header size; each defaults to DEFAULT_HOST_LIMITS. */
  limits?: Partial<HostLimits>;
  /** Milliseconds since the epoch, for the event-stream tickets' lifetime (tests move it). */
  now?: () => number;
}

export interface BrowserHost {
  /** The address to open, with a one-time code: `http://127.0.0.1:PORT/?code=CODE`. */
  url: string;
  /** Another address with a fresh one-time code (another browser, another test window). */
  pageUrl(): string;
  /** For scripts: header X-Outpost-Token. Never put in a page's address. */
  token: string;
  core: AppCore;
  close(): Promise<void>;
}

const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export function defaultRendererDir(): string {
  // Built: out/main/browser-host.js (or a chunk beside it) -> out/renderer. From source (tsx):
  // src-main/browser-host -> out/renderer at the repository's root.
  const here = dirname(fileURLToPath(import.meta.url));
  const marker = `${sep}out${sep}main`;
  const at = here.lastIndexOf(marker);
  return at === -1
    ? resolve(here, '..', '..', 'out', 'renderer')
    : join(here.slice(0, at), 'out', 'renderer');
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const logger = options.logger ?? silentLogger;
  const limits: HostLimits = { ...DEFAULT_HOST_LIMITS, ...options.limits };
  const ownsCore = options.core === undefined;
  let core: AppCore;
  if (options.core) core = options.core;
  else if (options.createCore)
    core = await options.createCore({ dataDir: options.dataDir, secrets: options.secrets });
  else throw new Error('startBrowserHost needs either `core` or `createCore`.');

  const auth = createHostAuth(options.now ? { now: options.now } : {});
  let port = 0;
  const routes = createRoutes({
    core,
    auth,
    logger,
    rendererDir: options.rendererDir ?? defaultRendererDir(),
    maxBodyBytes: options.maxBodyBytes ?? 5 * 1024 * 1024,
    port: () => port,
  });
  const server = createServer(serverOptions(limits));
  const connections = guardConnections(server, limits, logger);
  server.on('request', (req, res) => {
    if (connections.admit(req, res)) routes.handle(req, res);
  });

  try {
    await listen(server, options.port ?? 0);
  } catch (error) {
    connections.closeAll();
    if (ownsCore) await core.close(0);
    throw error;
  }
  port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const pageUrl = (): string => `${base}/?${CODE_PARAM}=${auth.newCode()}`;

  let closed: Promise<void> | null = null;
  return {
    url: pageUrl(),
    pageUrl,
    token: auth.token,
    core,
    close() {
      closed ??= (async () => {
        routes.endEventStreams();
        await new Promise<void>((resolveClose) => {
          server.close(() => resolveClose());
          connections.closeAll();
        });
        if (ownsCore) await core.close(2_000);
      })();
      return closed;
    },
  };
}

export interface BrowserHostArgs {
  port: number;
  dataDir: string | undefined;
}

/** Parses `--port N` / `--port=N` and `--data-dir DIR` / `--data-dir=DIR`; throws a clear message otherwise. */
export function parseBrowserHostArgs(argv: readonly string[]): BrowserHostArgs {
  let port = 0;
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.length === 0) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--port') {
      const raw = value();
      const n = Number(raw);
      if (!/^\d+$/.test(raw) || n > 65_535)
        throw new Error(`--port must be a number from 0 to 65535, got "${raw}"`);
      port = n;
    } else if (flag === '--data-dir') {
      dataDir = value();
    } else {
      throw new Error(`Unknown argument "${arg}". Usage: browser-host [--port N] [--data-dir DIR]`);
    }
  }
  return { port, dataDir };
}

/**
 * The program: starts the host on the real core and prints one line,
 * `OUTPOST url=http://127.0.0.1:PORT/?code=CODE`, as soon as the page can be loaded (its
 * commands wait for the core to open); SIGINT or SIGTERM closes it. A core that cannot open
 * ends the program with its reason, as before.
 */
export async function main(argv: readonly string[]): Promise<void> {
  let args: BrowserHostArgs;
  try {
    args = parseBrowserHostArgs(argv);
  } catch (error) {
    process.stderr.write(`outpost browser host: ${messageOf(error)}\n`);
    process.exit(2);
  }
  const logger = createConsoleLogger('outpost-browser-host');
  const dataDir = resolveDataDir(args.dataDir);
  ensurePrivateDir(dataDir);
  let core: ThreadedCore | null = null;
  try {
    // The core runs on a thread of its own, so no pull keeps this thread from answering. It
    // opens while the window loads: the window's first commands wait for it, not its files. Nor
    // does anything wait for the keychain's probe, which the core's opening alone needs.
    const threaded = new ThreadedCore({
      options: { dataDir, host: 'browser', version, logPrefix: 'outpost-browser-host' },
      secrets: openSecretStore(process.env, logger),
      logger,
    });
    core = threaded;
    const host = await startBrowserHost({ port: args.port, dataDir, logger, core: threaded });
    // The one line other tools read: keep its shape exactly.
    process.stdout.write(`OUTPOST url=${host.url}\n`);
    const stop = (): void => {
      host
        .close()
        .then(() => threaded.close(2_000))
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await threaded.opened();
    threaded
      .syncNow('start')
      .catch((error: unknown) => logger.warn('start sync failed', { error: String(error) }));
  } catch (error) {
    process.stderr.write(`outpost browser host could not start: ${messageOf(error)}\n`);
    await core?.close(0).catch(() => undefined);
    process.exit(1);
  }
}
