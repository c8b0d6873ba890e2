// What the browser host's client makes of a command and of what comes back, worked out without a
// host: the request it sends (or its refusal), the envelope an answer carries or the plain words
// for why there is none, and how long it waits before reopening a dropped event stream. The same
// client against a real host: test/integration/shell/browser-host.test.ts.
import { describe, expect, it } from 'vitest';
import { nextReconnectMs, parseEvents } from '../../../src-renderer/src/lib/host-events';
import {
  commandRequest,
  createHttpBridge,
  envelopeFrom,
  NOT_CONNECTED,
} from '../../../src-renderer/src/lib/http-bridge';

describe('a command’s request', () => {
  it('names the command in the path and carries the payload as JSON, or nothing', () => {
    expect(commandRequest('posts.get', { id: 'p 1' })).toEqual({
      path: '/bridge/invoke/posts.get',
      body: '{"id":"p 1"}',
    });
    expect(commandRequest('settings.get', undefined)).toEqual({
      path: '/bridge/invoke/settings.get',
      body: '',
    });
  });

  it('is never sent for a command the contract does not name', () => {
    expect(commandRequest('posts.erase', {})).toEqual({
      ok: false,
      error: { code: 'unknown_command', message: 'Unknown command: posts.erase' },
    });
  });
});

describe('the envelope of an answer', () => {
  const says = (answer: Parameters<typeof envelopeFrom>[0]) => {
    const result = envelopeFrom(answer);
    return result.ok ? null : result.error;
  };

  it('is the core’s own, passed on as it came', () => {
    const value = { ok: true, value: { id: 'p1' } };
    expect(envelopeFrom({ kind: 'body', body: value })).toBe(value);
    const refused = { ok: false, error: { code: 'not_found', message: 'No post with id p1.' } };
    expect(envelopeFrom({ kind: 'body', body: refused })).toBe(refused);
  });

  it('says in plain words why there is none', () => {
    expect(says({ kind: 'unreachable' })?.message).toMatch(/^Lost contact with the Outpost browser host/);
    expect(says({ kind: 'no credential' })).toEqual({ code: 'internal', message: NOT_CONNECTED });
    expect(says({ kind: 'refused', status: 401 })?.message).toBe(NOT_CONNECTED);
    expect(says({ kind: 'refused', status: 503 })?.message).toBe('The Outpost browser host answered 503.');
    expect(says({ kind: 'unreadable' })?.message).toBe('The Outpost browser host sent an unreadable answer.');
    for (const body of [null, 'ok', { ok: true }, { ok: false, error: { message: 'no code' } }, { ok: 1 }])
      expect(says({ kind: 'body', body })?.message).toBe(
        'The Outpost browser host sent an unreadable answer.',
      );
  });
});

describe('the event stream', () => {
  it('waits twice as long after each failure to reopen, up to 30 s', () => {
    const waits = [1_000];
    for (let i = 0; i < 6; i++) waits.push(nextReconnectMs(waits.at(-1)!));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('passes on the events of a message in order and drops a message that is not a list', () => {
    const changed = (postId: string) => ({ name: 'itemChanged', data: { postId, variantId: null } });
    expect(parseEvents(JSON.stringify([changed('p1'), changed('p2')]))).toEqual([
      changed('p1'),
      changed('p2'),
    ]);
    expect(parseEvents(JSON.stringify(changed('p1')))).toEqual([]);
    expect(parseEvents('not json')).toEqual([]);
  });
});

describe('the drop of an empty new post as the page goes', () => {
  /** A fetch that keeps what it was asked, and answers nothing. */
  function recording() {
    const asked: Array<{ url: string; init: RequestInit }> = [];
    const fetch = (url: string, init: RequestInit) => {
      asked.push({ url, init });
      return new Promise<Response>(() => undefined);
    };
    return { asked, fetch: fetch as unknown as typeof globalThis.fetch };
  }

  it('is sent at once, with the credential, as a request the browser keeps alive once the page is gone', async () => {
    const { asked, fetch } = recording();
    let trade!: (session: string | null) => void;
    const bridge = createHttpBridge(new Promise((resolve) => (trade = resolve)), {
      baseUrl: 'http://127.0.0.1:4000/',
      fetch,
    });
    // Before the page holds its session: there is nothing to send it with.
    bridge.dropOnLeave?.('p9');
    trade('session-1');
    await Promise.resolve();
    expect(asked).toEqual([]);
    // In the page's last event: sent before anything is awaited.
    bridge.dropOnLeave?.('p9');
    expect(asked).toEqual([
      {
        url: 'http://127.0.0.1:4000/bridge/invoke/posts.dropIfUntouched',
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Outpost-Token': 'session-1' },
          credentials: 'omit',
          body: '{"id":"p9"}',
          keepalive: true,
        },
      },
    ]);
  });

  it('is never sent by a page that holds no session', async () => {
    const { asked, fetch } = recording();
    const bridge = createHttpBridge(Promise.resolve(null), { fetch });
    await Promise.resolve();
    bridge.dropOnLeave?.('p9');
    expect(asked).toEqual([]);
  });
});
