// The browser host page's credential. The printed address carries a one-time code: the page takes
// it out of the address bar before anything else, then trades it with a POST (never a cookie:
// cookies reach every port of 127.0.0.1) for a session token, kept in sessionStorage. That storage
// belongs to this tab and this origin, port included, so no other local server can read it, and a
// reload goes on working. No DOM types, so it is testable in plain Node.

export const SESSION_KEY = 'outpost.hostSession';
/** Where an older build kept the launch token itself. */
const OLD_TOKEN_KEY = 'outpost.hostToken';

export interface SessionPlace {
  href: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  replaceUrl(url: string): void;
  fetch: typeof fetch;
}

/** Drops `?code=` (and an older build's `?token=`) from the address; answers the code, if any. */
function takeCodeFromAddress(place: SessionPlace): string | null {
  const url = new URL(place.href);
  const code = url.searchParams.get('code');
  if (code === null && !url.searchParams.has('token')) return null;
  url.searchParams.delete('token');
  url.searchParams.delete('code');
  place.replaceUrl(url.pathname + url.search + url.hash);
  return code;
}

async function tradeCode(place: SessionPlace, code: string): Promise<string | null> {
  try {
    const response = await place.fetch('/bridge/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ code }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { session?: unknown };
    return typeof body.session === 'string' && body.session.length > 0 ? body.session : null;
  } catch {
    return null;
  }
}

/** Storage can be off (a browser's privacy setting): the session then lives as long as the page. */
function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/**
 * Resolves to this tab's session token, or null when it holds none (then every call says how to
 * get a new address). Never rejects.
 */
export async function openHostSession(place: SessionPlace): Promise<string | null> {
  attempt(() => place.storage.removeItem(OLD_TOKEN_KEY), undefined);
  const code = takeCodeFromAddress(place);
  if (code !== null && code.length > 0) {
    const session = await tradeCode(place, code);
    if (session !== null) {
      attempt(() => place.storage.setItem(SESSION_KEY, session), undefined);
      return session;
    }
  }
  // A reload: the code is long gone from the address, the session is still in this tab.
  return attempt(() => place.storage.getItem(SESSION_KEY), null);
}
