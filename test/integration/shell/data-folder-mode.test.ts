// The desktop app's data folder is owner-only whatever the umask. Here, not among the shell's
// unit tests: those run on worker threads, where a process's umask cannot be set. Electron is
// the fake one.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createFakeCore } from '../../unit/shell/fake-core';
import { startTestDesktopApp, useDesktopHome } from '../../unit/shell/desktop-home';

vi.mock('electron', async () => (await import('../../unit/shell/fake-electron')).electron);

const home = useDesktopHome('outpost-folder-mode-');

describe.runIf(process.platform !== 'win32')('the data folder', () => {
  it('is created 0700 under umask 022', async () => {
    const umask = process.umask(0o022);
    try {
      expect(await startTestDesktopApp(() => Promise.resolve(createFakeCore()))).not.toBeNull();
    } finally {
      process.umask(umask);
    }
    expect(statSync(join(home(), 'Outpost')).mode & 0o777).toBe(0o700);
  });
});
