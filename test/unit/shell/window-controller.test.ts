// The window controller on its own, with the fake BrowserWindow: one window at a time, opened
// only once the shell is wired and never while quitting, hidden or closed as the policy says,
// its position kept.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createWindowController,
  type WindowController,
  type WindowPolicy,
} from '../../../src-main/desktop-app/window-controller';
import type { BrowserWindowCtor } from '../../../src-main/desktop-app/window';
import { FakeBrowserWindow, electron, fake } from './fake-electron';

let dir: string;
beforeEach(() => {
  fake.reset();
  dir = mkdtempSync(join(tmpdir(), 'outpost-window-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function controller(): WindowController {
  return createWindowController({
    BrowserWindow: FakeBrowserWindow as unknown as BrowserWindowCtor,
    screen: electron.screen as never,
    stateFile: join(dir, 'window-state.json'),
    preloadPath: '/app/out/preload/index.cjs',
    iconPath: undefined,
    url: 'app://outpost/index.html',
    openExternal: () => Promise.resolve(),
    packaged: true,
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  });
}

function policy(overrides: Partial<WindowPolicy> = {}): WindowPolicy & { focused: number; quits: number } {
  const rules: WindowPolicy & { focused: number; quits: number } = {
    focused: 0,
    quits: 0,
    onFocus: () => {
      rules.focused += 1;
    },
    keepsRunningOnClose: () => false,
    quitting: () => false,
    windowSaved: () => false,
    quit: () => {
      rules.quits += 1;
    },
    ...overrides,
  };
  return rules;
}

describe('the window controller', () => {
  it('opens no window before start, then one that loads the page and reports its focus', () => {
    const windows = controller();
    windows.show();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(windows.current()).toBeNull();
    const rules = policy();
    windows.start(rules);
    const [win] = FakeBrowserWindow.instances;
    expect(win?.loadedUrl).toBe('app://outpost/index.html');
    expect(windows.current()).toBe(win);
    expect(windows.webContents()).toBe(win?.webContents);
    win!.focus();
    expect(rules.focused).toBe(1);
  });

  it('shows a hidden or minimised window rather than opening another', () => {
    const windows = controller();
    windows.start(policy());
    const win = FakeBrowserWindow.instances[0]!;
    win.minimize();
    win.hide();
    windows.show();
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect([win.minimized, win.visible, win.focused]).toEqual([false, true, true]);
  });

  it('hides on close while the app keeps running; otherwise quits, and closes once the quit has it saved; saves its place', () => {
    let keepsRunning = true;
    let quitting = false;
    let saved = false;
    const windows = controller();
    const rules = policy({
      keepsRunningOnClose: () => keepsRunning,
      quitting: () => quitting,
      windowSaved: () => saved,
    });
    windows.start(rules);
    const win = FakeBrowserWindow.instances[0]!;
    win.show();
    expect(win.close()).toBe(false);
    expect(win.visible).toBe(false);
    expect(rules.quits).toBe(0);
    // The app ends: the window stays, open and speaking to the core, until the quit closes it.
    keepsRunning = false;
    expect(win.close()).toBe(false);
    expect(rules.quits).toBe(1);
    expect(windows.webContents()).toBe(win.webContents);
    // Closed again while the quit has the window save: it still waits (the quit is asked again,
    // which holds that ask back).
    quitting = true;
    expect(win.close()).toBe(false);
    expect(windows.webContents()).toBe(win.webContents);
    saved = true;
    expect(win.close()).toBe(true);
    expect(rules.quits).toBe(2);
    expect(windows.current()).toBeNull();
    expect(windows.webContents()).toBeNull();
    expect(JSON.parse(readFileSync(join(dir, 'window-state.json'), 'utf8'))).toEqual({
      x: 10,
      y: 20,
      width: 1200,
      height: 800,
      maximized: false,
    });
    // Gone, and the quit called off: a show (the tray's Open, a second launch) opens a new one
    // where the last one was.
    quitting = false;
    saved = false;
    windows.show();
    expect(FakeBrowserWindow.instances).toHaveLength(2);
    expect(FakeBrowserWindow.instances[1]!.options).toMatchObject({ x: 10, y: 20 });
  });

  it('once the quit has had it save, lets the window close whatever the setting, and opens none', () => {
    let quitting = false;
    const windows = controller();
    windows.start(
      policy({ keepsRunningOnClose: () => true, quitting: () => quitting, windowSaved: () => quitting }),
    );
    quitting = true;
    expect(FakeBrowserWindow.instances[0]!.close()).toBe(true);
    windows.show();
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect(windows.current()).toBeNull();
  });
});
