// The page's link to the browser host: a POST that carries the credential in the
// X-Outpost-Token header, never a cookie.

/** The host, as the bridge talks to it: a POST with the credential; null when the page holds none. */
export interface HostLink {
  baseUrl: string;
  post(path: string, body: string): Promise<Response | null>;
  /**
   * A POST sent as the page goes (closed, reloaded), never answered: `keepalive`, so the browser
   * still sends it once the page is gone, where it would cancel a plain fetch. (sendBeacon
   * cannot carry the credential's header.) Sent at once, in the page's last event: nothing is
   * awaited first. Nothing is sent before the page holds its credential.
   */
  postOnLeave(path: string, body: string): void;
}

/** `credential`: the token to send, or a promise of it (a page's session, traded as it loads). */
export function hostLink(
  credential: string | Promise<string | null>,
  options: { baseUrl?: string; fetch?: typeof fetch },
): HostLink {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const token = Promise.resolve(credential);
  // The credential once known, for what must be sent without waiting.
  let known: string | null = typeof credential === 'string' ? credential : null;
  void token.then((value) => (known = value));
  const request = (value: string, body: string, keepalive: boolean): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Outpost-Token': value },
    // No cookie is needed, and none that another port planted is sent.
    credentials: 'omit',
    body,
    ...(keepalive ? { keepalive } : {}),
  });
  return {
    baseUrl,
    async post(path, body) {
      const value = await token;
      if (value === null) return null;
      return doFetch(`${baseUrl}${path}`, request(value, body, false));
    },
    postOnLeave(path, body) {
      if (known === null) return;
      doFetch(`${baseUrl}${path}`, request(known, body, true)).catch(() => undefined);
    },
  };
}
