// `npm start`'s launcher: starts Electron when its runtime runs, else one line naming the browser host.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', '..', '..', 'scripts', 'start-desktop.mjs');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-start-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run() {
  return spawnSync(process.execPath, [script, '--flag'], {
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: dir },
    encoding: 'utf8',
  });
}

describe.runIf(process.platform !== 'win32')('start-desktop', () => {
  it('says in one line that the runtime is unavailable, names start:browser, and fails', () => {
    const result = run();
    expect(result.status).not.toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Electron runtime is unavailable/);
    expect(lines[0]).toContain('npm run start:browser');
  });

  it('treats a binary that does not run as unavailable', () => {
    writeFileSync(join(dir, 'electron'), '#!/bin/sh\nexit 3\n');
    chmodSync(join(dir, 'electron'), 0o755);
    const result = run();
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/does not run on this machine.*npm run start:browser/);
  });

  it('starts the runtime on the app folder when it runs, passing its exit code on', () => {
    writeFileSync(
      join(dir, 'electron'),
      '#!/bin/sh\nif [ "$1" = "--version" ]; then echo v45; exit 0; fi\necho "started $*"\nexit 7\n',
    );
    chmodSync(join(dir, 'electron'), 0o755);
    const result = run();
    expect(result.stdout).toMatch(/^started \S+ --flag$/m);
    expect(result.status).toBe(7);
  });
});
