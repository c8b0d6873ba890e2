// Issue 14: a packaged build's window has no DevTools (anyone at the keyboard could drive the
// bridge from them; a development build keeps them), and the desktop app's data folder is
// owner-only whatever the umask. Electron is the fake one.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDesktopApp } from '../../../src-main/desktop-app';
import { createFakeCore } from './fake-core';
import { FakeBrowserWindow, fake } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

let home: string;
const savedXdg = process.env.XDG_CONFIG_HOME;
beforeEach(() => {
  fake.reset();
  home = mkdtempSync(join(tmpdir(), 'outpost-devtools-'));
  process.env.XDG_CONFIG_HOME = home;
});
afterEach(() => {
  if (savedXdg === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = savedXdg;
  rmSync(home, { recursive: true, force: true });
});

async function start() {
  const app = await startDesktopApp({
    createCore: () => Promise.resolve(createFakeCore()),
    mainDir: '/app/out/main',
    resourcesDir: '/app/resources',
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    quitGraceMs: 1_500,
  });
  expect(app).not.toBeNull();
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

describe.runIf(process.platform !== 'win32')('data folder', () => {
  it('is created 0700 under umask 022', async () => {
    const umask = process.umask(0o022);
    try {
      await start();
    } finally {
      process.umask(umask);
    }
    expect(statSync(join(home, 'Outpost')).mode & 0o777).toBe(0o700);
  });
});
