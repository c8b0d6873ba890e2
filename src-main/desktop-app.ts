// The desktop app's wiring, kept out of index.ts so tests can run it with `electron` mocked:
// single-instance lock, the locked-down window, IPC, tray, menu, notifications, sync triggers
// and an orderly quit. Every Electron object comes from the `electron` import; the core comes
// from `createCore`, so nothing here knows how the database or keychain are opened.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  BrowserWindow,
  Menu,
  Notification,
  Tray,
  app,
  ipcMain,
  nativeImage,
  net,
  powerMonitor,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import type { BrowserWindow as BrowserWindowType, WebContents } from 'electron';
import type { BridgeEvent, SettingsView } from '../src-preload/bridge';
import { defaultDataDir, ensurePrivateDir } from './core/paths';
import type { AppCore, Logger } from './core/ports';
import { bindIpc, sendEvent } from './ipc';
import { menuTemplate } from './menu';
import { createNotifier } from './notifications';
import { startSyncTriggers } from './sync-triggers';
import type { SyncTriggers } from './sync-triggers';
import { createTrayController } from './tray';
import type { TrayController, TrayState } from './tray';
import {
  APP_URL,
  createMainWindow,
  denyAllPermissions,
  handleAppProtocol,
  hardenWebContents,
  registerAppScheme,
} from './window';
import { WINDOW_STATE_FILE, loadWindowState, saveWindowState } from './window-state';

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
 * Starts the app. Resolves to null when another instance already runs (this one then quits
 * after handing over to it through the single-instance lock).
 */
export async function startDesktopApp(options: DesktopAppOptions): Promise<DesktopApp | null> {
  const { logger } = options;
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

  let win: BrowserWindowType | null = null;
  let closing: Promise<void> | null = null;
  // Set once everything is wired; a second launch before that just waits for the first window.
  let started = false;
  let quitting = false;
  let closed = false;
  let settings: Pick<SettingsView, 'notifications' | 'closeToTray'> = {
    notifications: true,
    closeToTray: false,
  };

  const show = (): void => {
    if (win === null || win.isDestroyed()) {
      if (started && !quitting) openWindow();
      return;
    }
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  };
  app.on('second-instance', () => show());
  app.on('web-contents-created', (_event, contents: WebContents) =>
    hardenWebContents(contents, openExternal, { packaged: app.isPackaged }),
  );

  await app.whenReady();
  denyAllPermissions(session.defaultSession);
  handleAppProtocol(protocol, join(options.mainDir, '..', 'renderer'));

  // Unpackaged, the Node builds in node_modules have the wrong ABI; a packaged app has its own.
  const devNativeFile = (binary: string): string | undefined => {
    if (app.isPackaged) return undefined;
    const file = join(electronNativeDir(app.getAppPath()), binary);
    return existsSync(file) ? file : undefined;
  };
  const theCore = await options.createCore({
    dataDir,
    version: app.getVersion(),
    logger,
    nativeBinding: devNativeFile('better_sqlite3.node'),
    keytarBinding: devNativeFile('keytar.node'),
  });

  const current = await theCore.invoke('settings.get', undefined);
  if (current.ok) settings = current.value;

  // `npm run dev`: electron-vite serves the renderer with hot reload; never in a packaged app.
  const devUrl = devRendererUrl(app.isPackaged, process.env.ELECTRON_RENDERER_URL);
  const devOrigin = devUrl === null ? null : new URL(devUrl).origin;
  const stateFile = join(dataDir, WINDOW_STATE_FILE);
  const webContents = (): WebContents | null => (win === null || win.isDestroyed() ? null : win.webContents);
  const appIcon = join(options.resourcesDir, 'icons', '512x512.png');

  function openWindow(): void {
    const displays = screen.getAllDisplays().map((d) => d.workArea);
    const created = createMainWindow(BrowserWindow, {
      preloadPath: join(options.mainDir, '..', 'preload', 'index.cjs'),
      bounds: loadWindowState(stateFile, displays),
      iconPath: process.platform === 'linux' ? appIcon : undefined,
      openExternal,
      packaged: app.isPackaged,
    });
    win = created;
    created.on('focus', () => triggers.focus());
    created.on('close', (event) => {
      try {
        const bounds = created.getNormalBounds();
        saveWindowState(stateFile, { ...bounds, maximized: created.isMaximized() });
      } catch (error) {
        logger.warn('could not save the window position', { error: String(error) });
      }
      // macOS apps stay running with no window; on Windows and Linux that is a setting.
      const keepRunning = process.platform === 'darwin' || (settings.closeToTray && tray !== null);
      if (!quitting && keepRunning) {
        event.preventDefault();
        created.hide();
      }
    });
    created.on('closed', () => {
      if (win === created) win = null;
    });
    created
      .loadURL(devUrl ?? APP_URL)
      .catch((error: unknown) => logger.error('could not load the window', { error: String(error) }));
  }

  const ipc = bindIpc({ ipcMain, core: theCore, getWebContents: webContents, logger, devOrigin });

  const triggers = startSyncTriggers({
    core: theCore,
    powerMonitor,
    isOnline: () => net.isOnline(),
    logger,
    intervalMs: options.syncIntervalMs,
  });

  const trayImage = (state: TrayState) =>
    nativeImage.createFromPath(join(options.resourcesDir, 'tray', `tray-${state}.png`));
  let tray: TrayController | null = null;
  try {
    tray = createTrayController(
      {
        Tray,
        Menu,
        imageFor: trayImage,
        actions: {
          open: show,
          syncNow: () => triggers.user(),
          pause: () => void theCore.invoke('sync.pause', undefined),
          resume: () => void theCore.invoke('sync.resume', undefined),
          quit: () => app.quit(),
        },
      },
      theCore.status(),
    );
  } catch (error) {
    // Some Linux desktops have no tray; the app works without it (and close-to-tray then closes).
    logger.warn('no system tray available', { error: String(error) });
  }

  const notifier = createNotifier({
    Notification,
    openExternal,
    packaged: app.isPackaged,
    enabled: () => settings.notifications,
    focusWindow: show,
    iconPath: appIcon,
    onError: (error) => logger.warn('could not open a link', { error: String(error) }),
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        process.platform,
        {
          send: (command) => sendEvent(webContents(), { name: 'menuCommand', data: { command } }),
          syncNow: () => triggers.user(),
        },
        { devTools: !app.isPackaged },
      ),
    ),
  );

  const unsubscribe = theCore.subscribe((event: BridgeEvent) => {
    if (event.name === 'syncStatus') tray?.update(event.data);
    else if (event.name === 'notification') notifier.show(event.data);
    else if (event.name === 'settingsChanged') settings = event.data;
  });

  app.on('activate', () => show());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => {
    quitting = true;
    if (closed) return;
    // Give an in-flight request a moment; whatever is still open is left to the core's
    // unknown-outcome path at the next start.
    event.preventDefault();
    if (closing) return;
    closing = (async () => {
      triggers.stop();
      unsubscribe();
      ipc.dispose();
      try {
        await theCore.close(options.quitGraceMs ?? 3_000);
      } catch (error) {
        logger.error('closing the core failed', { error: String(error) });
      }
      tray?.destroy();
      closed = true;
      app.quit();
    })();
  });

  started = true;
  openWindow();
  return {
    core: theCore,
    window: () => win,
    get tray() {
      return tray;
    },
    triggers,
    show,
  };
}
