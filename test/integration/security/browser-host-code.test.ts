// Issue 14, point 5, over real HTTP: the printed address carries a one-time code, traded once
// for an HttpOnly, SameSite=Strict cookie and a redirect to the clean address; the cookie
// authorises the page's own calls only (Origin and Sec-Fetch-Site), a replayed code nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../src-main/browser-host-server';
import { createFakeCore } from '../../unit/shell/fake-core';

let dir = '';
let host: BrowserHost;
let origin = '';

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-host-code-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Outpost</title>');
  host = await startBrowserHost({ dataDir: dir, rendererDir: join(dir, 'renderer'), core: createFakeCore() });
  origin = new URL(host.url).origin;
});
afterEach(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const url = new URL(origin);
  return new Promise<Answer>((resolve, reject) => {
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
        // Event streams never end by themselves: the status and headers are enough.
        if (res.headers['content-type']?.startsWith('text/event-stream')) {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
          res.destroy();
        }
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

async function cookieFrom(url: string): Promise<string> {
  const answer = await raw(pathOf(url));
  const set = answer.headers['set-cookie'];
  expect(set).toHaveLength(1);
  return set![0]!.split(';')[0]!;
}

const invoke = (headers: Record<string, string>) =>
  raw('/bridge/invoke/settings.get', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('the one-time code', () => {
  it('is traded once for an HttpOnly, SameSite=Strict cookie and a redirect to the clean address', async () => {
    const answer = await raw(pathOf(host.url).replace('/?', '/?view=posts&'));
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/?view=posts');
    const cookie = answer.headers['set-cookie']![0]!;
    expect(cookie).toMatch(/^outpost_host_\d+=/);
    expect(cookie).toContain(host.token);
    for (const flag of ['HttpOnly', 'SameSite=Strict', 'Path=/']) expect(cookie).toContain(flag);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('is refused when replayed, and gives no cookie then', async () => {
    await cookieFrom(host.url);
    const replay = await raw(pathOf(host.url));
    expect(replay.status).toBe(401);
    expect(replay.headers['set-cookie']).toBeUndefined();
    expect(replay.body).toMatch(/already used/);
    expect(replay.body).not.toContain(host.token);
  });

  it('replayed by a browser that holds the cookie already, it just opens the page, granting nothing', async () => {
    const cookie = await cookieFrom(host.url);
    const again = await raw(pathOf(host.url), { headers: { cookie } });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('an unknown code is refused; a fresh one from pageUrl() works once', async () => {
    expect((await raw('/?code=guess')).status).toBe(401);
    const fresh = host.pageUrl();
    expect(fresh).not.toBe(host.url);
    expect(fresh).not.toContain(host.token);
    expect((await raw(pathOf(fresh))).status).toBe(303);
    expect((await raw(pathOf(fresh))).status).toBe(401);
  });
});

describe('the cookie', () => {
  it("authorises the page's own calls and event stream", async () => {
    const cookie = await cookieFrom(host.url);
    const call = await invoke({ cookie, origin, 'sec-fetch-site': 'same-origin' });
    expect(call.status).toBe(200);
    expect(JSON.parse(call.body)).toMatchObject({ ok: true });
    const events = await raw('/bridge/events', { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(events.status).toBe(200);
  });

  it('is not enough without the page naming its origin, or from another site', async () => {
    const cookie = await cookieFrom(host.url);
    expect((await invoke({ cookie })).status).toBe(401);
    expect((await invoke({ cookie, origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await invoke({ cookie, origin, 'sec-fetch-site': 'same-site' })).status).toBe(401);
    expect(
      (await raw('/bridge/events', { headers: { cookie, 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(401);
    expect((await invoke({ cookie: `${cookie}x`, origin })).status).toBe(401);
  });

  it('scripts still use the header, as before', async () => {
    expect((await invoke({ 'x-outpost-token': host.token })).status).toBe(200);
    expect((await invoke({ 'x-outpost-token': 'wrong' })).status).toBe(401);
  });
});
