// A local change goes out by itself shortly after the user stops changing things: no "Sync now",
// no waiting for the interval, and a burst of edits still leaves as one request. The core's
// time is virtual: the test lets the quiet time pass once the edits are made.
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, type TestCore } from './helpers';

const QUIET_MS = 500;

const PATCH_ROUTE = 'PATCH /api/workspaces/:slug/posts/:post_id/variants/:variant_id/';

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = sandbox = null;
});

async function connected(): Promise<{ s: SandboxHandle; c: TestCore; time: VirtualTime }> {
  sandbox = await startSandbox();
  const time = new VirtualTime(new Date());
  t = await openCore({ syncAfterChangeMs: QUIET_MS, clock: time, scheduler: time });
  await t.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await t.core.syncNow('user');
  return { s: sandbox, c: t, time };
}

/** Lets the quiet time pass; resolves once the sync the core then starts by itself has finished. */
function syncedAfterChange(c: TestCore, time: VirtualTime): Promise<unknown> {
  time.advance(QUIET_MS);
  return c.waitFor((e) => e.name === 'syncStatus' && e.data.phase === 'idle' && e.data.pending === 0);
}

it('a new draft and its variant reach the service without a sync being asked for', async () => {
  const { s, c, time } = await connected();
  c.events.length = 0;
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'By itself' });
  await c.call('variants.create', {
    postId: post.id,
    platform: 'linkedin',
    content: 'Sent without Sync now',
    account: { kind: 'default' },
  });
  await syncedAfterChange(c, time);
  const onService = s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === 'By itself');
  expect(onService).toHaveLength(1);
  expect(s.inspect.variants(onService[0]!.id).map((v) => v.content)).toEqual(['Sent without Sync now']);
  expect((await c.call('posts.get', { id: post.id })).variants[0]!.state).toBe('draft');
});

it('a burst of edits leaves as one request once the typing stops; a schedule follows the same way', async () => {
  const { s, c, time } = await connected();
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Typed' });
  const v = await c.call('variants.create', {
    postId: post.id,
    platform: 'linkedin',
    content: 'T',
    account: { kind: 'default' },
  });
  await c.core.syncNow('user');
  const patchesBefore = s.stats.byRoute()[PATCH_ROUTE] ?? 0;
  c.events.length = 0;
  let text = 'T';
  for (const ch of 'yping fast') {
    text += ch;
    await c.call('variants.update', { id: v.id, content: text });
  }
  await syncedAfterChange(c, time);
  const serverId = (await c.call('posts.get', { id: post.id })).variants[0]!.serverId!;
  const onService = s.inspect.variants((await c.call('posts.get', { id: post.id })).serverId!);
  expect(onService.find((x) => x.id === serverId)!.content).toBe('Typing fast');
  expect((s.stats.byRoute()[PATCH_ROUTE] ?? 0) - patchesBefore).toBe(1);

  c.events.length = 0;
  const at = new Date(Date.now() + 86_400_000).toISOString();
  await c.call('variants.schedule', { id: v.id, at });
  await syncedAfterChange(c, time);
  expect(s.inspect.variants((await c.call('posts.get', { id: post.id })).serverId!)[0]!.scheduled_at).toBe(
    at,
  );
  expect((await c.call('posts.get', { id: post.id })).variants[0]!.state).toBe('scheduled');
});
