// The page's link to the browser host: a POST that carries the credential in the
// X-Outpost-Token header, never a cookie.

/** The host, as the bridge talks to it: a POST with the credential; null when the page holds none. */
export interface HostLink {
  baseUrl: string;
  post(path: string, body: string): Promise<Response | null>;
}

/** `credential`: the token to send, or a promise of it (a page's session, traded as it loads). */
export function hostLink(
  credential: string | Promise<string | null>,
  options: { baseUrl?: string; fetch?: typeof fetch },
): HostLink {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const token = Promise.resolve(credential);
  return {
    baseUrl,
    async post(path, body) {
      const value = await token;
      if (value === null) return null;
      return doFetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Outpost-Token': value },
        // No cookie is needed, and none that another port planted is sent.
        credentials: 'omit',
        body,
      });
    },
  };
}
