// The freshness checks keep the idle cost modest at a large library. A quarter
// hour of simulated idle time (the full pull's period) with the production light-sync interval,
// a window showing a calendar week and rows of the list, and more posts scheduled this week than
// the budget reads in a minute: every light sync checks each workspace and re-reads within its
// budget, one full pull reads the post pages and the rotation's share of variants, and the
// average stays at or under 30 requests a minute. The bench's idle row
// measures the same at 10,000 posts (`BENCH_ONLY=idle npm run bench`).
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_SYNC_INTERVAL_MS } from '../../../src-main/core/app/create-app-core';
import { FULL_PULL_EVERY_MS } from '../../../src-main/core/sync/plan';
import { REREADS_AT_ONCE } from '../../../src-main/core/sync/reread';
import { seedSandboxFile } from '../../bench/lib/seed';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, tempDir, type TestCore } from './helpers';

const POSTS = 3_000;
const MODEST_PER_MINUTE = 30;

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
const dirs: Array<{ remove(): void }> = [];
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  for (const d of dirs.splice(0)) d.remove();
  t = null;
  sandbox = null;
});

it(`an idle quarter hour at ${POSTS.toLocaleString('en-US')} posts costs at most ${MODEST_PER_MINUTE} requests a minute`, async () => {
  const dir = tempDir('outpost-fresh-cost-');
  dirs.push(dir);
  const start = new Date();
  const seeded = seedSandboxFile(join(dir.dir, 'service.db'), {
    posts: POSTS,
    variantsPerPost: 1,
    scheduled: 300,
    scheduledAt: new Date(start.getTime() + 3 * 24 * 3600_000),
    now: start,
  });
  sandbox = await startSandbox({ dataFile: seeded.file });
  const s = sandbox;
  const requests: string[] = [];
  const counting: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    return fetch(input, init);
  };
  const time = new VirtualTime(start);
  t = await openCore({
    clock: time,
    scheduler: time,
    syncIntervalMs: DEFAULT_SYNC_INTERVAL_MS,
    fetch: counting,
  });
  const c = t;
  await c.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
  await c.core.syncNow('user');
  const listed = await c.call('posts.list', { workspace: seeded.workspace });
  expect(listed.length).toBeGreaterThan(POSTS);
  const week = { from: start.toISOString(), to: new Date(start.getTime() + 7 * 24 * 3600_000).toISOString() };
  await c.call('sync.onScreen', { postIds: listed.slice(0, 20).map((p) => p.id), ranges: [week] });

  // From one interval sync to the next, for the full pull's period: each sync is awaited by its
  // event before time moves on, as in an idle app.
  requests.length = 0;
  const ticks = FULL_PULL_EVERY_MS / DEFAULT_SYNC_INTERVAL_MS;
  const perSync: number[] = [];
  for (let i = 0; i < ticks; i++) {
    const before = requests.length;
    c.events.length = 0;
    let started = false;
    const ended = c.waitFor((e) => {
      if (e.name !== 'syncStatus') return false;
      if (e.data.phase === 'syncing') started = true;
      return started && e.data.phase !== 'syncing';
    });
    time.advance(DEFAULT_SYNC_INTERVAL_MS);
    await ended;
    perSync.push(requests.length - before);
  }
  const minutes = FULL_PULL_EVERY_MS / 60_000;
  const perMinute = requests.length / minutes;
  // One of them was the full pull (the quarter hour came round); the others checked and re-read
  // what the budget allowed.
  const workspaces = (await c.call('workspaces.list', undefined)).filter((w) => w.slug !== null).length;
  const light = perSync.filter((n) => n <= workspaces + REREADS_AT_ONCE);
  expect(light.length).toBe(ticks - 1);
  expect(Math.max(...perSync)).toBeGreaterThan(POSTS / 100);
  expect(perMinute).toBeLessThanOrEqual(MODEST_PER_MINUTE);
}, 120_000);
