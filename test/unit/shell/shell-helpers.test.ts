// The small pure parts of the shell: payload shape guard, window position memory, menu, logger.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { isPlainData } from '../../../src-main/shared/plain-data';
import {
  DEFAULT_BOUNDS,
  loadWindowState,
  sanitizeBounds,
  saveWindowState,
} from '../../../src-main/desktop-app/window-state';
import { MENU_SHORTCUTS, menuTemplate } from '../../../src-main/desktop-app/menu';
import { createConsoleLogger } from '../../../src-main/shared/console-logger';

describe('isPlainData', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const shared = { a: 1 };
  it.each<[string, unknown, boolean]>([
    ['undefined (a void payload)', undefined, true],
    ['null', null, true],
    ['a nested object with arrays', { a: [1, 'b', { c: true, d: null }] }, true],
    ['an object without prototype', Object.create(null) as object, true],
    ['the same object twice (not a cycle)', { x: shared, y: shared }, true],
    ['a Date', new Date(), false],
    ['a Map', new Map(), false],
    ['a function', () => 1, false],
    ['Infinity', { n: Infinity }, false],
    ['a bigint', { n: 1n }, false],
    ['a cycle', cyclic, false],
    ['a very deep object', JSON.parse('{"a":'.repeat(100) + '1' + '}'.repeat(100)) as unknown, false],
  ])('%s → %s', (_label, value, expected) => {
    expect(isPlainData(value)).toBe(expected);
  });
});

describe('window state', () => {
  const display = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  it.each<[string, unknown, object]>([
    [
      'a good state',
      { x: 100, y: 50, width: 1000, height: 700, maximized: true },
      { x: 100, y: 50, width: 1000, height: 700, maximized: true },
    ],
    [
      'a position off every display keeps only the size',
      { x: 5000, y: 50, width: 1000, height: 700 },
      { width: 1000, height: 700, maximized: false },
    ],
    [
      'absurd sizes fall back',
      { width: 10, height: 99_999 },
      { width: DEFAULT_BOUNDS.width, height: DEFAULT_BOUNDS.height },
    ],
    [
      'strings are ignored',
      { x: '1', y: 2, width: '800', height: 600 },
      { width: DEFAULT_BOUNDS.width, height: 600 },
    ],
    ['not an object', 'garbage', DEFAULT_BOUNDS],
  ])('%s', (_label, raw, expected) => {
    expect(sanitizeBounds(raw, display)).toEqual(expect.objectContaining(expected));
    if (!('x' in expected)) expect(sanitizeBounds(raw, display).x).toBeUndefined();
  });

  it('round-trips through a file, and survives a corrupt one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-ws-'));
    try {
      const file = join(dir, 'window-state.json');
      saveWindowState(file, { x: 10, y: 20, width: 900, height: 600, maximized: false });
      expect(loadWindowState(file, display)).toEqual({
        x: 10,
        y: 20,
        width: 900,
        height: 600,
        maximized: false,
      });
      writeFileSync(file, '{not json');
      expect(loadWindowState(file, display)).toEqual(DEFAULT_BOUNDS);
      expect(loadWindowState(join(dir, 'missing.json'), display)).toEqual(DEFAULT_BOUNDS);
      expect(readFileSync(file, 'utf8')).toBe('{not json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('application menu', () => {
  const flat = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flat(i.submenu) : [])]);

  it.each(['darwin', 'win32', 'linux'] as const)(
    'on %s: standard roles and every Outpost shortcut',
    (platform) => {
      const send = vi.fn();
      const syncNow = vi.fn();
      const items = flat(menuTemplate(platform, { send, syncNow }, { devTools: false }));
      const roles = items.map((i) => i.role).filter(Boolean);
      expect(roles).toEqual(
        expect.arrayContaining([
          'undo',
          'redo',
          'cut',
          'copy',
          'paste',
          'selectAll',
          'quit',
          'togglefullscreen',
        ]),
      );
      expect(roles).not.toContain('toggleDevTools');
      expect(roles).not.toContain('reload');
      for (const [command, accelerator] of Object.entries(MENU_SHORTCUTS)) {
        const item = items.find((i) => i.accelerator === accelerator);
        expect(item, accelerator).toBeDefined();
        (item!.click as () => void)();
        if (command === 'sync') expect(syncNow).toHaveBeenCalled();
        else expect(send).toHaveBeenLastCalledWith(command);
      }
      const accelerators = items.map((i) => i.accelerator).filter(Boolean);
      expect(new Set(accelerators).size).toBe(accelerators.length);
      if (platform === 'darwin') expect(items.map((i) => i.role)).toContain('hideOthers');
    },
  );

  it('offers developer tools only when asked (unpackaged)', () => {
    const items = flat(menuTemplate('linux', { send: vi.fn(), syncNow: vi.fn() }, { devTools: true }));
    expect(items.map((i) => i.role)).toContain('toggleDevTools');
    // Reload keeps away from Sync now's CmdOrCtrl+R (a role's default accelerator would take it).
    const reload = items.find((i) => i.role === 'reload');
    expect(reload?.accelerator).toBe('F5');
    const accelerators = items.map((i) => i.accelerator).filter(Boolean);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });
});

describe('console logger', () => {
  it('writes one line per entry and blanks anything shaped like a token', () => {
    const lines: string[] = [];
    const logger = createConsoleLogger('test', (l) => lines.push(l));
    logger.warn('auth failed for cps_pat_abcDEF123456', {
      header: 'Bearer cps_pat_abcDEF123456',
      status: 401,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ test warn auth failed for \[redacted\] /);
    expect(lines[0]).not.toContain('abcDEF123456');
    expect(lines[0]).toContain('"status":401');
  });
});
