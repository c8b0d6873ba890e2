// The one scheme check for links from the service (platform_post_url, a notification's url),
// shared by the window and the main process: pure code, no Node or Electron, so both may
// import it. A link is https with a host and no credentials, or, unless the policy says no, http
// on this computer (the sandbox); anything else (javascript:, data:, file:, app:, smb:, ...) is
// shown as text. A packaged desktop app hands the OS browser https links only (src-main/window.ts).

export interface LinkPolicy {
  /** http on this computer (localhost, 127.x, [::1]): the sandbox's links, in development. */
  loopbackHttp: boolean;
}

const DEVELOPMENT: LinkPolicy = { loopbackHttp: true };

function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return v4 !== null && v4.slice(1).every((part) => Number(part) <= 255);
}

/** The URL to put in an href or hand to the OS browser, normalized; null when it must stay text. */
export function safeLinkUrl(raw: unknown, policy: LinkPolicy = DEVELOPMENT): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && policy.loopbackHttp && isLoopback(url.hostname)) return url.href;
  return null;
}

export function isSafeLink(raw: unknown, policy: LinkPolicy = DEVELOPMENT): boolean {
  return safeLinkUrl(raw, policy) !== null;
}
