// The browser host's server, under the name its importers know; its parts are in browser-host/.
export { defaultRendererDir, parseBrowserHostArgs, startBrowserHost } from './browser-host/lifecycle';
export type { BrowserHost, BrowserHostArgs, BrowserHostOptions } from './browser-host/lifecycle';
export { tokenMatches } from './browser-host/auth';
export type { HostLimits } from './browser-host/guard';
