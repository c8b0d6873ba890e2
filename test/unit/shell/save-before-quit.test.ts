// The quit's ask that the window save: it ends on the window's answer to that very ask, and only
// that, with the count of texts still not saved; a window that does not answer holds the quit no
// longer than the wait; no window, no wait.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_SAVED_CHANNEL, IPC_SAVE_NOW_CHANNEL } from '@preload/bridge';
import { askWindowToSave } from '../../../src-main/desktop-app/save-before-quit';
import { FakeBrowserWindow, electron, fake } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

let win: FakeBrowserWindow;
/** The asks the window heard. */
let asks: unknown[];

beforeEach(async () => {
  fake.reset();
  vi.useFakeTimers();
  win = new FakeBrowserWindow({});
  await win.loadURL('app://outpost/index.html');
  fake.rendererWindow = win;
  asks = [];
  electron.ipcRenderer.on(IPC_SAVE_NOW_CHANNEL, (_event: unknown, ask: unknown) => asks.push(ask));
});
afterEach(() => {
  vi.useRealTimers();
});

function ask(timeoutMs = 2_000) {
  let notSaved: number | null = null;
  void askWindowToSave({
    ipcMain: electron.ipcMain,
    getWebContents: () => win.webContents as never,
    timeoutMs,
  }).then((count) => (notSaved = count));
  return { settled: () => notSaved !== null, notSaved: () => notSaved };
}

/** The window's answer, as the preload sends it. */
const answer = (ask: unknown, notSaved: unknown = 0) =>
  electron.ipcRenderer.send(IPC_SAVED_CHANNEL, { ask, notSaved });

describe('asking the window to save before a quit', () => {
  it("ends on the window's answer to that ask, with the texts it could not save, and stops listening", async () => {
    const saving = ask();
    expect(asks).toHaveLength(1);
    // An answer to another ask (an earlier quit's, late), or one of another shape, ends nothing.
    answer(-1);
    electron.ipcRenderer.send(IPC_SAVED_CHANNEL, asks[0]);
    await vi.advanceTimersByTimeAsync(10);
    expect(saving.settled()).toBe(false);

    answer(asks[0], 3);
    await vi.advanceTimersByTimeAsync(0);
    expect(saving.notSaved()).toBe(3);
    expect(fake.mainListeners.get(IPC_SAVED_CHANNEL)?.size ?? 0).toBe(0);
  });

  it("counts only the window's own answer, not another sender's", async () => {
    const saving = ask();
    fake.rendererWindow = new FakeBrowserWindow({});
    answer(asks[0]);
    await vi.advanceTimersByTimeAsync(10);
    expect(saving.settled()).toBe(false);
  });

  it('gives up on a window that does not answer once the wait is over', async () => {
    const saving = ask(2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(saving.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    // Nothing is known of its texts: the quit goes on.
    expect(saving.notSaved()).toBe(0);
    expect(fake.mainListeners.get(IPC_SAVED_CHANNEL)?.size ?? 0).toBe(0);
  });

  it('takes a count that is not a whole number of texts as none', async () => {
    for (const odd of [-2, 1.5, '4', null, Number.NaN]) {
      const saving = ask();
      answer(asks.at(-1), odd);
      await vi.advanceTimersByTimeAsync(0);
      expect(saving.notSaved()).toBe(0);
    }
  });

  it('does not wait when the window is gone', async () => {
    win.close();
    const saving = ask();
    await vi.advanceTimersByTimeAsync(0);
    expect(saving.notSaved()).toBe(0);
    expect(asks).toEqual([]);
  });
});
