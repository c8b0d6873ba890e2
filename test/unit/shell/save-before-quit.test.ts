// The quit's ask that the window save: it ends on the window's answer to that very ask, and only
// that; a window that does not answer holds the quit no longer than the wait; no window, no wait.
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
  let settled = false;
  void askWindowToSave({
    ipcMain: electron.ipcMain,
    getWebContents: () => win.webContents as never,
    timeoutMs,
  }).then(() => (settled = true));
  return { settled: () => settled };
}

describe('asking the window to save before a quit', () => {
  it("ends on the window's answer to that ask, and stops listening", async () => {
    const saving = ask();
    expect(asks).toHaveLength(1);
    // An answer to another ask (an earlier quit's, late) ends nothing.
    electron.ipcRenderer.send(IPC_SAVED_CHANNEL, -1);
    await vi.advanceTimersByTimeAsync(10);
    expect(saving.settled()).toBe(false);

    electron.ipcRenderer.send(IPC_SAVED_CHANNEL, asks[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(saving.settled()).toBe(true);
    expect(fake.mainListeners.get(IPC_SAVED_CHANNEL)?.size ?? 0).toBe(0);
  });

  it("counts only the window's own answer, not another sender's", async () => {
    const saving = ask();
    fake.rendererWindow = new FakeBrowserWindow({});
    electron.ipcRenderer.send(IPC_SAVED_CHANNEL, asks[0]);
    await vi.advanceTimersByTimeAsync(10);
    expect(saving.settled()).toBe(false);
  });

  it('gives up on a window that does not answer once the wait is over', async () => {
    const saving = ask(2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(saving.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(saving.settled()).toBe(true);
    expect(fake.mainListeners.get(IPC_SAVED_CHANNEL)?.size ?? 0).toBe(0);
  });

  it('does not wait when the window is gone', async () => {
    win.close();
    const saving = ask();
    await vi.advanceTimersByTimeAsync(0);
    expect(saving.settled()).toBe(true);
    expect(asks).toEqual([]);
  });
});
