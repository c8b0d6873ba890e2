// The desktop app, kept out of index.ts so tests can run it with `electron` mocked: the
// single-instance lock and the app's own scheme, then its three parts in desktop-app/: the
// window (window-controller.ts), the shell around it: IPC, sync triggers, tray, menu and
// notifications (shell-wiring.ts), and an orderly quit (quit-sequence.ts). Every Electron object
// comes from the `electron` import; the core comes from `createCore`, so nothing here knows how
// the database or keychain are opened.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserWindow, app, dialog, ipcMain, protocol, screen, session, shell } from 'electron';
import type { BrowserWindow as BrowserWindowType, WebContents } from 'electron';
import { defaultDataDir, ensurePrivateDir } from '../core/paths';
import type { AppCore, Logger } from '../core/ports';
import { bindIpc, coreOnceOpen } from './ipc';
import { createQuitSequence, type QuitSequence, type QuitSteps } from './quit-sequence';
import { QUIT_ANYWAY, askWindowToSave, notSavedQuestion } from './save-before-quit';
import { wireShell, type ShellWiring } from './shell-wiring';
import { createWindowController, type WindowController, type WindowPolicy } from './window-controller';
import type { SyncTriggers } from './sync-triggers';
import type { TrayController } from './tray';
import {
  APP_URL,
  denyAllPermissions,
  handleAppProtocol,
  hardenWebContents,
  registerAppScheme,
} from './window';
import { WINDOW_STATE_FILE } from './window-state';
import { messageOf } from '../core/error-message';

export interface CreateCoreInput {
  dataDir: string;
  version: string;
  logger: Logger;
  /** The Electron build of better-sqlite3, when running unpackaged (see scripts/build-electron-natives.mjs). */
  nativeBinding: string | undefined;
  /** The Electron build of keytar, likewise; without it the token would fall back to memory. */
  keytarBinding: string | undefined;
}

export interface DesktopAppOptions {
  createCore(input: CreateCoreInput): Promise<AppCore>;
  /** The folder of the built main process (out/main): preload and renderer sit beside it. */
  mainDir: string;
  /** The folder with icons (resources/ of the app). */
  resourcesDir: string;
  logger: Logger;
  /** How long quitting waits for an in-flight request before leaving it to the unknown-outcome path. */
  quitGraceMs?: number;
  /** How long quitting waits for the window to save what it holds (SAVE_BEFORE_QUIT_MS). */
  windowSaveMs?: number;
  syncIntervalMs?: number;
}

export interface DesktopApp {
  core: AppCore;
  window(): BrowserWindowType | null;
  tray: TrayController | null;
  triggers: SyncTriggers;
  /** Shows and focuses the window (what a second launch does). */
  show(): void;
}

const openExternal = (url: string): Promise<void> => shell.openExternal(url);

/** Where scripts/build-electron-natives.mjs puts the Electron builds of the native modules. */
export function electronNativeDir(appPath: string): string {
  const { electron } = process.versions as NodeJS.ProcessVersions & { electron?: string };
  return join(appPath, 'native', `electron-v${electron ?? 'unknown'}-${process.platform}-${process.arch}`);
}

/** The dev server's address, only when unpackaged and only on the loopback interface. */
export function devRendererUrl(packaged: boolean, raw: string | undefined): string | null {
  if (packaged || !raw) return null;
  try {
    const url = new URL(raw);
    const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
    return url.protocol === 'http:' && loopback ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * What comes before anything else: the app's scheme, the sandbox, the private data folder and the
 * single-instance lock. Answers the data folder, or null when another instance holds the lock.
 */
function claimInstance(): string | null {
  registerAppScheme(protocol);
  // Every renderer sandboxed, including any the window options would forget.
  app.enableSandbox();
  const dataDir = defaultDataDir();
  ensurePrivateDir(dataDir);
  app.setPath('userData', dataDir);

  // Windows shows notifications only for an app with a user model id (the installer's appId).
  if (process.platform === 'win32') app.setAppUserModelId('app.outpost.desktop');

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  return dataDir;
}

/** The core, opened with the Electron builds of the native modules when unpackaged. */
function openCore(options: DesktopAppOptions, dataDir: string): Promise<AppCore> {
  // Unpackaged, the Node builds in node_modules have the wrong ABI; a packaged app has its own.
  const devNativeFile = (binary: string): string | undefined => {
    if (app.isPackaged) return undefined;
    const file = join(electronNativeDir(app.getAppPath()), binary);
    return existsSync(file) ? file : undefined;
  };
  return options.createCore({
    dataDir,
    version: app.getVersion(),
    logger: options.logger,
    nativeBinding: devNativeFile('better_sqlite3.node'),
    keytarBinding: devNativeFile('keytar.node'),
  });
}

/** Says in a dialog why the core could not open (a database from a newer Outpost, a full disk). */
function showStartFailure(error: unknown, dataDir: string): void {
  const words = messageOf(error);
  dialog.showErrorBox(
    'Outpost could not start',
    `${words}\n\nOutpost will now quit. Its data folder is ${dataDir}.`,
  );
}

/**
 * The quit's first step: the window saves what is typed, with the IPC still bound. Texts it
 * still could not save (a full disk) would be lost: the window shows, and the person says
 * whether to quit anyway. Answers whether the quit goes on.
 */
async function windowSaves(windows: WindowController, timeoutMs: number | undefined): Promise<boolean> {
  const notSaved = await askWindowToSave({ ipcMain, getWebContents: () => windows.webContents(), timeoutMs });
  if (notSaved === 0) return true;
  windows.show();
  const window = windows.current();
  const question = notSavedQuestion(notSaved);
  const { response } = await (window === null
    ? dialog.showMessageBox(question)
    : dialog.showMessageBox(window, question));
  return response === QUIT_ANYWAY;
}

/** What the window asks of the shell: when it took the focus, and what closing it does. */
function windowPolicy(wiring: () => ShellWiring | null, quit: QuitSequence): WindowPolicy {
  return {
    onFocus: () => wiring()?.triggers.focus(),
    // macOS apps stay running with no window; on Windows and Linux that is a setting.
    keepsRunningOnClose: () => process.platform === 'darwin' || (wiring()?.closesToTray() ?? false),
    quitting: () => quit.quitting,
    windowSaved: () => quit.windowSaved,
    quit: () => app.quit(),
  };
}

/** The orderly quit, and the app's events that ask for it or for the window. */
function quitWhenAsked(windows: WindowController, logger: Logger, steps: QuitSteps): QuitSequence {
  const quit = createQuitSequence(steps, logger);
  app.on('activate', () => windows.show());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => quit.onBeforeQuit(event));
  return quit;
}

/**
 * Starts the app. Resolves to null when another instance already runs (this one then quits
 * after handing over to it through the single-instance lock), or when the app was asked to
 * quit before its core had opened. Rejects, after saying why in a dialog, when the core cannot
 * open.
 */
export async function startDesktopApp(options: DesktopAppOptions): Promise<DesktopApp | null> {
  const { logger } = options;
  const dataDir = claimInstance();
  if (dataDir === null) return null;

  // `npm run dev`: electron-vite serves the renderer with hot reload; never in a packaged app.
  const devUrl = devRendererUrl(app.isPackaged, process.env.ELECTRON_RENDERER_URL);
  const appIcon = join(options.resourcesDir, 'icons', '512x512.png');
  const windows = createWindowController({
    BrowserWindow,
    screen,
    stateFile: join(dataDir, WINDOW_STATE_FILE),
    preloadPath: join(options.mainDir, '..', 'preload', 'index.cjs'),
    iconPath: process.platform === 'linux' ? appIcon : undefined,
    url: devUrl ?? APP_URL,
    openExternal,
    packaged: app.isPackaged,
    logger,
  });
  // A second launch before the window exists just waits for it.
  app.on('second-instance', () => windows.show());
  app.on('web-contents-created', (_event, contents: WebContents) =>
    hardenWebContents(contents, openExternal, { packaged: app.isPackaged }),
  );

  // The core opens on its own thread while Electron gets ready and the window loads its page:
  // neither waits for the other. The window's commands wait for the core instead.
  const opening = openCore(options, dataDir);
  opening.catch(() => undefined); // answered below, once the window is up
  await app.whenReady();
  denyAllPermissions(session.defaultSession);
  handleAppProtocol(protocol, join(options.mainDir, '..', 'renderer'));
  const ipc = bindIpc({
    ipcMain,
    core: coreOnceOpen(opening),
    getWebContents: () => windows.webContents(),
    logger,
    devOrigin: devUrl === null ? null : new URL(devUrl).origin,
  });

  let wiring: ShellWiring | null = null;
  const quit = quitWhenAsked(windows, logger, {
    saveWindow: () => windowSaves(windows, options.windowSaveMs),
    stopWork: () => {
      wiring?.stop();
      ipc.dispose();
    },
    // Quitting while the core opens waits for it to open, then closes it.
    closeCore: () => opening.then((core) => core.close(options.quitGraceMs ?? 3_000)),
    release: () => wiring?.tray?.destroy(),
    exit: () => app.quit(),
  });
  windows.start(windowPolicy(() => wiring, quit));

  const core = await opening.catch((error: unknown) => {
    ipc.dispose();
    showStartFailure(error, dataDir);
    throw error;
  });
  if (quit.quitting) return null;
  wiring = await wireShell({
    core,
    ipc,
    windows,
    resourcesDir: options.resourcesDir,
    iconPath: appIcon,
    openExternal,
    logger,
    syncIntervalMs: options.syncIntervalMs,
  });
  // Asked to quit while the shell was being wired: start nothing (the quit releases the tray).
  if (quit.quitting) wiring.stop();
  const { tray, triggers } = wiring;
  return { core, window: () => windows.current(), tray, triggers, show: () => windows.show() };
}
