// The page's side: the one-time code leaves the address bar before it is
// traded, the trade is a POST without cookies, and the session is kept in this tab's storage.
// The host itself is tested over real HTTP in test/integration/security/browser-host-code.test.ts
// and in Chromium in test/e2e/host-credential.test.ts.
import { describe, expect, it } from 'vitest';
import { SESSION_KEY, openHostSession } from '../../../src-renderer/src/lib/host-token';

interface Trade {
  url: string;
  init: RequestInit;
}

function place(href: string, answer: () => Response, stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const replaced: string[] = [];
  const trades: Trade[] = [];
  // What the address bar showed when the trade left.
  const addressAtTrade: Array<string | undefined> = [];
  return {
    href,
    replaced,
    trades,
    addressAtTrade,
    storage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
    map: storage,
    replaceUrl: (url: string) => void replaced.push(url),
    fetch: ((url: string, init: RequestInit) => {
      trades.push({ url, init });
      addressAtTrade.push(replaced.at(-1));
      return Promise.resolve(answer());
    }) as typeof fetch,
  };
}

const sessionAnswer = (session: string) => () => Response.json({ session });
const refused = () => new Response('This Outpost link was already used', { status: 401 });

describe('the browser host session of a page', () => {
  it('takes the code out of the address first, trades it with a cookie-less POST and keeps the session', async () => {
    const p = place('http://127.0.0.1:5000/?code=once&view=posts#top', sessionAnswer('s-1'));
    expect(await openHostSession(p)).toBe('s-1');
    expect(p.replaced).toEqual(['/?view=posts#top']);
    expect(p.addressAtTrade).toEqual(['/?view=posts#top']);
    expect(p.trades).toHaveLength(1);
    expect(p.trades[0]!.url).toBe('/bridge/session');
    expect(p.trades[0]!.init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(JSON.parse(p.trades[0]!.init.body as string)).toEqual({ code: 'once' });
    expect(p.map.get(SESSION_KEY)).toBe('s-1');
  });

  it('after a reload, uses the session this tab kept, with no request', async () => {
    const p = place('http://127.0.0.1:5000/', sessionAnswer('never'), { [SESSION_KEY]: 'kept' });
    expect(await openHostSession(p)).toBe('kept');
    expect(p.trades).toEqual([]);
    expect(p.replaced).toEqual([]);
  });

  it('holds nothing when the code is refused and the tab had no session', async () => {
    const p = place('http://127.0.0.1:5000/?code=spent', refused);
    expect(await openHostSession(p)).toBeNull();
    expect(p.replaced).toEqual(['/']);
    expect(p.map.has(SESSION_KEY)).toBe(false);
  });

  it('holds nothing when the host cannot be reached or answers nonsense, and never rejects', async () => {
    const gone = place('http://127.0.0.1:5000/?code=x', () => {
      throw new TypeError('fetch failed');
    });
    expect(await openHostSession(gone)).toBeNull();
    const odd = place('http://127.0.0.1:5000/?code=x', () => Response.json({ session: 42 }));
    expect(await openHostSession(odd)).toBeNull();
  });

  it('drops an older build’s ?token= and stored token', async () => {
    const p = place('http://127.0.0.1:5000/?token=abc123&x=1', sessionAnswer('never'), {
      'outpost.hostToken': 'old',
    });
    expect(await openHostSession(p)).toBeNull();
    expect(p.replaced).toEqual(['/?x=1']);
    expect(p.map.has('outpost.hostToken')).toBe(false);
    expect(p.trades).toEqual([]);
  });

  it('works for the page’s life when storage is turned off', async () => {
    const p = place('http://127.0.0.1:5000/?code=once', sessionAnswer('s-2'));
    const off = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const q = { ...p, storage: { getItem: off, setItem: off, removeItem: off } };
    expect(await openHostSession(q)).toBe('s-2');
  });
});
