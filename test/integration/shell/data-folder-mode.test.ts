// The desktop app's data folder is owner-only whatever the umask. Here, not among the shell's
// unit tests: those run on worker threads, where a process's umask cannot be set. Electron is
// the fake one.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDesktopApp } from '../../../src-main/desktop-app/start';
import { createFakeCore } from '../../unit/shell/fake-core';
import { fake } from '../../unit/shell/fake-electron';

vi.mock('electron', async () => (await import('../../unit/shell/fake-electron')).electron);

let home: string;
const savedXdg = process.env.XDG_CONFIG_HOME;
beforeEach(() => {
  fake.reset();
  home = mkdtempSync(join(tmpdir(), 'outpost-folder-mode-'));
  process.env.XDG_CONFIG_HOME = home;
});
afterEach(() => {
  if (savedXdg === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = savedXdg;
  rmSync(home, { recursive: true, force: true });
});

describe.runIf(process.platform !== 'win32')('the data folder', () => {
  it('is created 0700 under umask 022', async () => {
    const umask = process.umask(0o022);
    try {
      const app = await startDesktopApp({
        createCore: () => Promise.resolve(createFakeCore()),
        mainDir: '/app/out/main',
        resourcesDir: '/app/resources',
        logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
        quitGraceMs: 1_500,
      });
      expect(app).not.toBeNull();
    } finally {
      process.umask(umask);
    }
    expect(statSync(join(home, 'Outpost')).mode & 0o777).toBe(0o700);
  });
});
