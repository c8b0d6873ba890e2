// A desktop app in a test: the fake Electron reset, and a config home of its own for each test
// (XDG_CONFIG_HOME, where the app makes its data folder), put back and removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import {
  startDesktopApp,
  type DesktopApp,
  type DesktopAppOptions,
} from '../../../src-main/desktop-app/start';
import { fake } from './fake-electron';

/** Registers the hooks; answers the current test's config home. */
export function useDesktopHome(prefix: string): () => string {
  let home = '';
  const savedXdg = process.env.XDG_CONFIG_HOME;
  beforeEach(() => {
    fake.reset();
    home = mkdtempSync(join(tmpdir(), prefix));
    process.env.XDG_CONFIG_HOME = home;
  });
  afterEach(() => {
    if (savedXdg === undefined) delete process.env.XDG_CONFIG_HOME;
    else process.env.XDG_CONFIG_HOME = savedXdg;
    rmSync(home, { recursive: true, force: true });
  });
  return () => home;
}

/** Starts the app as a packaged build lays it out, with the core `createCore` gives. */
export function startTestDesktopApp(
  createCore: DesktopAppOptions['createCore'],
  logger: DesktopAppOptions['logger'] = { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
): Promise<DesktopApp | null> {
  return startDesktopApp({
    createCore,
    mainDir: '/app/out/main',
    resourcesDir: '/app/resources',
    logger,
    quitGraceMs: 1_500,
    // A fake window answers only where a test loads the preload and listens.
    windowSaveMs: 500,
  });
}
