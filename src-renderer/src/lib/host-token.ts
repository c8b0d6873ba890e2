// The browser host's page no longer carries its token in the address: a one-time code is traded
// for an HttpOnly cookie before the page loads (src-main/browser-host-server.ts). What is left
// here clears what an older Outpost left behind. No DOM types, so it is testable in plain Node.

const OLD_TOKEN_KEY = 'outpost.hostToken';

export interface TokenPlace {
  href: string;
  storage: Pick<Storage, 'removeItem'>;
  replaceUrl(url: string): void;
}

/** Drops a `?token=` or a spent `?code=` from the address bar, and an older build's stored token. */
export function clearHostTokenTraces(place: TokenPlace): void {
  place.storage.removeItem(OLD_TOKEN_KEY);
  const url = new URL(place.href);
  if (!url.searchParams.has('token') && !url.searchParams.has('code')) return;
  url.searchParams.delete('token');
  url.searchParams.delete('code');
  place.replaceUrl(url.pathname + url.search + url.hash);
}
