// The desktop app as it starts for real, with only the Electron runtime mocked: its core on a
// Node worker thread (real SQLite, real HTTP to the sandbox), the window's commands through the
// IPC handlers, the token in the main process's store. Killing the core's thread mid-typing:
// the window is told in words, the core starts again, and the text reaches the service once.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENTS_CHANNEL, IPC_SAVED_CHANNEL, IPC_SAVE_NOW_CHANNEL, ipcChannel } from '@preload/bridge';
import type { BridgeEvent, BridgeResult, CommandName, CommandPayload, CommandResult } from '@preload/bridge';
import type { HostSecrets, ThreadedCore } from '../../../src-main/core-thread/threaded-core';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { startDesktopCore } from '../../../src-main/desktop-app/core-on-thread';
import { startDesktopApp, type DesktopApp } from '../../../src-main/desktop-app/start';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { coreWorkerBundle } from '../../support/core-worker-bundle';
import { idle, workersStartedBy } from '../../support/thread-idle';
import { useDesktopHome } from '../../unit/shell/desktop-home';
import { FakeBrowserWindow, FakeTray, electron, fake } from '../../unit/shell/fake-electron';
import { MemorySecrets } from '../core/helpers';

vi.mock('electron', async () => (await import('../../unit/shell/fake-electron')).electron);

const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const configHome = useDesktopHome('outpost-desktop-thread-');
let home: string;
let sandbox: SandboxHandle;
let secrets: MemorySecrets;
let threaded: ThreadedCore | null;

beforeEach(async () => {
  home = configHome();
  sandbox = await startSandbox({ seed: 'test' });
  secrets = new MemorySecrets();
  threaded = null;
});

afterEach(async () => {
  await threaded?.close(1_000);
  await sandbox.close();
});

interface Window {
  app: DesktopApp;
  /** What the window receives on its event channel, in order. */
  events: BridgeEvent[];
  /** Resolves with the first event from now on that matches. */
  next(match: (event: BridgeEvent) => boolean): Promise<BridgeEvent>;
  call<C extends CommandName>(
    command: C,
    payload: CommandPayload<C>,
  ): Promise<BridgeResult<CommandResult<C>>>;
}

async function startApp(): Promise<Window> {
  const workerFile = await coreWorkerBundle();
  const app = await startDesktopApp({
    createCore: async (input) => {
      threaded = await startDesktopCore(
        input,
        { store: secrets, message: null },
        { workerFile, syncIntervalMs: false, syncAfterChangeMs: false },
      );
      return threaded;
    },
    mainDir: '/app/out/main',
    resourcesDir: '/app/resources',
    logger,
  });
  if (!app) throw new Error('expected the app to start');
  fake.rendererWindow = FakeBrowserWindow.instances[0]!;
  const events: BridgeEvent[] = [];
  const waiters = new Set<(event: BridgeEvent) => void>();
  electron.ipcRenderer.on(IPC_EVENTS_CHANNEL, (_event: unknown, list: BridgeEvent[]) => {
    for (const event of list) {
      events.push(event);
      for (const waiter of [...waiters]) waiter(event);
    }
  });
  // The window has nothing typed to save when the app quits: it answers at once, as the preload does.
  electron.ipcRenderer.on(IPC_SAVE_NOW_CHANNEL, (_event: unknown, ask: unknown) =>
    electron.ipcRenderer.send(IPC_SAVED_CHANNEL, { ask, notSaved: 0 }),
  );
  return {
    app,
    events,
    next: (match) =>
      new Promise((resolve) => {
        const waiter = (event: BridgeEvent): void => {
          if (!match(event)) return;
          waiters.delete(waiter);
          resolve(event);
        };
        waiters.add(waiter);
      }),
    call: (command, payload) =>
      electron.ipcRenderer.invoke(ipcChannel(command), payload) as Promise<BridgeResult<never>>,
  };
}

async function ok<T>(answer: Promise<BridgeResult<T>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

const problemKind = (event: BridgeEvent): string | null | undefined =>
  event.name === 'dataStatus' ? (event.data.problem?.kind ?? null) : undefined;

describe('the desktop app with its core on a worker thread', () => {
  it('answers the window over IPC from the thread, and keeps the token in the main process', async () => {
    const w = await startApp();
    // The tray shows the core's first status: the thread had opened before the shell was wired.
    expect(FakeTray.instances).toHaveLength(1);
    await ok(
      w.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' }),
    );
    expect(secrets.values.get(sandbox.baseUrl)).toBe(sandbox.token);
    const settings = await ok(w.call('settings.get', undefined));
    expect(settings).toMatchObject({ connected: true, tokenStorage: 'memory' });
    expect(JSON.stringify(settings)).not.toContain(sandbox.token);

    const post = await ok(
      w.call('posts.create', { workspace: sandbox.fixtures.workspace, title: 'From Electron' }),
    );
    expect(w.events.some((e) => e.name === 'itemChanged' && e.data.postId === post.id)).toBe(true);
    const status = await ok(w.call('sync.now', undefined));
    expect(status.pending).toBe(0);
    expect(sandbox.inspect.posts().filter((p) => p.title === 'From Electron')).toHaveLength(1);

    // Quitting closes the core's thread before the app lets go.
    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.quitted).toBe(true));
    expect(await threaded!.invoke('settings.get', undefined)).toMatchObject({
      ok: false,
      error: { message: 'Outpost is shutting down.' },
    });
  });

  it('killed mid-typing, says so in the window, starts again, and the text reaches the service once', async () => {
    const w = await startApp();
    await ok(
      w.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' }),
    );
    const post = await ok(w.call('posts.create', { workspace: sandbox.fixtures.workspace, title: 'Typed' }));
    const variant = await ok(
      w.call('variants.create', {
        postId: post.id,
        platform: 'x',
        content: 'H',
        account: { kind: 'default' },
      }),
    );

    const said = w.next((e) => problemKind(e) === 'core_restarting');
    const back = w.next((e) => problemKind(e) === null);
    // Keystrokes go out one after another while the thread is ended under them.
    const typed = ['He', 'Hel', 'Hell', 'Hello', 'Hello ', 'Hello w', 'Hello wo', 'Hello wor'];
    const saves = typed.map((content) => w.call('variants.update', { id: variant.id, content }));
    await threaded!.terminateThread();
    const answers = await Promise.all(saves);
    for (const answer of answers) if (!answer.ok) expect(answer.error.code).toBe('core_restarting');
    expect(problemKind(await said)).toBe('core_restarting');
    await back;

    // The window kept what was not saved and saves it again; the next keystrokes go to the new core.
    const lastUnsaved = typed.findLast((_, i) => !answers[i]!.ok);
    if (lastUnsaved !== undefined)
      await ok(w.call('variants.update', { id: variant.id, content: lastUnsaved }));
    await ok(w.call('variants.update', { id: variant.id, content: 'Hello world' }));

    let status = await ok(w.call('sync.now', undefined));
    for (let more = 0; status.pending > 0 && more < 3; more++)
      status = await ok(w.call('sync.now', undefined));
    expect(status.pending).toBe(0);
    const sent = sandbox.inspect.posts().filter((p) => p.title === 'Typed');
    expect(sent).toHaveLength(1);
    expect(sandbox.inspect.variants(sent[0]!.id).map((v) => v.content)).toEqual(['Hello world']);
    // The token never left the main process's store for the window.
    expect(JSON.stringify(w.events)).not.toContain(sandbox.token);
  });

  it('starts the core’s thread before the keychain has answered, and the thread loads meanwhile', async () => {
    const workerFile = await coreWorkerBundle();
    let answer!: (secrets: HostSecrets) => void;
    const { result: starting, workers: threads } = workersStartedBy(() =>
      startDesktopCore(
        {
          dataDir: join(home, 'data'),
          version: 'test',
          logger,
          nativeBinding: undefined,
          keytarBinding: undefined,
        },
        new Promise<HostSecrets>((resolve) => (answer = resolve)),
        { workerFile, syncIntervalMs: false, syncAfterChangeMs: false },
      ),
    );
    expect(threads).toHaveLength(1);
    // A keychain that answers only once the core's thread has loaded its code.
    await idle(threads[0]!);
    answer({ store: secrets, message: null });
    threaded = await starting;
    expect(await threaded.invoke('settings.get', undefined)).toMatchObject({ ok: true });
  });

  it('a token store that cannot open fails the start with its words, and ends the thread it began', async () => {
    const ended = vi.spyOn(Worker.prototype, 'terminate');
    const dataDir = join(home, 'data');
    const input = { dataDir, version: 'test', logger, nativeBinding: undefined, keytarBinding: undefined };
    const start = startDesktopCore(input, Promise.reject(new Error('keytar could not load')), {
      workerFile: await coreWorkerBundle(),
      syncIntervalMs: false,
      syncAfterChangeMs: false,
    });
    await expect(start).rejects.toThrow('keytar could not load');
    expect(ended).toHaveBeenCalled();
    ended.mockRestore();
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
  });
});
