// The desktop app's wiring with `electron` mocked (test/unit/shell/fake-electron.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMAND_NAMES, IPC_EVENTS_CHANNEL, ipcChannel } from '@preload/bridge';
import type { MenuCommand, OutpostBridge } from '@preload/bridge';
import { devRendererUrl, electronNativeDir } from '../../../src-main/desktop-app/start';
import type { DesktopApp } from '../../../src-main/desktop-app/start';
import { startTestDesktopApp, useDesktopHome } from './desktop-home';
import { createFakeCore, idleStatus } from './fake-core';
import type { FakeCore } from './fake-core';
import { FakeBrowserWindow, FakeNotification, FakeTray, electron, fake } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

let core: FakeCore;
const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const configHome = useDesktopHome('outpost-desktop-');
let home: string;

beforeEach(() => {
  home = configHome();
  core = createFakeCore();
});

async function start(): Promise<DesktopApp> {
  const app = await startTestDesktopApp((input) => {
    createdWith.push(input);
    return Promise.resolve(core);
  }, logger);
  if (!app) throw new Error('expected the app to start');
  return app;
}
let createdWith: Array<{
  dataDir: string;
  nativeBinding: string | undefined;
  keytarBinding: string | undefined;
}> = [];
beforeEach(() => {
  createdWith = [];
});

let preloaded: OutpostBridge | null = null;
/** The preload's bridge, as the window holds it (the preload runs once per file). */
async function preloadBridge(): Promise<OutpostBridge> {
  if (preloaded === null) {
    await import('@preload/index');
    preloaded = fake.exposed.get('outpost') as OutpostBridge;
  }
  return preloaded;
}

const onlyWindow = (): FakeBrowserWindow => {
  expect(FakeBrowserWindow.instances).toHaveLength(1);
  return FakeBrowserWindow.instances[0]!;
};

/** The events the window got, once the turn that sends them (a list per turn) has passed. */
async function eventsSent(win: FakeBrowserWindow): Promise<unknown[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return win.webContents.sent
    .filter((s) => s.channel === IPC_EVENTS_CHANNEL)
    .flatMap((s) => s.args[0] as unknown[]);
}

describe('desktop app', () => {
  it('registers app:// as a privileged scheme and serves the renderer from it', async () => {
    await start();
    expect(electron.protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(electron.protocol.handlers.has('app')).toBe(true);
    expect(fake.app.enableSandbox).toHaveBeenCalled();
    expect(onlyWindow().loadedUrl).toBe('app://outpost/index.html');
  });

  it('keeps its data in the OS data folder, and hands the core that folder', async () => {
    await start();
    expect(fake.app.paths.userData).toBe(join(home, 'Outpost'));
    expect(createdWith[0]?.dataDir).toBe(join(home, 'Outpost'));
    expect(existsSync(join(home, 'Outpost'))).toBe(true);
  });

  it('unpackaged, hands the core the Electron builds of better-sqlite3 and keytar from native/', async () => {
    fake.app.appPath = home;
    const nativeDir = electronNativeDir(home);
    mkdirSync(nativeDir, { recursive: true });
    writeFileSync(join(nativeDir, 'better_sqlite3.node'), '');
    writeFileSync(join(nativeDir, 'keytar.node'), '');
    await start();
    expect(createdWith[0]).toMatchObject({
      nativeBinding: join(nativeDir, 'better_sqlite3.node'),
      keytarBinding: join(nativeDir, 'keytar.node'),
    });
  });

  it('packaged, or without those builds, lets the modules load their own binaries', async () => {
    fake.app.appPath = home;
    await start();
    expect(createdWith[0]).toMatchObject({ nativeBinding: undefined, keytarBinding: undefined });
    fake.reset();
    fake.app.appPath = home;
    fake.app.isPackaged = true;
    const nativeDir = electronNativeDir(home);
    mkdirSync(nativeDir, { recursive: true });
    writeFileSync(join(nativeDir, 'better_sqlite3.node'), '');
    await start();
    expect(createdWith[1]).toMatchObject({ nativeBinding: undefined, keytarBinding: undefined });
  });

  it('opens a locked-down window with the preload from out/preload', async () => {
    await start();
    expect(onlyWindow().options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
  });

  it('denies every permission request', async () => {
    await start();
    const session = electron.session.defaultSession;
    const callback = vi.fn();
    session.permissionRequestHandler?.({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
    expect(session.permissionCheckHandler?.({}, 'notifications', 'app://outpost', {})).toBe(false);
  });

  it('denies navigation and window.open in the window', async () => {
    await start();
    const contents = onlyWindow().webContents;
    expect(contents.tryNavigate('https://example.com/')).toBe(true);
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/x' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal.mock.calls).toEqual([
      ['https://example.com/'],
      ['https://example.com/x'],
    ]);
  });

  it('binds every contract command, and answers the window through the core', async () => {
    await start();
    for (const command of COMMAND_NAMES) expect(fake.handlers.has(ipcChannel(command))).toBe(true);
    const win = onlyWindow();
    const handler = fake.handlers.get(ipcChannel('settings.get'))!;
    const event = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    expect(await handler(event, undefined)).toEqual({ ok: true, value: core.settings });
    await expect(handler({ sender: win.webContents, senderFrame: null }, undefined)).rejects.toThrow(
      /Refused/,
    );
  });

  describe('while the core opens', () => {
    /** Starts the app on a core that opens when the test says so. */
    function startOpening(): {
      started: Promise<DesktopApp | null>;
      open: () => void;
      fail: (error: Error) => void;
      /** Whether Electron was ready when the core was asked for. */
      readyAtCreate: boolean[];
    } {
      const readyAtCreate: boolean[] = [];
      let open!: () => void;
      let fail!: (error: Error) => void;
      const opening = new Promise<FakeCore>((resolve, reject) => {
        open = () => resolve(core);
        fail = reject;
      });
      const started = startTestDesktopApp(() => {
        readyAtCreate.push(fake.app.ready);
        return opening;
      }, logger);
      return { started, open, fail, readyAtCreate };
    }

    it('starts opening the core before Electron is ready, and shows the window meanwhile', async () => {
      let ready!: () => void;
      fake.app.whenReady.mockImplementationOnce(() => new Promise<void>((resolve) => (ready = resolve)));
      const { started, open, readyAtCreate } = startOpening();
      await vi.waitFor(() => expect(fake.app.whenReady).toHaveBeenCalled());
      expect(readyAtCreate).toEqual([false]);
      ready();
      await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
      // The window's first command waits for the core, then the core answers it.
      const win = onlyWindow();
      fake.rendererWindow = win;
      let answered = false;
      const answer = electron.ipcRenderer.invoke(ipcChannel('settings.get'), undefined).then((a) => {
        answered = true;
        return a;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(false);
      expect(FakeTray.instances).toHaveLength(0);
      open();
      expect(await answer).toEqual({ ok: true, value: core.settings });
      const app = await started;
      expect(app?.core).toBe(core);
      expect(FakeTray.instances).toHaveLength(1);
      expect(core.syncReasons).toEqual(['start']);
      // Its events reach the window once it is open.
      core.emit({ name: 'syncStatus', data: { ...idleStatus, phase: 'syncing' } });
      expect(await eventsSent(win)).toContainEqual({
        name: 'syncStatus',
        data: { ...idleStatus, phase: 'syncing' },
      });
    });
    it('a core that cannot open: says why in a dialog, unbinds the window, and fails', async () => {
      const { started, fail } = startOpening();
      await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
      fail(new Error('This database was written by a newer Outpost (schema 99).'));
      await expect(started).rejects.toThrow(/newer Outpost/);
      expect(electron.dialog.errorBoxes).toHaveLength(1);
      const [box] = electron.dialog.errorBoxes;
      expect(box?.title).toBe('Outpost could not start');
      expect(box?.content).toContain('This database was written by a newer Outpost (schema 99).');
      expect(box?.content).toContain(join(home, 'Outpost'));
      expect(fake.handlers.size).toBe(0);
      expect(FakeTray.instances).toHaveLength(0);
    });

    it('asked to quit while the core opens: waits for it, closes it, and wires nothing', async () => {
      const { started, open } = startOpening();
      await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
      fake.app.quit();
      expect(fake.app.quitted).toBe(false);
      open();
      expect(await started).toBeNull();
      await vi.waitFor(() => expect(fake.app.quitted).toBe(true));
      expect(core.closedWith).toEqual([1_500]);
      expect(FakeTray.instances).toHaveLength(0);
      expect(core.syncReasons).toEqual([]);
      expect(fake.handlers.size).toBe(0);
    });
  });

  it('quits at once when another instance holds the lock', async () => {
    fake.app.hasLock = false;
    expect(await startTestDesktopApp(() => Promise.resolve(core), logger)).toBeNull();
    expect(fake.app.quit).toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(fake.handlers.size).toBe(0);
  });

  it('shows and focuses the window when a second instance starts', async () => {
    await start();
    const win = onlyWindow();
    win.minimize();
    win.hide();
    fake.app.emit('second-instance', {}, ['outpost'], '/');
    expect(win.isMinimized()).toBe(false);
    expect(win.visible).toBe(true);
    expect(win.focused).toBe(true);
  });

  it('syncs at start and on window focus', async () => {
    await start();
    expect(core.syncReasons).toEqual(['start']);
    onlyWindow().focus();
    expect(core.syncReasons).toEqual(['start', 'focus']);
    electron.powerMonitor.emit('resume');
    expect(core.syncReasons).toEqual(['start', 'focus', 'resume']);
  });

  it('moves the tray icon with the sync status', async () => {
    const app = await start();
    const tray = FakeTray.instances[0]!;
    expect(tray.images.at(-1)).toEqual({ path: '/app/resources/tray/tray-synced.png' });
    core.emit({ name: 'syncStatus', data: { ...idleStatus, phase: 'syncing' } });
    expect(tray.images.at(-1)).toEqual({ path: '/app/resources/tray/tray-syncing.png' });
    core.emit({ name: 'syncStatus', data: { ...idleStatus, needsAttention: 1 } });
    expect(app.tray?.state).toBe('attention');
    expect(tray.images.at(-1)).toEqual({ path: '/app/resources/tray/tray-attention.png' });
  });

  it('tray menu: Sync now, Pause, Open and Quit', async () => {
    await start();
    const tray = FakeTray.instances[0]!;
    const item = (label: string) =>
      tray.menu!.template.find((i: { label?: string }) => i.label === label) as { click(): void };
    item('Sync now').click();
    expect(core.syncReasons).toContain('user');
    item('Pause sync').click();
    expect(core.calls.at(-1)).toEqual({ command: 'sync.pause', payload: undefined });
    onlyWindow().hide();
    item('Open Outpost').click();
    expect(onlyWindow().visible).toBe(true);
  });

  it('shows a notification on a publish event, a click opens the link; none once turned off', async () => {
    await start();
    core.emit({
      name: 'notification',
      data: {
        kind: 'published',
        title: 'Published',
        body: 'On X',
        url: 'https://x.com/a/status/1',
        postId: 'p',
        variantId: 'v',
      },
    });
    expect(FakeNotification.instances).toHaveLength(1);
    FakeNotification.instances[0]!.emit('click');
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://x.com/a/status/1');
    core.emit({ name: 'settingsChanged', data: { ...core.settings, notifications: false } });
    core.emit({
      name: 'notification',
      data: {
        kind: 'approval_released',
        title: 'Released',
        body: '',
        url: null,
        postId: 'p',
        variantId: 'v',
      },
    });
    expect(FakeNotification.instances).toHaveLength(1);
  });

  it('starts with notifications off when the settings say so', async () => {
    core.settings = { ...core.settings, notifications: false };
    await start();
    core.emit({
      name: 'notification',
      data: { kind: 'needs_user', title: 'Needs you', body: '', url: null, postId: 'p', variantId: 'v' },
    });
    expect(FakeNotification.instances).toHaveLength(0);
  });

  it('installs an application menu whose commands reach the window as menuCommand events', async () => {
    await start();
    const win = onlyWindow();
    const items = (electron.Menu.applicationMenu?.template ?? []).flatMap(
      (m: { submenu?: Array<{ label?: string; accelerator?: string; click?: () => void }> }) =>
        m.submenu ?? [],
    );
    const newPost = items.find((i) => i.label === 'New Post')!;
    expect(newPost.accelerator).toBe('CmdOrCtrl+N');
    newPost.click!();
    const sync = items.find((i) => i.label === 'Sync Now' && i.accelerator === 'CmdOrCtrl+R')!;
    sync.click!();
    expect(core.syncReasons).toContain('user');
    const sent = await eventsSent(win);
    expect(sent).toContainEqual({ name: 'menuCommand', data: { command: 'new-post' satisfies MenuCommand } });
  });

  it('File offers Import Posts and Export Posts as CSV, each reaching the window', async () => {
    await start();
    const win = onlyWindow();
    const file = (electron.Menu.applicationMenu?.template ?? []).find(
      (m: { label?: string }) => m.label === '&File',
    ) as { submenu: Array<{ label?: string; accelerator?: string; click?: () => void }> };
    const importItem = file.submenu.find((i) => i.label === 'Import Posts…')!;
    const exportItem = file.submenu.find((i) => i.label === 'Export Posts as CSV…')!;
    expect([importItem.accelerator, exportItem.accelerator]).toEqual(['CmdOrCtrl+O', 'CmdOrCtrl+E']);
    importItem.click!();
    exportItem.click!();
    const sent = await eventsSent(win);
    expect(sent).toEqual(
      expect.arrayContaining([
        { name: 'menuCommand', data: { command: 'import-posts' } },
        { name: 'menuCommand', data: { command: 'export-posts' } },
      ]),
    );
  });

  it('remembers the window size and position across launches', async () => {
    await start();
    onlyWindow().close();
    const saved = JSON.parse(readFileSync(join(home, 'Outpost', 'window-state.json'), 'utf8')) as unknown;
    expect(saved).toEqual({ x: 10, y: 20, width: 1200, height: 800, maximized: false });
    fake.reset();
    await start();
    expect(onlyWindow().options).toMatchObject({ x: 10, y: 20, width: 1200, height: 800 });
  });

  it.runIf(process.platform !== 'darwin')(
    'closes to the tray only when the setting is on; otherwise closing quits, the window saving first',
    async () => {
      core.settings = { ...core.settings, closeToTray: true };
      await start();
      const win = onlyWindow();
      fake.rendererWindow = win;
      win.show();
      expect(win.close()).toBe(false);
      expect(win.visible).toBe(false);
      expect(fake.app.quit).not.toHaveBeenCalled();

      core.emit({ name: 'settingsChanged', data: { ...core.settings, closeToTray: false } });
      const bridge = await preloadBridge();
      const order: string[] = [];
      let typedOn = (): void => undefined;
      const stillTyping = new Promise<void>((resolve) => (typedOn = resolve));
      bridge.onSaveNow!(async () => {
        await stillTyping;
        const saved = await bridge.invoke('variants.update', { id: 'v1', content: 'typed before the X' });
        order.push(saved.ok ? 'text saved' : 'text refused');
        return 0;
      });
      const close = core.close.bind(core);
      core.close = (graceMs) => {
        order.push('core closed');
        return close(graceMs);
      };
      // The close waits for the quit, which has the window save while the core still takes it;
      // a second click meanwhile does not cut the saving off.
      expect(win.close()).toBe(false);
      expect(win.close()).toBe(false);
      expect(win.isDestroyed()).toBe(false);
      typedOn();
      await vi.waitFor(() => expect(fake.app.quitted).toBe(true));
      expect(order).toEqual(['text saved', 'core closed']);
    },
  );

  it('on quit, closes the core with a short grace before letting go', async () => {
    await start();
    fake.app.quit();
    expect(fake.app.quitted).toBe(false);
    await vi.waitFor(() => expect(fake.app.quitted).toBe(true));
    expect(core.closedWith).toEqual([1_500]);
    expect(FakeTray.instances[0]!.destroyed).toBe(true);
    expect(fake.handlers.size).toBe(0);
  });

  it('on quit, the window first saves what it holds, through the IPC, before the core closes', async () => {
    await start();
    fake.rendererWindow = onlyWindow();
    const bridge = await preloadBridge();
    const order: string[] = [];
    const close = core.close.bind(core);
    core.close = (graceMs) => {
      order.push('core closed');
      return close(graceMs);
    };
    // As the window does: the keys typed since its last save go now, and it answers once saved.
    bridge.onSaveNow!(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const saved = await bridge.invoke('variants.update', { id: 'v1', content: 'typed just before Cmd+Q' });
      order.push(saved.ok ? 'text saved' : 'text refused');
      return 0;
    });

    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.quitted).toBe(true));
    expect(order).toEqual(['text saved', 'core closed']);
    expect(core.calls).toContainEqual({
      command: 'variants.update',
      payload: { id: 'v1', content: 'typed just before Cmd+Q' },
    });
    expect(fake.handlers.size).toBe(0);
  });

  it('on quit, asks over the window before losing texts it could not save, and quits only when told to', async () => {
    await start();
    const win = onlyWindow();
    fake.rendererWindow = win;
    win.hide(); // closed to the tray
    const bridge = await preloadBridge();
    // Two texts the full disk keeps from being saved, as the window counts them.
    bridge.onSaveNow!(() => Promise.resolve(2));

    electron.dialog.responses = [0]; // Don't Quit
    fake.app.quit();
    await vi.waitFor(() => expect(electron.dialog.messageBoxes).toHaveLength(1));
    const { window, options } = electron.dialog.messageBoxes[0]!;
    expect(window).toBe(win);
    expect(win.visible).toBe(true);
    expect(options.message).toBe('2 texts you typed are not saved');
    expect(options.detail).toContain('If you quit now, they are lost.');
    expect(options.buttons).toEqual(["Don't Quit", 'Quit Anyway']);
    expect([options.defaultId, options.cancelId]).toEqual([0, 0]);
    // Kept open: the core and the window's IPC go on; a later save still reaches the core.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.app.quitted).toBe(false);
    expect(core.closedWith).toEqual([]);
    expect(await bridge.invoke('variants.update', { id: 'v1', content: 'room again' })).toMatchObject({
      ok: true,
    });

    electron.dialog.responses = [1]; // Quit Anyway
    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.quitted).toBe(true));
    expect(electron.dialog.messageBoxes).toHaveLength(2);
    expect(core.closedWith).toEqual([1_500]);
  });

  it('uses the renderer dev server only when unpackaged, trusting just that origin', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173';
    try {
      await start();
      const win = onlyWindow();
      expect(win.loadedUrl).toBe('http://localhost:5173/');
      const handler = fake.handlers.get(ipcChannel('settings.get'))!;
      const event = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
      expect(await handler(event, undefined)).toMatchObject({ ok: true });
      win.webContents.mainFrame.url = 'http://localhost:5174/';
      await expect(handler(event, undefined)).rejects.toThrow(/Refused/);
      fake.reset();
      fake.app.isPackaged = true;
      await start();
      expect(onlyWindow().loadedUrl).toBe('app://outpost/index.html');
    } finally {
      delete process.env.ELECTRON_RENDERER_URL;
    }
  });
});

describe('devRendererUrl', () => {
  it.each<[boolean, string | undefined, string | null]>([
    [false, 'http://localhost:5173', 'http://localhost:5173/'],
    [false, 'http://127.0.0.1:5173/', 'http://127.0.0.1:5173/'],
    [true, 'http://localhost:5173', null],
    [false, undefined, null],
    [false, 'https://evil.example/', null],
    [false, 'http://192.168.1.9:5173', null],
    [false, 'file:///tmp/index.html', null],
    [false, 'not a url', null],
  ])('packaged=%s, %s → %s', (packaged, raw, expected) => {
    expect(devRendererUrl(packaged, raw)).toBe(expected);
  });
});
