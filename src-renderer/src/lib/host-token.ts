// The browser host's per-launch token, kept out of the address bar. No DOM types here, so
// the logic is testable in plain Node.

const TOKEN_KEY = 'outpost.hostToken';

export interface TokenPlace {
  href: string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  replaceUrl(url: string): void;
}

/**
 * The browser host's token: from `?token=` on first load (then removed from the address bar so
 * it does not end up in history or screenshots, and kept for reloads in sessionStorage).
 */
export function takeHostToken(place: TokenPlace): string | null {
  const url = new URL(place.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    place.storage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    place.replaceUrl(url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return place.storage.getItem(TOKEN_KEY);
}
