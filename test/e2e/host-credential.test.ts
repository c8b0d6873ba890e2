// In Chromium: browsers send 127.0.0.1's cookies to every port, so nothing that
// opens the browser host's bridge may ride in a cookie. Another local server, visited in the same
// browser after the app was opened, records everything the browser sends it; each value, replayed
// at the bridge as a cookie, a header or a ticket, gets 401. Cookies that other server writes for
// 127.0.0.1 (the old cookie's name, a jar full of big ones) do not lock the page out, before or
// after a reload.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newPost, startApp, until, type AppUnderTest } from './harness';

/** A local server on another port that records every request's headers, and plants cookies on /plant. */
async function startOtherServer(): Promise<{
  url: string;
  seen: IncomingHttpHeaders[];
  close(): Promise<void>;
  plant: string[];
}> {
  const seen: IncomingHttpHeaders[] = [];
  const plant: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    const headers: Record<string, string | string[]> = { 'Content-Type': 'text/html; charset=utf-8' };
    if (req.url === '/plant') headers['Set-Cookie'] = plant;
    res.writeHead(200, headers);
    res.end('<!doctype html><title>Another local app</title><p>Hello</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    plant,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every value the other server saw: each header, the Cookie header's pairs and their values. */
function candidates(seen: IncomingHttpHeaders[]): string[] {
  const values = new Set<string>();
  for (const headers of seen) {
    for (const value of Object.values(headers)) {
      for (const v of Array.isArray(value) ? value : [value ?? '']) {
        if (v === '') continue;
        values.add(v);
        for (const pair of v.split(';').map((p) => p.trim())) {
          if (pair === '') continue;
          values.add(pair);
          if (pair.includes('=')) values.add(pair.slice(pair.indexOf('=') + 1));
        }
      }
    }
  }
  return [...values];
}

/** A raw request at the bridge (fetch would not send a Cookie header). */
function status(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<number> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: { origin, ...options.headers } },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function openApp(context: BrowserContext, app: AppUnderTest): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(app.host.pageUrl());
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'New post' }).waitFor();
  return page;
}

async function titlesInCore(app: AppUnderTest): Promise<string[]> {
  const list = await app.core.invoke('posts.list', { workspace: null });
  return list.ok ? list.value.map((p) => p.title) : [];
}

describe('the browser host credential', () => {
  let browser: Browser;
  let app: AppUnderTest;
  let context: BrowserContext | undefined;
  let other: Awaited<ReturnType<typeof startOtherServer>> | undefined;
  let origin: string;

  beforeAll(async () => {
    browser = await launchChromium();
    app = await startApp();
    origin = new URL(app.host.url).origin;
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    await other?.close();
    other = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('another local server visited in the same browser receives nothing that opens the bridge', async () => {
    const visited = await startOtherServer();
    other = visited;
    context = await browser.newContext();
    const page = await openApp(context, app);
    const session = await page.evaluate<string | null>(`sessionStorage.getItem('outpost.hostSession')`);
    expect(session).toBeTruthy();

    // The same tab, then a second one, go to the other server.
    await page.goto(`${visited.url}/visit`);
    const second = await context.newPage();
    await second.goto(`${visited.url}/second-tab`);
    expect(visited.seen.length).toBeGreaterThanOrEqual(2);

    const received = candidates(visited.seen);
    expect(received.filter((v) => v.includes(app.host.token) || v.includes(session!))).toEqual([]);
    for (const value of received) {
      const cookie = value.includes('=') ? value : `outpost_host_${new URL(origin).port}=${value}`;
      const invoke = (headers: Record<string, string>) =>
        status(origin, '/bridge/invoke/settings.get', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
        });
      expect(await invoke({ 'x-outpost-token': value }), value).toBe(401);
      expect(await invoke({ cookie }), value).toBe(401);
      expect(
        await status(origin, '/bridge/ticket', { method: 'POST', headers: { 'x-outpost-token': value } }),
        value,
      ).toBe(401);
      expect(await status(origin, `/bridge/events?ticket=${encodeURIComponent(value)}`), value).toBe(401);
      expect(await status(origin, '/bridge/events', { headers: { cookie } }), value).toBe(401);
    }

    // Back in the app's tab, its session still works.
    await page.goto(origin);
    await page.getByRole('button', { name: 'New post' }).waitFor();
    await newPost(page, 'Still mine');
    await until('the post in the core', async () => (await titlesInCore(app)).includes('Still mine'));
  });

  it('cookies another port writes for 127.0.0.1 do not lock the page out, before or after a reload', async () => {
    const planter = await startOtherServer();
    other = planter;
    const hostPort = new URL(origin).port;
    // The old cookie's name, names a credential might have, and a jar of big ones.
    planter.plant.push(
      ...[`outpost_host_${hostPort}`, 'outpost_session', 'x-outpost-token', 'session'].map(
        (name) => `${name}=planted; Path=/`,
      ),
      ...Array.from({ length: 60 }, (_, i) => `filler${i}=${'x'.repeat(4000)}; Path=/`),
    );
    context = await browser.newContext();
    const page = await openApp(context, app);
    const elsewhere = await context.newPage();
    await elsewhere.goto(`${planter.url}/plant`);
    const planted = (await context.cookies(origin)).map((c) => c.name);
    expect(planted).toContain(`outpost_host_${hostPort}`);
    expect(planted.length).toBeGreaterThanOrEqual(64);

    await page.bringToFront();
    await newPost(page, 'After the cookies');
    await until('the post in the core', async () => (await titlesInCore(app)).includes('After the cookies'));

    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.getByRole('list', { name: 'Post list' }).getByText('After the cookies').waitFor();

    // A new address opens a new window too, with the jar still full.
    const fresh = await openApp(context, app);
    await fresh.getByRole('list', { name: 'Post list' }).getByText('After the cookies').waitFor();
  });

  it('a tab without a session says, in plain words, how to get a new address', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(origin);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /not connected to the Outpost browser host\. Open the address it printed/,
    );
  });
});
