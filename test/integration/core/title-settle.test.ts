// The service keeps the title a post is created with (it has no rename). A person who typed
// "Summ", paused to think and typed the rest got a post titled "Summ" on the service: the sync
// that follows any change went while the title was half typed. A new post's create now waits
// while its title is being typed in the window, until the window says it is settled (or a quiet
// spell passes), and then goes without Sync now. A post made with its title at once never waits.
import { afterEach, expect, it } from 'vitest';
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, tempDir, type TestCore } from './helpers';

/** The core's quiet time after a change before it syncs (virtual). */
const SYNC_AFTER_MS = 3_000;
/** The quiet spell after which a title being typed counts as finished (virtual, made short). */
const TITLE_QUIET_MS = 10_000;

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
let removeDir: (() => void) | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  removeDir?.();
  t = sandbox = removeDir = null;
});

async function connected(dir?: string): Promise<{ s: SandboxHandle; c: TestCore; time: VirtualTime }> {
  sandbox = await startSandbox();
  const time = new VirtualTime(new Date());
  t = await openCore({
    syncAfterChangeMs: SYNC_AFTER_MS,
    titleQuietMs: TITLE_QUIET_MS,
    clock: time,
    scheduler: time,
    ...(dir ? { dir } : {}),
  });
  await t.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await t.core.syncNow('user');
  return { s: sandbox, c: t, time };
}

/** Lets `ms` of virtual time pass; resolves once a sync the core starts by itself sends everything. */
function syncedBy(c: TestCore, time: VirtualTime, ms: number): Promise<unknown> {
  c.events.length = 0;
  time.advance(ms);
  return c.waitFor((e) => e.name === 'syncStatus' && e.data.phase === 'idle' && e.data.pending === 0);
}

/** A new post as the window makes it: untitled, with a variant, its title then typed in the field. */
async function typedPost(c: TestCore, workspace: string, typed: string) {
  const post = await c.call('posts.create', { workspace, title: '' });
  await c.call('variants.create', {
    postId: post.id,
    platform: 'linkedin',
    content: 'Launch day is here.',
    account: { kind: 'default' },
  });
  await c.call('posts.update', { id: post.id, title: typed, typing: true });
  return post;
}

const titlesOn = (s: SandboxHandle) => s.inspect.posts(s.fixtures.workspace).map((p) => p.title);

it('a title being typed is not created by a sync; settled, the post goes by itself with the whole title', async () => {
  const { s, c, time } = await connected();
  const before = titlesOn(s).length;
  const post = await typedPost(c, s.fixtures.workspace, 'Summ');
  // Made at once with its title (the command line's `outpost draft --title`): not held.
  await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'From the command line' });

  // The sync that follows the change, the person still thinking: only the titled post goes.
  await c.core.syncNow('user');
  time.advance(SYNC_AFTER_MS);
  await c.core.syncNow('user');
  expect(titlesOn(s)).toContain('From the command line');
  expect(titlesOn(s)).toHaveLength(before + 1);
  const held = await c.call('posts.get', { id: post.id });
  expect(held.serverId).toBeNull();
  expect(held.note).toEqual({ kind: 'title-being-typed', text: OUTBOX_REASONS.titleBeingTyped });
  const row = (await c.call('outbox.list', undefined)).find(
    (o) => o.kind === 'create_post' && o.postId === post.id,
  );
  expect(row?.waitingFor).toBe(OUTBOX_REASONS.titleBeingTyped);

  await c.call('posts.update', { id: post.id, title: 'Summer campaign launch', typing: true });
  await c.core.syncNow('user');
  expect(titlesOn(s)).toHaveLength(before + 1);

  // The person leaves the field: no Sync now, the sync after a change takes it.
  expect((await c.call('posts.titleSettled', { id: post.id })).note).toBeNull();
  await syncedBy(c, time, SYNC_AFTER_MS);
  const created = s.inspect.posts(s.fixtures.workspace).filter((p) => p.title.startsWith('Summ'));
  expect(created.map((p) => p.title)).toEqual(['Summer campaign launch']);
  expect(s.inspect.variants(created[0]!.id).map((v) => v.content)).toEqual(['Launch day is here.']);
  expect((await c.call('posts.get', { id: post.id })).serverId).toBe(created[0]!.id);
});

it('a title left resting for the quiet spell counts as finished, and its post goes by itself', async () => {
  const { s, c, time } = await connected();
  const post = await typedPost(c, s.fixtures.workspace, 'Q4 newsletter tea');
  time.advance(TITLE_QUIET_MS - 1_000);
  // Typing again starts the spell over.
  await c.call('posts.update', { id: post.id, title: 'Q4 newsletter teaser', typing: true });
  time.advance(TITLE_QUIET_MS - 1_000);
  await c.core.syncNow('user');
  expect(titlesOn(s)).not.toContain('Q4 newsletter teaser');
  expect((await c.call('posts.get', { id: post.id })).note?.kind).toBe('title-being-typed');

  // The spell passes: a sync is asked for, and the post is created with its title.
  await syncedBy(c, time, 1_000 + SYNC_AFTER_MS);
  expect(titlesOn(s).filter((title) => title.startsWith('Q4'))).toEqual(['Q4 newsletter teaser']);
  expect((await c.call('posts.get', { id: post.id })).note).toBeNull();
});

it('a title being typed when Outpost stopped counts as finished at the next start', async () => {
  const temp = tempDir('outpost-title-settle-');
  removeDir = () => temp.remove();
  const { s, c } = await connected(temp.dir);
  const post = await typedPost(c, s.fixtures.workspace, 'Typed when it stopped');
  await c.core.syncNow('user');
  expect(titlesOn(s)).not.toContain('Typed when it stopped');
  await c.close();

  t = await openCore({ dir: temp.dir, secrets: c.secrets });
  await t.core.syncNow('user');
  expect(titlesOn(s)).toContain('Typed when it stopped');
  expect((await t.call('posts.get', { id: post.id })).serverId).not.toBeNull();
});
