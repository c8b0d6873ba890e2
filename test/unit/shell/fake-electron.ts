/* eslint-disable @typescript-eslint/no-explicit-any -- a fake of loosely typed Electron APIs */
// A faithful-enough fake of the parts of Electron the shell uses, for `vi.mock('electron')`.
// It keeps what the code under test did (handlers registered, windows made, notifications
// shown) so tests can assert on it, and it links ipcRenderer to ipcMain the way Electron does:
// structured clone both ways, with the sender and frame of the window that is "loaded".
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Listener = (...args: any[]) => unknown;

let nextRoutingId = 1;
export class FakeWebFrame {
  routingId = nextRoutingId++;
  processId = 7;
  constructor(
    public url: string,
    public parent: FakeWebFrame | null = null,
  ) {}
}

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  id = FakeWebContents.nextId++;
  destroyed = false;
  mainFrame = new FakeWebFrame('');
  sent: Array<{ channel: string; args: unknown[] }> = [];
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, ...args: unknown[]): void {
    const cloned = args.map((a) => structuredClone(a));
    this.sent.push({ channel, args: cloned });
    fake.rendererListeners(channel).forEach((l) => l({ sender: this }, ...cloned));
  }
  /** Simulates a navigation attempt; answers whether it was prevented. */
  tryNavigate(url: string, event = 'will-navigate'): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  webContents = new FakeWebContents();
  destroyed = false;
  visible = false;
  minimized = false;
  maximized = false;
  focused = false;
  loadedUrl: string | null = null;
  constructor(public options: Record<string, any>) {
    super();
    FakeBrowserWindow.instances.push(this);
    fake.app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
    this.emit('ready-to-show');
    return Promise.resolve();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.focused = true;
    this.emit('focus');
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  minimize(): void {
    this.minimized = true;
  }
  restore(): void {
    this.minimized = false;
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: this.options.width as number, height: this.options.height as number };
  }
  /** Like a click on the close button: answers whether the window really closed. */
  close(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (prevented) return false;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
    return true;
  }
}

export class FakeTray extends EventEmitter {
  static instances: FakeTray[] = [];
  images: unknown[] = [];
  tooltip = '';
  menu: { template: any[] } | null = null;
  destroyed = false;
  constructor(image: unknown) {
    super();
    this.images.push(image);
    FakeTray.instances.push(this);
  }
  setImage(image: unknown): void {
    this.images.push(image);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(menu: { template: any[] }): void {
    this.menu = menu;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = [];
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  shown = false;
  constructor(public options: Record<string, any>) {
    super();
    FakeNotification.instances.push(this);
  }
  show(): void {
    this.shown = true;
  }
}

function createFake() {
  const handlers = new Map<string, Listener>();
  /** The main process's listeners to one-way messages (ipcMain.on), by channel. */
  const mainListeners = new Map<string, Set<Listener>>();
  const renderer = new Map<string, Set<Listener>>();
  const paths: Record<string, string> = {};
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    hasLock: true,
    ready: false,
    paths,
    quit: vi.fn(() => {
      let prevented = false;
      app.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) app.quitted = true;
    }),
    quitted: false,
    exit: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => app.hasLock),
    setAppUserModelId: vi.fn(),
    enableSandbox: vi.fn(),
    whenReady: vi.fn(() => {
      app.ready = true;
      return Promise.resolve();
    }),
    isReady: () => app.ready,
    setPath: vi.fn((name: string, value: string) => {
      paths[name] = value;
    }),
    getPath: (name: string): string => paths[name] ?? '/tmp',
    appPath: '/app',
    getAppPath: () => app.appPath,
    getVersion: () => '0.1.0-test',
  });
  const session = {
    permissionRequestHandler: null as Listener | null,
    permissionCheckHandler: null as Listener | null,
    setPermissionRequestHandler(h: Listener) {
      this.permissionRequestHandler = h;
    },
    setPermissionCheckHandler(h: Listener) {
      this.permissionCheckHandler = h;
    },
  };
  const f = {
    app,
    handlers,
    mainListeners,
    renderer,
    exposed: new Map<string, unknown>(),
    /** The window whose page the fake ipcRenderer speaks for. */
    rendererWindow: null as FakeBrowserWindow | null,
    rendererListeners(channel: string): Listener[] {
      return [...(renderer.get(channel) ?? [])];
    },
    reset() {
      handlers.clear();
      mainListeners.clear();
      renderer.clear();
      f.exposed.clear();
      f.rendererWindow = null;
      app.removeAllListeners();
      app.hasLock = true;
      app.ready = false;
      app.quitted = false;
      app.isPackaged = false;
      app.appPath = '/app';
      app.quit.mockClear();
      FakeBrowserWindow.instances = [];
      FakeTray.instances = [];
      FakeNotification.instances = [];
      FakeNotification.supported = true;
      session.permissionRequestHandler = null;
      session.permissionCheckHandler = null;
      electron.shell.openExternal.mockClear();
      electron.powerMonitor.removeAllListeners();
      electron.protocol.handlers.clear();
      electron.protocol.privileged = [];
      electron.net.online = true;
      electron.Menu.applicationMenu = null;
      electron.dialog.errorBoxes = [];
      electron.dialog.messageBoxes = [];
      electron.dialog.responses = [];
    },
  };
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    Tray: FakeTray,
    Notification: FakeNotification,
    Menu: {
      applicationMenu: null as { template: any[] } | null,
      buildFromTemplate: (template: any[]) => ({ template }),
      setApplicationMenu(menu: { template: any[] } | null) {
        this.applicationMenu = menu;
      },
    },
    nativeImage: { createFromPath: (path: string) => ({ path }) },
    net: {
      online: true,
      isOnline() {
        return this.online;
      },
    },
    powerMonitor: new EventEmitter(),
    protocol: {
      handlers: new Map<string, Listener>(),
      privileged: [] as unknown[],
      registerSchemesAsPrivileged(schemes: unknown[]) {
        this.privileged.push(...schemes);
      },
      handle(scheme: string, handler: Listener) {
        this.handlers.set(scheme, handler);
      },
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: { defaultSession: session },
    shell: { openExternal: vi.fn((_url: string) => Promise.resolve()) },
    dialog: {
      errorBoxes: [] as Array<{ title: string; content: string }>,
      showErrorBox(title: string, content: string) {
        this.errorBoxes.push({ title, content });
      },
      /** The questions asked, with the window they were asked over (null: none). */
      messageBoxes: [] as Array<{ window: FakeBrowserWindow | null; options: Record<string, any> }>,
      /** The button the person presses in the next message boxes, in order; 0 once they run out. */
      responses: [] as number[],
      showMessageBox(...args: unknown[]) {
        const [window, options] = args.length === 2 ? args : [null, args[0]];
        this.messageBoxes.push({
          window: window as FakeBrowserWindow | null,
          options: options as Record<string, any>,
        });
        return Promise.resolve({ response: this.responses.shift() ?? 0, checkboxChecked: false });
      },
    },
    ipcMain: {
      handle(channel: string, handler: Listener) {
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, handler);
      },
      removeHandler(channel: string) {
        handlers.delete(channel);
      },
      on(channel: string, listener: Listener) {
        if (!mainListeners.has(channel)) mainListeners.set(channel, new Set());
        mainListeners.get(channel)!.add(listener);
      },
      removeListener(channel: string, listener: Listener) {
        mainListeners.get(channel)?.delete(listener);
      },
    },
    ipcRenderer: {
      async invoke(channel: string, ...args: unknown[]) {
        const handler = handlers.get(channel);
        if (!handler) throw new Error(`No handler registered for '${channel}'`);
        const win = f.rendererWindow;
        const event = { sender: win?.webContents, senderFrame: win?.webContents.mainFrame ?? null };
        return structuredClone(await handler(event, ...args.map((a) => structuredClone(a))));
      },
      /** One way: each listener of the main process gets it, as Electron hands it on, unanswered. */
      send(channel: string, ...args: unknown[]) {
        const win = f.rendererWindow;
        const event = { sender: win?.webContents, senderFrame: win?.webContents.mainFrame ?? null };
        for (const listener of [...(mainListeners.get(channel) ?? [])])
          listener(event, ...args.map((a) => structuredClone(a)));
      },
      on(channel: string, listener: Listener) {
        if (!renderer.has(channel)) renderer.set(channel, new Set());
        renderer.get(channel)!.add(listener);
      },
      removeListener(channel: string, listener: Listener) {
        renderer.get(channel)?.delete(listener);
      },
    },
    contextBridge: {
      exposeInMainWorld(key: string, api: unknown) {
        f.exposed.set(key, api);
      },
    },
  };
  return { f, electron };
}

const created = createFake();
export const fake = created.f;
export const electron = created.electron;
