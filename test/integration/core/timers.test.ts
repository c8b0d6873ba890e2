// Every timer of the core runs on the Scheduler it is given (here virtual time, so nothing fires
// until the test moves it), edits coalesce onto the same few timers, and closing cancels them all.
// Moved by the test, a timer can also be made to fire at the worst moment: in the middle of a sync.
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, type TestCore } from './helpers';

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

it('sets its timers on the given scheduler, one of each however many edits, and cancels them on close', async () => {
  const time = new VirtualTime();
  t = await openCore({ clock: time, scheduler: time, syncIntervalMs: 60_000, syncAfterChangeMs: 3_000 });
  // The periodic sync.
  expect(time.pending()).toBe(1);
  const post = await t.call('posts.create', { workspace: null, title: 'Draft' });
  // The recount, the sync after the change, the checkpoint and the title's pause (a version) join it.
  expect(time.pending()).toBe(5);
  for (const title of ['Draft 2', 'Draft 3']) await t.call('posts.update', { id: post.id, title });
  expect(time.pending()).toBe(5);
  // The recount's quiet time is the shortest: it alone has fired.
  time.advance(1_000);
  expect(time.pending()).toBe(4);
  await t.core.close();
  expect(time.pending()).toBe(0);
});

it('a recount that fires during the pull leaves the sync’s word on a workspace it could not read', async () => {
  sandbox = await startSandbox();
  const s = sandbox;
  const time = new VirtualTime(new Date());
  t = await openCore({ clock: time, scheduler: time });
  const c = t;
  await c.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
  await c.core.syncNow('user');
  // An edit sets the recount's timer; the posts pages then fail, slowly.
  await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Edited' });
  s.faults.add({ method: 'GET', path: /\/posts\/$/, kind: 'latency', latencyMs: 200, times: 1 });
  s.faults.add({ method: 'GET', path: /\/posts\/$/, kind: 'status', status: 500 });
  c.events.length = 0;
  const sync = c.core.syncNow('user');
  await c.waitFor((e) => e.name === 'syncStatus' && e.data.phase === 'syncing');
  time.advance(1_000);
  const status = await sync;
  expect(status.lastError).toMatch(/^Workspace \S+ could not be read/);
  expect(status.unreadWorkspaces.length).toBeGreaterThan(0);
});
