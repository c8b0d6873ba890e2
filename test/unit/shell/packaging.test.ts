// The packaging configuration, checked by electron-builder's own loader and schema validator
// (no installer is built here: Electron's runtime cannot be downloaded), and the icons it names.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';
import { TRAY_STATES } from '../../../src-main/desktop-app/tray';

const root = join(import.meta.dirname, '..', '..', '..');

function pngSize(file: string): { width: number; height: number } {
  const data = readFileSync(file);
  expect(data.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

async function loadConfig(): Promise<Configuration> {
  return getConfig(root, null, null);
}

describe('electron-builder configuration', () => {
  it('passes electron-builder’s own schema validation', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  }, 60_000);

  it('is really validated: a wrong key or type is refused', async () => {
    const config = await loadConfig();
    await expect(
      validateConfiguration(
        { ...config, electronFuses: { runAsNode: 'no' } } as never,
        new DebugLogger(false),
      ),
    ).rejects.toThrow();
    await expect(
      validateConfiguration({ ...config, notAnOption: true } as never, new DebugLogger(false)),
    ).rejects.toThrow();
  }, 60_000);

  it('names the app and builds dmg, nsis, AppImage and deb', async () => {
    const config = await loadConfig();
    expect(config.appId).toBe('app.outpost.desktop');
    expect(config.productName).toBe('Outpost');
    const targets = (t: unknown) =>
      (t as Array<string | { target: string }>).map((x) => (typeof x === 'string' ? x : x.target));
    expect(targets(config.mac?.target)).toEqual(['dmg']);
    expect(targets(config.win?.target)).toEqual(['nsis']);
    expect(targets(config.linux?.target).sort()).toEqual(['AppImage', 'deb']);
  });

  it('sets the fuses', async () => {
    const config = await loadConfig();
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('packs the built app with better-sqlite3 rebuilt for Electron and unpacked from the asar', async () => {
    const config = await loadConfig();
    const files = (config.files as Array<string | { filter: string[] }>).flatMap((f) =>
      typeof f === 'string' ? [f] : f.filter,
    );
    expect(files).toEqual(expect.arrayContaining(['out/**', 'resources/tray/**', '!native/**']));
    expect(config.npmRebuild).toBe(true);
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining(['**/*.node', 'node_modules/better-sqlite3/**']),
    );
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      main: string;
      dependencies: Record<string, string>;
    };
    expect(pkg.main).toBe('out/main/index.js');
    expect(pkg.dependencies['better-sqlite3']).toBeDefined();
  });
});

describe('icons', () => {
  it('has the app icon for every platform', async () => {
    const config = await loadConfig();
    for (const icon of [config.mac?.icon, config.win?.icon])
      expect(existsSync(join(root, String(icon)))).toBe(true);
    expect(pngSize(join(root, 'resources', 'icon.png'))).toEqual({ width: 1024, height: 1024 });
  });

  it.each([16, 24, 32, 48, 64, 128, 256, 512, 1024])('has the %ipx Linux icon at its real size', (size) => {
    expect(pngSize(join(root, 'resources', 'icons', `${size}x${size}.png`))).toEqual({
      width: size,
      height: size,
    });
  });

  it('has a Windows .ico with PNG images up to 256px', () => {
    const ico = readFileSync(join(root, 'resources', 'icon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico.readUInt8(6 + 16 * i) || 256);
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
    const lastOffset = ico.readUInt32LE(6 + 16 * (count - 1) + 12);
    expect(ico.subarray(lastOffset + 1, lastOffset + 4).toString('ascii')).toBe('PNG');
  });

  it('has a macOS .icns whose length matches its header, with the 1024px image', () => {
    const icns = readFileSync(join(root, 'resources', 'icon.icns'));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4))
      types.push(icns.subarray(at, at + 4).toString('ascii'));
    expect(types).toEqual(expect.arrayContaining(['ic07', 'ic08', 'ic09', 'ic10']));
  });

  it.each(TRAY_STATES)('has the %s tray icon at 16px and @2x', (state) => {
    expect(pngSize(join(root, 'resources', 'tray', `tray-${state}.png`))).toEqual({ width: 16, height: 16 });
    expect(pngSize(join(root, 'resources', 'tray', `tray-${state}@2x.png`))).toEqual({
      width: 32,
      height: 32,
    });
  });
});
