// Issue 14, point 6: a packaged build's window has no DevTools (anyone at the keyboard could
// drive the bridge from them); a development build keeps them. Electron is the fake one.
import { mkdtempSync, rmSync } from 'node:fs';
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

async function windowPreferences(packaged: boolean) {
  fake.app.isPackaged = packaged;
  const app = await startDesktopApp({
    createCore: () => Promise.resolve(createFakeCore()),
    mainDir: '/app/out/main',
    resourcesDir: '/app/resources',
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    quitGraceMs: 1_500,
  });
  expect(app).not.toBeNull();
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
