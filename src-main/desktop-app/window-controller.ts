// The main window's life: opening it where it was last (on a display that is still there),
// showing and focusing it, and what closing it does: hide it while the app keeps running (macOS,
// or close-to-tray) or quit the app, saving its size and position either way. It holds the one
// window, so the rest of the shell asks it for the window rather than keeping its own.
import type { BrowserWindow as BrowserWindowType, Screen, WebContents } from 'electron';
import type { Logger } from '../core/ports';
import { createMainWindow, type BrowserWindowCtor, type OpenExternal } from './window';
import { loadWindowState, saveWindowState } from './window-state';

export interface WindowControllerOptions {
  BrowserWindow: BrowserWindowCtor;
  screen: Pick<Screen, 'getAllDisplays'>;
  /** Where the size and position are kept between launches. */
  stateFile: string;
  preloadPath: string;
  iconPath: string | undefined;
  /** The page: app://outpost, or the dev server's address under `npm run dev`. */
  url: string;
  openExternal: OpenExternal;
  packaged: boolean;
  logger: Logger;
}

/** What the rest of the shell decides about the window, asked when it matters. */
export interface WindowPolicy {
  /** The window took the focus: a reason to sync. */
  onFocus(): void;
  /** Closing the window leaves the app running (it hides instead). */
  keepsRunningOnClose(): boolean;
  /**
   * Closing the window ends the app: the orderly quit, in which the window saves what it holds
   * (and may be kept open, rather than lose a text), then goes.
   */
  quit(): void;
  /** The app is quitting: none is opened. */
  quitting(): boolean;
  /**
   * The quit has had the window save what it holds: a closing window goes. Before that, a close
   * (a second click on its close button) waits, so the saves are not cut off.
   */
  windowSaved(): boolean;
}

export interface WindowController {
  /** Opens the first window, once Electron is ready and the IPC bound. Until then `show` opens none. */
  start(policy: WindowPolicy): void;
  /** Shows and focuses the window (what a second launch does), opening one if it was closed. */
  show(): void;
  /** The window, while there is one. */
  current(): BrowserWindowType | null;
  /** Its contents, while it is open. */
  webContents(): WebContents | null;
}

export function createWindowController(options: WindowControllerOptions): WindowController {
  const { logger } = options;
  let win: BrowserWindowType | null = null;
  // Set by start(): from then on a window may be opened (its commands wait for the core).
  let startedWith: WindowPolicy | null = null;

  function saveBounds(window: BrowserWindowType): void {
    try {
      const bounds = window.getNormalBounds();
      saveWindowState(options.stateFile, { ...bounds, maximized: window.isMaximized() });
    } catch (error) {
      logger.warn('could not save the window position', { error: String(error) });
    }
  }

  function open(policy: WindowPolicy): void {
    const displays = options.screen.getAllDisplays().map((d) => d.workArea);
    const created = createMainWindow(options.BrowserWindow, {
      preloadPath: options.preloadPath,
      bounds: loadWindowState(options.stateFile, displays),
      iconPath: options.iconPath,
      openExternal: options.openExternal,
      packaged: options.packaged,
    });
    win = created;
    created.on('focus', () => policy.onFocus());
    created.on('close', (event) => {
      saveBounds(created);
      if (policy.windowSaved()) return;
      // Not yet: the window either hides, or stays until the quit has had it save what is typed
      // (its page's own unload is too late for that: its saves may not reach the core).
      event.preventDefault();
      if (policy.keepsRunningOnClose()) created.hide();
      else policy.quit();
    });
    created.on('closed', () => {
      if (win === created) win = null;
    });
    created
      .loadURL(options.url)
      .catch((error: unknown) => logger.error('could not load the window', { error: String(error) }));
  }

  return {
    start(policy) {
      startedWith = policy;
      open(policy);
    },
    show() {
      if (win === null || win.isDestroyed()) {
        if (startedWith !== null && !startedWith.quitting()) open(startedWith);
        return;
      }
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
    },
    current: () => win,
    webContents: () => (win === null || win.isDestroyed() ? null : win.webContents),
  };
}
