import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import {
  APP_URL,
  denyAllPermissions,
  hardenWebContents,
  isSafeExternalUrl,
  mainWindowOptions,
  serveAppRequest,
} from '../../../src-main/desktop-app/window';
import { RENDERER_CSP } from '../../../src-main/shared/csp';
import { FakeWebContents } from './fake-electron';

let root: string;
let rendererDir: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'outpost-window-'));
  rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Outpost</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(rendererDir, '.env'), 'SECRET=1');
  writeFileSync(join(root, 'secret.txt'), 'outside');
  symlinkSync(join(root, 'secret.txt'), join(rendererDir, 'assets', 'link.txt'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('window options', () => {
  it('locks the renderer down and loads the sandboxed preload', () => {
    const options = mainWindowOptions('/app/out/preload/index.cjs', { width: 900, height: 700 });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
    expect(options).toMatchObject({ width: 900, height: 700, show: false });
  });
});

describe('app:// protocol', () => {
  it('serves index.html at the root with the CSP and nosniff headers', async () => {
    const response = await serveAppRequest(rendererDir, APP_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<title>Outpost</title>');
    const root = await serveAppRequest(rendererDir, 'app://outpost/');
    expect(root.status).toBe(200);
    const js = await serveAppRequest(rendererDir, 'app://outpost/assets/app.js');
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it.each([
    'app://outpost/../secret.txt',
    'app://outpost/%2e%2e/secret.txt',
    'app://outpost/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://outpost/assets/..%5c..%5csecret.txt',
    'app://outpost/.env',
    'app://outpost/assets/link.txt',
    'app://outpost/missing.js',
    'app://outpost/assets',
    'app://elsewhere/index.html',
    'app://outpost/%E0%A4%A',
  ])('refuses %s', async (url) => {
    const response = await serveAppRequest(rendererDir, url);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).not.toContain('outside');
  });
});

describe('external links', () => {
  it.each([
    ['https://example.com/post/1', true],
    ['https://x.com/outpost/status/1?ref=a#b', true],
    ['http://example.com/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://host/share', false],
    ['https://user:pw@example.com/', false],
    ['app://outpost/index.html', false],
    ['not a url', false],
  ])('%s is safe to open: %s', (url, safe) => {
    expect(isSafeExternalUrl(url, { packaged: true })).toBe(safe);
    expect(isSafeExternalUrl(url, { packaged: false })).toBe(safe);
  });

  it.each(['http://127.0.0.1:4010/p/1', 'http://localhost:8080/', 'http://[::1]:9/'])(
    '%s (a local server) opens only in a development build',
    (url) => {
      expect(isSafeExternalUrl(url, { packaged: false })).toBe(true);
      expect(isSafeExternalUrl(url, { packaged: true })).toBe(false);
    },
  );
});

describe('web contents hardening', () => {
  function hardened(packaged = true) {
    const contents = new FakeWebContents();
    const openExternal = vi.fn((_url: string) => Promise.resolve());
    hardenWebContents(contents as unknown as WebContents, openExternal, { packaged });
    return { contents, openExternal };
  }

  it('prevents every navigation and opens https targets in the OS browser', () => {
    const { contents, openExternal } = hardened();
    expect(contents.tryNavigate('https://example.com/')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://example.com/');
    expect(contents.tryNavigate('file:///etc/passwd')).toBe(true);
    expect(contents.tryNavigate('app://outpost/index.html')).toBe(true);
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('denies window.open, opening only safe links externally', () => {
    const { contents, openExternal } = hardened();
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/a' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'http://example.com/a' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://example.com/a']]);
  });

  it('opens a local http link only in a development build', () => {
    const packaged = hardened(true);
    packaged.contents.windowOpenHandler?.({ url: 'http://127.0.0.1:4010/p/1' });
    packaged.contents.tryNavigate('http://localhost:4010/p/2');
    expect(packaged.openExternal).not.toHaveBeenCalled();
    const development = hardened(false);
    development.contents.windowOpenHandler?.({ url: 'http://127.0.0.1:4010/p/1' });
    expect(development.openExternal.mock.calls).toEqual([['http://127.0.0.1:4010/p/1']]);
  });

  it('refuses webviews and redirects away from the app', () => {
    const { contents } = hardened();
    expect(contents.tryNavigate('https://example.com/', 'will-attach-webview')).toBe(true);
    expect(contents.tryNavigate('https://evil.example/', 'will-redirect')).toBe(true);
    expect(contents.tryNavigate('app://outpost/index.html', 'will-redirect')).toBe(false);
  });

  it('hardens a web contents only once, so a link opens once', () => {
    const contents = new FakeWebContents();
    const openExternal = vi.fn((_url: string) => Promise.resolve());
    hardenWebContents(contents as unknown as WebContents, openExternal, { packaged: true });
    hardenWebContents(contents as unknown as WebContents, openExternal, { packaged: true });
    contents.tryNavigate('https://example.com/');
    expect(openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('permissions', () => {
  it('denies every request and every check', () => {
    let request: ((...args: unknown[]) => void) | null = null;
    let check: ((...args: unknown[]) => boolean) | null = null;
    denyAllPermissions({
      setPermissionRequestHandler: (h) => (request = h as never),
      setPermissionCheckHandler: (h) => (check = h as never),
    });
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      request!({}, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect(check!({}, permission, 'app://outpost', {})).toBe(false);
    }
  });
});
