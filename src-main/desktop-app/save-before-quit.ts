// The quit's first step: the window saves what it holds. It saves typed text a moment after the
// last key (src-preload/typing.ts), and a quit closes the core under it; keys typed just before
// Cmd+Q would find no core to take them. So the main process asks the window to save now (the
// preload's onSaveNow) and waits for its answer, with the IPC still bound, before the quit goes
// on. A window that does not answer (busy, crashed, gone) holds the quit only a short while. A
// window that answers that some texts are still not saved (a full disk) has the person asked
// whether to quit at all: they would be lost.
import type { IpcMainEvent, MessageBoxOptions, WebContents } from 'electron';
import { quitWithTextsNotSaved } from '@preload/words/data';
import { IPC_SAVED_CHANNEL, IPC_SAVE_NOW_CHANNEL } from '@preload/bridge';

/** Long enough for a save through a busy core; short enough that a quit still feels like one. */
export const SAVE_BEFORE_QUIT_MS = 2_000;

type Answer = (event: IpcMainEvent, answer: unknown) => void;

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

/**
 * Resolves once the window says it saved, with how many texts it still could not save, or at the
 * timeout with 0 (nothing is known then); never rejects.
 */
export function askWindowToSave(options: SaveBeforeQuitOptions): Promise<number> {
  const contents = options.getWebContents();
  if (contents === null || contents.isDestroyed()) return Promise.resolve(0);
  const ask = ++lastAsk;
  return new Promise<number>((resolve) => {
    const done = (notSaved: number): void => {
      clearTimeout(timer);
      options.ipcMain.removeListener(IPC_SAVED_CHANNEL, answered);
      resolve(notSaved);
    };
    // Only this window's answer to this ask: an answer to an earlier ask, or from another
    // sender, ends nothing.
    const answered: Answer = (event, answer) => {
      if (event.sender !== contents || !isPlainObject(answer) || answer.ask !== ask) return;
      const { notSaved } = answer;
      done(Number.isSafeInteger(notSaved) && (notSaved as number) > 0 ? (notSaved as number) : 0);
    };
    const timer = setTimeout(() => done(0), options.timeoutMs ?? SAVE_BEFORE_QUIT_MS);
    options.ipcMain.on(IPC_SAVED_CHANNEL, answered);
    contents.send(IPC_SAVE_NOW_CHANNEL, ask);
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the quit asks when texts are not saved: the first button, the default, keeps the app open. */
export function notSavedQuestion(notSaved: number): MessageBoxOptions & { buttons: [string, string] } {
  return { type: 'warning', ...quitWithTextsNotSaved(notSaved), defaultId: 0, cancelId: 0, noLink: true };
}

/** The response of "Quit Anyway" in notSavedQuestion's buttons. */
export const QUIT_ANYWAY = 1;
