// The browser host's credentials over real HTTP: the printed address carries a one-time
// code that the page trades once, with a POST, for a session token it sends as a header. No
// cookie is ever set, and none opens anything: browsers send 127.0.0.1's cookies to every port.
// The event stream opens with a ticket: single use, short-lived, bought with the header.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../src-main/browser-host/lifecycle';
import { createFakeCore, type FakeCore } from '../../unit/shell/fake-core';

let dir = '';
let host: BrowserHost;
let core: FakeCore;
let origin = '';
let port = '';
let clock = 0;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-host-code-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Outpost</title>');
  core = createFakeCore();
  clock = Date.parse('2030-01-01T00:00:00Z');
  host = await startBrowserHost({
    dataDir: dir,
    rendererDir: join(dir, 'renderer'),
    core,
    now: () => clock,
  });
  origin = new URL(host.url).origin;
  port = new URL(host.url).port;
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
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
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

const codeOf = (url: string): string => new URL(url).searchParams.get('code') ?? '';
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** What the page does: POST the code, from its own origin. */
const trade = (code: string, headers: Record<string, string> = {}) =>
  raw('/bridge/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify({ code }),
  });

async function sessionFrom(url: string): Promise<string> {
  const answer = await trade(codeOf(url));
  expect(answer.status).toBe(200);
  const { session } = JSON.parse(answer.body) as { session: string };
  return session;
}

const invoke = (headers: Record<string, string>) =>
  raw('/bridge/invoke/settings.get', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
  });

async function ticketFor(credential: string): Promise<string> {
  const answer = await raw('/bridge/ticket', {
    method: 'POST',
    headers: { origin, 'x-outpost-token': credential },
  });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { ticket: string }).ticket;
}

const events = (query: string, headers: Record<string, string> = {}) =>
  raw(`/bridge/events${query}`, { headers });

describe('the one-time code', () => {
  it('opens the page without being spent, and is traded once, by POST, for a session token', async () => {
    const page = await raw(pathOf(host.url));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Outpost</title>');
    expect(page.headers['referrer-policy']).toBe('no-referrer');

    const answer = await trade(codeOf(host.url));
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { session } = JSON.parse(answer.body) as { session: string };
    expect(session.length).toBeGreaterThanOrEqual(40);
    expect(session).not.toBe(host.token);
    expect((await invoke({ 'x-outpost-token': session })).status).toBe(200);
  });

  it('is refused when replayed, by the trade and by the address alike', async () => {
    await sessionFrom(host.url);
    const again = await trade(codeOf(host.url));
    expect(again.status).toBe(401);
    expect(again.body).toMatch(/already used/);
    const page = await raw(pathOf(host.url));
    expect(page.status).toBe(401);
    expect(page.body).toMatch(/already used/);
    for (const answer of [again, page]) {
      expect(answer.body).not.toContain(host.token);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('an unknown, empty or missing code is refused; each pageUrl() has its own code and session', async () => {
    expect((await trade('guess')).status).toBe(401);
    expect((await trade('')).status).toBe(401);
    expect((await raw('/bridge/session', { method: 'POST', headers: { origin }, body: '{}' })).status).toBe(
      401,
    );
    expect(
      (await raw('/bridge/session', { method: 'POST', headers: { origin }, body: 'code=x' })).status,
    ).toBe(400);
    expect((await raw('/bridge/session')).status).toBe(405);
    expect((await raw('/?code=guess')).status).toBe(401);
    const fresh = host.pageUrl();
    expect(codeOf(fresh)).not.toBe(codeOf(host.url));
    expect(fresh).not.toContain(host.token);
    const [first, second] = [await sessionFrom(host.url), await sessionFrom(fresh)];
    expect(first).not.toBe(second);
  });

  it('another site cannot trade it, and its attempt spends nothing', async () => {
    const foreign = await trade(codeOf(host.url), { origin: 'http://127.0.0.1:1' });
    expect(foreign.status).toBe(403);
    expect((await trade(codeOf(host.url))).status).toBe(200);
  });
});

describe('cookies', () => {
  it('are never set, whatever the host answers', async () => {
    const session = await sessionFrom(host.url);
    const ticket = await ticketFor(session);
    const answers = [
      await raw(pathOf(host.pageUrl())),
      await trade(codeOf(host.pageUrl())),
      await invoke({ 'x-outpost-token': session }),
      await events(`?ticket=${ticket}`),
      await raw('/?code=spent'),
    ];
    for (const answer of answers) expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('carrying the launch token or a session, under any name, open nothing', async () => {
    const session = await sessionFrom(host.url);
    for (const value of [host.token, session]) {
      for (const name of [`outpost_host_${port}`, 'outpost_session', 'x-outpost-token']) {
        const cookie = `${name}=${value}`;
        expect((await invoke({ cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(401);
        expect((await events('', { cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(401);
        expect((await raw('/bridge/ticket', { method: 'POST', headers: { origin, cookie } })).status).toBe(
          401,
        );
      }
    }
    expect(core.calls).toHaveLength(0);
  });

  it('that another port planted, even a jar full of them, do not lock a session out', async () => {
    const session = await sessionFrom(host.url);
    // A browser keeps up to ~180 cookies of 4 KB for 127.0.0.1, from any port, and sends them all.
    const jar = Array.from({ length: 60 }, (_, i) => `planted${i}=${'x'.repeat(4000)}`);
    const cookie = [`outpost_host_${port}=overwritten`, ...jar].join('; ');
    expect((await invoke({ cookie, 'x-outpost-token': session })).status).toBe(200);
    expect((await raw('/', { headers: { cookie } })).status).toBe(200);
  });
});

describe('the event stream ticket', () => {
  it('opens one stream, once', async () => {
    const ticket = await ticketFor(await sessionFrom(host.url));
    expect((await events(`?ticket=${ticket}`)).status).toBe(200);
    expect((await events(`?ticket=${ticket}`)).status).toBe(401);
  });

  it('expires 30 s after it was given', async () => {
    const session = await sessionFrom(host.url);
    const late = await ticketFor(session);
    const inTime = await ticketFor(session);
    clock += 29_000;
    expect((await events(`?ticket=${inTime}`)).status).toBe(200);
    clock += 1_000;
    expect((await events(`?ticket=${late}`)).status).toBe(401);
  });

  it('a wrong, empty or borrowed one gets 401, and so does a token in the address', async () => {
    const session = await sessionFrom(host.url);
    const ticket = await ticketFor(session);
    for (const query of [
      `?ticket=${ticket}x`,
      '?ticket=',
      '?ticket=guess',
      `?ticket=${session}`,
      `?ticket=${host.token}`,
      `?token=${host.token}`,
      `?token=${session}`,
      '',
    ]) {
      expect((await events(query)).status, query).toBe(401);
    }
  });

  it('is sold only for a valid header, and only by POST', async () => {
    expect((await raw('/bridge/ticket', { method: 'POST', headers: { origin } })).status).toBe(401);
    expect(
      (await raw('/bridge/ticket', { method: 'POST', headers: { origin, 'x-outpost-token': 'nope' } }))
        .status,
    ).toBe(401);
    expect((await raw('/bridge/ticket', { headers: { 'x-outpost-token': host.token } })).status).toBe(405);
  });

  it('scripts may open the stream with the launch token as a header instead', async () => {
    expect((await events('', { 'x-outpost-token': host.token })).status).toBe(200);
    expect((await events('', { 'x-outpost-token': `${host.token}x` })).status).toBe(401);
  });
});

describe('the header', () => {
  it('takes the launch token (scripts) or a session, nothing else', async () => {
    const session = await sessionFrom(host.url);
    expect((await invoke({ 'x-outpost-token': host.token })).status).toBe(200);
    expect((await invoke({ 'x-outpost-token': session })).status).toBe(200);
    for (const wrong of ['wrong', '', `${session}x`, session.toUpperCase(), codeOf(host.pageUrl())]) {
      expect((await invoke({ 'x-outpost-token': wrong })).status).toBe(401);
    }
  });
});
