// The quit's first step: the window saves what it holds. It saves typed text a moment after the
// last key (src-preload/typing.ts), and a quit closes the core under it; keys typed just before
// Cmd+Q would find no core to take them. So the main process asks the window to save now (the
// preload's onSaveNow) and waits for its answer, with the IPC still bound, before the quit goes
// on. A window that does not answer (busy, crashed, gone) holds the quit only a short while.
import type { IpcMainEvent, WebContents } from 'electron';
import { IPC_SAVED_CHANNEL, IPC_SAVE_NOW_CHANNEL } from '@preload/bridge';

/** Long enough for a save through a busy core; short enough that a quit still feels like one. */
export const SAVE_BEFORE_QUIT_MS = 2_000;

type Answer = (event: IpcMainEvent, ask: unknown) => void;

export interface SaveBeforeQuitOptions {
  ipcMain: {
    on(channel: string, listener: Answer): unknown;
    removeListener(channel: string, listener: Answer): unknown;
  };
  /** The window's web contents, or null while there is none (then there is nothing to save). */
  getWebContents(): WebContents | null;
  timeoutMs?: number;
}

let lastAsk = 0;

/** Resolves once the window says it saved, or at the timeout; never rejects. */
export function askWindowToSave(options: SaveBeforeQuitOptions): Promise<void> {
  const contents = options.getWebContents();
  if (contents === null || contents.isDestroyed()) return Promise.resolve();
  const ask = ++lastAsk;
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      options.ipcMain.removeListener(IPC_SAVED_CHANNEL, answered);
      resolve();
    };
    // Only this window's answer to this ask: an answer to an earlier ask, or from another
    // sender, ends nothing.
    const answered: Answer = (event, answer) => {
      if (event.sender === contents && answer === ask) done();
    };
    const timer = setTimeout(done, options.timeoutMs ?? SAVE_BEFORE_QUIT_MS);
    options.ipcMain.on(IPC_SAVED_CHANNEL, answered);
    contents.send(IPC_SAVE_NOW_CHANNEL, ask);
  });
}
