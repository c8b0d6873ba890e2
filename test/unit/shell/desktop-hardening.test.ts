// A packaged build's window has no DevTools (anyone at the keyboard could drive the
// bridge from them; a development build keeps them), and hands the OS browser https links
// only, from the window and from notifications alike. Electron is the fake one. (The data
// folder's mode under a umask: test/integration/shell/data-folder-mode.test.ts.)
import { describe, expect, it, vi } from 'vitest';
import { startTestDesktopApp, useDesktopHome } from './desktop-home';
import { createFakeCore, type FakeCore } from './fake-core';
import { FakeBrowserWindow, FakeNotification, electron, fake } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

useDesktopHome('outpost-devtools-');

async function start(core: FakeCore = createFakeCore()) {
  expect(await startTestDesktopApp(() => Promise.resolve(core))).not.toBeNull();
}

async function windowPreferences(packaged: boolean) {
  fake.app.isPackaged = packaged;
  await start();
  expect(FakeBrowserWindow.instances).toHaveLength(1);
  return FakeBrowserWindow.instances[0]!.options.webPreferences as Record<string, unknown>;
}

describe('DevTools', () => {
  it('are off in a packaged build', async () => {
    expect(await windowPreferences(true)).toMatchObject({ devTools: false, contextIsolation: true });
  });

  it('stay available in a development build', async () => {
    expect(await windowPreferences(false)).toMatchObject({ devTools: true });
  });
});

describe('links from the service', () => {
  const local = ['http://127.0.0.1:4010/posts/1', 'http://localhost:631/admin', 'http://[::1]:8080/x'];

  /** Offers each link through window.open, navigation and a notification's click. */
  async function offered(packaged: boolean, urls: string[]) {
    fake.app.isPackaged = packaged;
    const core = createFakeCore();
    await start(core);
    const contents = FakeBrowserWindow.instances[0]!.webContents;
    for (const url of urls) {
      contents.windowOpenHandler?.({ url });
      contents.tryNavigate(url);
      core.emit({
        name: 'notification',
        data: { kind: 'published', title: 'Published', body: '', url, postId: 'p', variantId: 'v' },
      });
      FakeNotification.instances.at(-1)!.emit('click');
    }
    return electron.shell.openExternal.mock.calls.map(([url]) => url);
  }

  it('a packaged app opens https links only, never a local http address', async () => {
    expect(await offered(true, [...local, 'https://x.com/a/status/1'])).toEqual([
      'https://x.com/a/status/1',
      'https://x.com/a/status/1',
      'https://x.com/a/status/1',
    ]);
  });

  it('a development build opens local http links too (the sandbox)', async () => {
    expect(await offered(false, local)).toEqual(local.flatMap((url) => [url, url, url]));
  });
});
