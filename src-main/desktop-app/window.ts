// The window and everything that keeps it locked down: the `app://` protocol that serves the
// built renderer, navigation and popups refused, links opened in the OS browser after a check,
// and every permission request denied.
import { readFile } from 'node:fs/promises';
import type {
  BrowserWindow as BrowserWindowType,
  BrowserWindowConstructorOptions,
  Protocol,
  Session,
  WebContents,
} from 'electron';
import { isSafeLink, safeLinkUrl, type LinkPolicy } from '@preload/links';
import { RENDERER_SECURITY_HEADERS, contentTypeFor } from '../shared/csp';
import { resolveRendererFile } from '../shared/renderer-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'outpost';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Must run before `app` is ready: a standard, secure scheme gets an origin, fetch and storage. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Answers one `app://` request from the renderer folder; 404 for anything else, never a file outside it. */
export async function serveAppRequest(rendererDir: string, requestUrl: string): Promise<Response> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return new Response('Bad request', { status: 400 });
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST)
    return new Response('Not found', { status: 404 });
  const file = resolveRendererFile(rendererDir, url.pathname);
  if (file === null) return new Response('Not found', { status: 404 });
  const body = await readFile(file);
  return new Response(body, {
    status: 200,
    headers: { ...RENDERER_SECURITY_HEADERS, 'Content-Type': contentTypeFor(file) },
  });
}

export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request.url));
}

/** How the main process opens links: `packaged` is app.isPackaged. */
export interface ExternalLinkOptions {
  packaged: boolean;
  onError?: (error: unknown) => void;
}

const linkPolicy = (options: ExternalLinkOptions): LinkPolicy => ({ loopbackHttp: !options.packaged });

/**
 * The shared check (src-preload/links.ts) for the OS browser: https with no credentials; http on
 * this computer (the sandbox) only in a development build, as a shipped app has no business
 * opening a local server's page because the service said so.
 */
export function isSafeExternalUrl(raw: string, options: ExternalLinkOptions): boolean {
  return isSafeLink(raw, linkPolicy(options));
}

export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}

export type OpenExternal = (url: string) => Promise<void>;

/** Opens `url` in the OS browser if it passes the check; answers whether it did. */
export function openExternalSafely(
  openExternal: OpenExternal,
  url: string,
  options: ExternalLinkOptions,
): boolean {
  const safe = safeLinkUrl(url, linkPolicy(options));
  if (safe === null) return false;
  openExternal(safe).catch((error: unknown) => options.onError?.(error));
  return true;
}

/**
 * For every web contents the app ever creates: no navigation away, no new windows (an https
 * link goes to the OS browser instead), no <webview>.
 */
const hardened = new WeakSet<WebContents>();

export function hardenWebContents(
  contents: WebContents,
  openExternal: OpenExternal,
  options: ExternalLinkOptions,
): void {
  // Both `web-contents-created` and the window factory call this; handlers must not double up.
  if (hardened.has(contents)) return;
  hardened.add(contents);
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    if (!isAppUrl(url)) openExternalSafely(openExternal, url, options);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(openExternal, url, options);
    return { action: 'deny' };
  });
}

/** Outpost needs no camera, microphone, notifications-from-the-page, geolocation or anything else. */
export function denyAllPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

export function mainWindowOptions(
  preloadPath: string,
  bounds: WindowBounds,
  iconPath?: string,
  packaged = true,
): BrowserWindowConstructorOptions {
  return {
    x: bounds.x,
    y: bounds.y,
    width: bounds.width,
    height: bounds.height,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Outpost',
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      // A shipped app has no DevTools: anyone at the keyboard could drive the bridge from them.
      devTools: !packaged,
    },
  };
}

export type BrowserWindowCtor = new (options: BrowserWindowConstructorOptions) => BrowserWindowType;

export function createMainWindow(
  BrowserWindow: BrowserWindowCtor,
  options: {
    preloadPath: string;
    bounds: WindowBounds;
    iconPath?: string;
    openExternal: OpenExternal;
    /** app.isPackaged: DevTools, and local http links, only in a development build. */
    packaged: boolean;
  },
): BrowserWindowType {
  const win = new BrowserWindow(
    mainWindowOptions(options.preloadPath, options.bounds, options.iconPath, options.packaged),
  );
  hardenWebContents(win.webContents, options.openExternal, { packaged: options.packaged });
  if (options.bounds.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  return win;
}
