// The browser host over real HTTP on 127.0.0.1: token, Origin and Host rules, static files with
// the CSP, the invoke envelope, and server-sent events. The core is a small fake here; the
// contract test (contract.test.ts) runs the real core through both bridges.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventSource } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '@preload/bridge';
import { tokenMatches } from '../../../src-main/browser-host/auth';
import { parseBrowserHostArgs, startBrowserHost } from '../../../src-main/browser-host/lifecycle';
import type { BrowserHost } from '../../../src-main/browser-host/lifecycle';
import { RENDERER_CSP } from '../../../src-main/shared/csp';
import { createHttpBridge } from '../../../src-renderer/src/lib/http-bridge';
import { createFakeCore } from '../../unit/shell/fake-core';
import type { FakeCore } from '../../unit/shell/fake-core';

let dir: string;
let host: BrowserHost;
let core: FakeCore;
let base: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-host-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Outpost</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'export {}');
  writeFileSync(join(dir, 'secret.txt'), 'outside');
  core = createFakeCore();
  host = await startBrowserHost({ dataDir: dir, rendererDir: renderer, core });
  base = new URL(host.url).origin;
});

afterEach(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request, so tests can send any Host, Origin or path (fetch normalizes these). */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const invoke = (command: string, body: string, headers: Record<string, string> = {}) =>
  raw(`/bridge/invoke/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-outpost-token': host.token, ...headers },
    body,
  });

describe('browser host', () => {
  it('prints an address on 127.0.0.1 with a one-time code, and keeps a long random token', async () => {
    const url = new URL(host.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('token')).toBeNull();
    expect(host.url).not.toContain(host.token);
    expect(url.searchParams.get('code')!.length).toBeGreaterThanOrEqual(30);
    expect(host.token.length).toBeGreaterThanOrEqual(40);
    const other = await startBrowserHost({ dataDir: dir, rendererDir: join(dir, 'renderer'), core });
    try {
      expect(other.token).not.toBe(host.token);
    } finally {
      await other.close();
    }
  });

  it('serves the renderer with the CSP, nosniff and a content type', async () => {
    const index = await raw('/?token=x');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>Outpost</title>');
    expect(index.headers['content-security-policy']).toBe(RENDERER_CSP);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    const js = await raw('/assets/app.js');
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/nothing.js',
    '/bridge/other',
  ])('answers 404 for %s', async (path) => {
    const res = await raw(path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('outside');
  });

  it('answers commands with the core’s envelope', async () => {
    const res = await invoke('settings.update', JSON.stringify({ theme: 'dark' }));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, value: core.settings });
    expect(core.calls).toEqual([{ command: 'settings.update', payload: { theme: 'dark' } }]);
    const empty = await invoke('settings.get', '');
    expect(JSON.parse(empty.body)).toMatchObject({ ok: true });
    expect(core.calls[1]).toEqual({ command: 'settings.get', payload: undefined });
  });

  it('answers unknown commands and unreadable bodies with typed errors, without calling the core', async () => {
    expect(JSON.parse((await invoke('posts.erase', '{}')).body)).toEqual({
      ok: false,
      error: { code: 'unknown_command', message: 'Unknown command: posts.erase' },
    });
    expect(JSON.parse((await invoke('posts.create', '{not json')).body)).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    expect(core.calls).toHaveLength(0);
  });

  it('refuses a missing or wrong token with 401', async () => {
    expect((await invoke('settings.get', '', { 'x-outpost-token': '' })).status).toBe(401);
    expect((await invoke('settings.get', '', { 'x-outpost-token': `${host.token}x` })).status).toBe(401);
    expect((await invoke('settings.get', '', { 'x-outpost-token': host.token.toUpperCase() })).status).toBe(
      401,
    );
    expect((await raw('/bridge/events?ticket=nope')).status).toBe(401);
    expect((await raw('/bridge/events')).status).toBe(401);
    // The token in an address opens nothing: only a header or a ticket does.
    expect((await raw(`/bridge/events?token=${host.token}`)).status).toBe(401);
    expect(core.calls).toHaveLength(0);
  });

  it('refuses a foreign Origin and a foreign Host with 403', async () => {
    expect((await invoke('settings.get', '', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await invoke('settings.get', '', { origin: 'null' })).status).toBe(403);
    expect((await invoke('settings.get', '', { host: 'evil.example' })).status).toBe(403);
    expect((await raw('/', { headers: { host: `rebind.example:${new URL(base).port}` } })).status).toBe(403);
    expect(core.calls).toHaveLength(0);
    expect((await invoke('settings.get', '', { origin: base })).status).toBe(200);
  });

  it('refuses other methods', async () => {
    expect(
      (await raw(`/bridge/invoke/settings.get`, { headers: { 'x-outpost-token': host.token } })).status,
    ).toBe(405);
    expect((await raw('/', { method: 'POST' })).status).toBe(405);
  });

  it('refuses an oversized body with 413', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(6 * 1024 * 1024) });
    expect((await invoke('posts.create', big)).status).toBe(413);
    expect(core.calls).toHaveLength(0);
  });

  it('streams core events to a subscribed client, and stops when it unsubscribes', async () => {
    const bridge = createHttpBridge(host.token, { baseUrl: base, EventSource: EventSource as never });
    const received: BridgeEvent[] = [];
    let notify: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (notify = resolve));
    const unsubscribe = bridge.subscribe((event) => {
      received.push(event);
      notify();
    });
    // Wait until the host has subscribed this stream to the core, then emit.
    await expect.poll(() => core.listenerCount).toBe(1);
    core.emit({ name: 'itemChanged', data: { postId: 'p1', variantId: 'v1' } });
    await arrived;
    expect(received).toEqual([{ name: 'itemChanged', data: { postId: 'p1', variantId: 'v1' } }]);
    unsubscribe();
    await expect.poll(() => core.listenerCount).toBe(0);
  });

  it('sends the events of one turn as one message: a list, in the order the core emitted them', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/bridge/events`, {
      headers: { 'X-Outpost-Token': host.token },
      signal: controller.signal,
    });
    const reader = res.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (ending: RegExp): Promise<void> => {
      while (!ending.test(text)) text += decoder.decode((await reader.read()).value, { stream: true });
    };
    await readUntil(/: connected\n\n$/);
    const events = ['p1', 'p2', 'p3'].map((postId): BridgeEvent => ({
      name: 'itemChanged',
      data: { postId, variantId: null },
    }));
    for (const event of events) core.emit(event);
    await readUntil(/^data: .*\n\n$/m);
    const data = text.split('\n').filter((line) => line.startsWith('data: '));
    expect(data.map((line) => JSON.parse(line.slice(6)) as unknown)).toEqual([events]);
    controller.abort();
  });

  it('lets the core speak while the host closes: an ended stream is not written to', async () => {
    const bridge = createHttpBridge(host.token, { baseUrl: base, EventSource: EventSource as never });
    const unsubscribe = bridge.subscribe(() => {});
    await expect.poll(() => core.listenerCount).toBe(1);
    // close() ends the streams at once; each stays subscribed until its socket closes, and the
    // core may emit in between (the text it saves as it closes).
    // A write after the end fails later, as an uncaught 'write after end'.
    const uncaught: unknown[] = [];
    const record = (error: unknown): void => void uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const closing = host.close();
      core.emit({ name: 'itemChanged', data: { postId: 'p1', variantId: null } });
      await closing;
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('uncaughtException', record);
    }
    expect(uncaught).toEqual([]);
    unsubscribe();
    await expect.poll(() => core.listenerCount).toBe(0);
  });

  it('reopens a dropped event stream with a fresh ticket (the spent one would be refused), and says events may have been missed', async () => {
    const opened: Array<{ url: string; source: EventSource }> = [];
    class RecordingEventSource extends EventSource {
      constructor(url: string | URL) {
        super(url);
        opened.push({ url: String(url), source: this });
      }
    }
    const bridge = createHttpBridge(host.token, {
      baseUrl: base,
      EventSource: RecordingEventSource as never,
      reconnectMs: 10,
    });
    const received: BridgeEvent[] = [];
    let resumed = 0;
    const stopResumed = bridge.onEventsResumed?.(() => resumed++);
    const unsubscribe = bridge.subscribe((event) => received.push(event));
    await expect.poll(() => core.listenerCount).toBe(1);
    await expect.poll(() => opened[0]?.source.readyState).toBe(EventSource.OPEN);
    // The first opening follows no gap.
    expect(resumed).toBe(0);
    // The connection drops: the stream closes and the client hears of it.
    const first = opened[0]!;
    first.source.close();
    first.source.onerror?.(new Event('error') as never);
    await expect.poll(() => opened.length).toBe(2);
    await expect.poll(() => core.listenerCount).toBe(1);
    const ticketOf = (url: string) => new URL(url).searchParams.get('ticket');
    expect(ticketOf(opened[1]!.url)).not.toBe(ticketOf(first.url));
    expect(opened.every(({ url }) => !url.includes(host.token))).toBe(true);
    // Once it is open again, the window hears that what the core sent meanwhile was lost.
    await expect.poll(() => resumed).toBe(1);
    core.emit({ name: 'itemChanged', data: { postId: 'p2', variantId: null } });
    await expect
      .poll(() => received)
      .toEqual([{ name: 'itemChanged', data: { postId: 'p2', variantId: null } }]);
    expect(resumed).toBe(1);
    stopResumed?.();
    unsubscribe();
    await expect.poll(() => core.listenerCount).toBe(0);
  });

  it('gives the HTTP client typed failures when the host refuses or is gone', async () => {
    const wrong = createHttpBridge('wrong-token', { baseUrl: base });
    expect(await wrong.invoke('settings.get', undefined)).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    const right = createHttpBridge(host.token, { baseUrl: base });
    expect(await right.invoke('posts.erase' as never, {} as never)).toEqual({
      ok: false,
      error: { code: 'unknown_command', message: 'Unknown command: posts.erase' },
    });
    await host.close();
    const gone = await right.invoke('settings.get', undefined);
    expect(gone.ok).toBe(false);
    expect(!gone.ok && gone.error).toMatchObject({ code: 'internal' });
    expect(!gone.ok && gone.error.message).toMatch(/Lost contact/);
  });
});

describe('browser host helpers', () => {
  it('compares tokens exactly', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abc', 'abd')).toBe(false);
    expect(tokenMatches('abc', 'abcd')).toBe(false);
    expect(tokenMatches('abc', '')).toBe(false);
    expect(tokenMatches('abc', undefined)).toBe(false);
  });

  it('parses --port and --data-dir, refusing anything else clearly', () => {
    expect(parseBrowserHostArgs([])).toEqual({ port: 0, dataDir: undefined });
    expect(parseBrowserHostArgs(['--port', '5180', '--data-dir', '/tmp/x'])).toEqual({
      port: 5180,
      dataDir: '/tmp/x',
    });
    expect(parseBrowserHostArgs(['--port=0', '--data-dir=/d'])).toEqual({ port: 0, dataDir: '/d' });
    expect(() => parseBrowserHostArgs(['--port', 'abc'])).toThrow(/--port must be a number/);
    expect(() => parseBrowserHostArgs(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseBrowserHostArgs(['--port'])).toThrow(/needs a value/);
    expect(() => parseBrowserHostArgs(['--verbose'])).toThrow(/Unknown argument/);
  });
});
