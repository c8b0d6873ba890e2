// Every write's 2xx answer is checked against what was asked, over real HTTP
// to a sandbox that answers about another record, answers changes it does not keep, or keeps
// text normalised. An answer about another record is read back and never moves a link; a change
// not kept goes again a bounded number of times, then fails in plain words; a known
// normalisation is taken as kept.
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail, VariantView } from '@preload/bridge';
import type { AppCoreOptions } from '../../../src-main/core/app/create-app-core';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, runCli } from '../cli/run-cli';
import { ManualClock, openCore, tempDir, type TestCore } from './helpers';

// In the past, so that a command run on the real clock (the CLI below) finds every retry due.
const START = new Date(Date.now() - 6 * 3600_000);
const AFTER_BACKOFF_MS = 16 * 60_000;
const AT = '2031-03-01T09:00:00.000Z';

const POSTS = '/api/workspaces/:slug/posts/';
const VARIANTS = '/api/workspaces/:slug/posts/:post_id/variants/';
const VARIANT = '/api/workspaces/:slug/posts/:post_id/variants/:variant_id/';
const PUBLISH = `${VARIANT}publish/`;

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

async function connected(core: Partial<AppCoreOptions> & { dir?: string } = {}) {
  sandbox = await startSandbox({ manualClock: true, startTime: START });
  const clock = new ManualClock(START);
  t = await openCore({ requestTimeoutMs: 5_000, clock, ...core });
  await t.call('settings.connect', {
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    authHeader: 'x-api-key',
  });
  await t.core.syncNow('user');
  return { s: sandbox, c: t, clock };
}

/** A post with an X and a LinkedIn variant on the default accounts, synced. */
async function twoSynced(s: SandboxHandle, c: TestCore, title: string) {
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title });
  for (const [platform, content] of [
    ['x', `${title}: X`],
    ['linkedin', `${title}: LinkedIn`],
  ] as const)
    await c.call('variants.create', { postId: post.id, platform, content, account: { kind: 'default' } });
  await c.core.syncNow('user');
  const detail = await c.call('posts.get', { id: post.id });
  const [x, linkedin] = detail.variants as [VariantView, VariantView];
  expect(x.serverId).not.toBeNull();
  expect(linkedin.serverId).not.toBeNull();
  return { post, x, linkedin };
}

const variantOf = (detail: PostDetail, id: string) => detail.variants.find((v) => v.id === id) as VariantView;

describe('an answer about another record', () => {
  it('a change answered with another variant is read back: the link stays, the other variant is untouched', async () => {
    const { s, c, clock } = await connected();
    const { post, x, linkedin } = await twoSynced(s, c, 'Mixed answers');
    s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'other_record_after_write', times: 1 });
    await c.call('variants.update', { id: x.id, content: 'X, edited' });
    await c.core.syncNow('user');

    const [op] = await c.call('outbox.list', undefined);
    expect(op).toMatchObject({ kind: 'update_variant', state: 'unknown' });
    expect(op?.error).toContain(
      `answered about variant ${linkedin.serverId}, not about variant ${x.serverId}`,
    );
    let detail = await c.call('posts.get', { id: post.id });
    expect(variantOf(detail, x.id).serverId).toBe(x.serverId);
    expect(variantOf(detail, linkedin.id)).toMatchObject({
      serverId: linkedin.serverId,
      content: linkedin.content,
    });

    clock.advance(AFTER_BACKOFF_MS);
    await c.core.syncNow('user');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    detail = await c.call('posts.get', { id: post.id });
    expect(variantOf(detail, x.id)).toMatchObject({
      serverId: x.serverId,
      content: 'X, edited',
      state: 'draft',
      conflicts: [],
    });
    expect(variantOf(detail, linkedin.id)).toMatchObject({
      serverId: linkedin.serverId,
      content: linkedin.content,
      state: 'draft',
    });
    const held = s.inspect.variants();
    expect(held.find((v) => v.id === x.serverId)?.content).toBe('X, edited');
    expect(held.find((v) => v.id === linkedin.serverId)?.content).toBe(linkedin.content);
    // Read back as applied: not sent a second time.
    expect(s.inspect.patchCount(x.serverId as string)).toBe(1);
    expect((await c.call('sync.log', { limit: 50 })).map((e) => e.action)).toContain(
      'update_readback_applied',
    );
  });

  it('a publish answered with another variant is read back at once: published, the link unchanged, sent once', async () => {
    const { s, c } = await connected();
    const { post, x, linkedin } = await twoSynced(s, c, 'Publish mix-up');
    s.faults.add({ method: 'POST', path: PUBLISH, kind: 'other_record_after_write', times: 1 });
    await c.call('variants.publish', { id: x.id });
    await c.core.syncNow('user');

    const detail = await c.call('posts.get', { id: post.id });
    expect(variantOf(detail, x.id)).toMatchObject({ serverId: x.serverId, state: 'published' });
    expect(variantOf(detail, x.id).platformPostUrl).toContain(`/posts/${x.serverId}`);
    expect(variantOf(detail, linkedin.id)).toMatchObject({ serverId: linkedin.serverId, state: 'draft' });
    expect(s.inspect.publishCount(x.serverId as string)).toBe(1);
    expect(s.inspect.publishCount(linkedin.serverId as string)).toBe(0);
    expect(s.stats.byRoute()[`POST ${PUBLISH}`]).toBe(1);
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });

  it("a create answered with a sibling's record links nothing to it: read back, the new variant is adopted", async () => {
    const { s, c, clock } = await connected();
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Sibling answer' });
    const first = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'The first',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    const firstServerId = (await c.call('posts.get', { id: post.id })).variants[0]?.serverId;
    s.faults.add({ method: 'POST', path: VARIANTS, kind: 'other_record_after_write', times: 1 });
    const second = await c.call('variants.create', {
      postId: post.id,
      platform: 'linkedin',
      content: 'The second',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    let detail = await c.call('posts.get', { id: post.id });
    expect(variantOf(detail, second.id).serverId).toBeNull();
    expect(variantOf(detail, first.id).serverId).toBe(firstServerId);
    expect(await c.call('outbox.list', undefined)).toMatchObject([
      { kind: 'create_variant', state: 'unknown' },
    ]);

    clock.advance(AFTER_BACKOFF_MS);
    await c.core.syncNow('user');
    const serverPostId = detail.serverId as string;
    const onService = s.inspect.variants(serverPostId).filter((v) => v.content === 'The second');
    expect(onService).toHaveLength(1);
    detail = await c.call('posts.get', { id: post.id });
    expect(variantOf(detail, second.id).serverId).toBe(onService[0]?.id);
    expect(variantOf(detail, first.id).serverId).toBe(firstServerId);
    expect(detail.variants).toHaveLength(2);
    expect((await c.call('sync.log', { limit: 50 })).map((e) => e.action)).toContain('create_variant_adopt');
  });
});

describe('a change answered but not kept', () => {
  it('answered with the old values: sent again, failed after three answers in plain words; a retry reaches the recovered service', async () => {
    const { s, c, clock } = await connected();
    const { post, x } = await twoSynced(s, c, 'Time not kept');
    const rule = s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'not_kept' });
    await c.call('variants.schedule', { id: x.id, at: AT });
    await c.core.syncNow('user');
    const [first] = await c.call('outbox.list', undefined);
    expect(first).toMatchObject({ kind: 'schedule', state: 'unknown' });
    expect(first?.error).toMatch(/does not hold the new time/);

    for (let sync = 2; sync <= 4; sync++) {
      clock.advance(AFTER_BACKOFF_MS);
      await c.core.syncNow('user');
    }
    const reason = 'The service did not keep the new time: it answered as if it had (3 of 3 tries).';
    const [failed] = await c.call('outbox.list', undefined);
    expect(failed).toMatchObject({ kind: 'schedule', state: 'failed', error: reason });
    expect(s.inspect.patchCount(x.serverId as string)).toBe(3);
    const shown = variantOf(await c.call('posts.get', { id: post.id }), x.id);
    expect(shown).toMatchObject({ state: 'failed', error: reason, scheduledAt: AT });
    expect(shown.actions).toContain('retry');
    expect(c.core.status()).toMatchObject({ failed: 1, lastError: reason });
    expect(
      c.events.some(
        (e) => e.name === 'notification' && e.data.kind === 'needs_user' && e.data.body.includes(reason),
      ),
    ).toBe(true);
    // Given up: further syncs send nothing more.
    clock.advance(AFTER_BACKOFF_MS);
    await c.core.syncNow('user');
    expect(s.inspect.patchCount(x.serverId as string)).toBe(3);
    expect(s.inspect.variants().find((v) => v.id === x.serverId)?.scheduled_at).toBeNull();

    s.faults.remove(rule);
    await c.call('outbox.retry', { id: failed?.id as string });
    await c.core.syncNow('user');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    expect(s.inspect.variants().find((v) => v.id === x.serverId)?.scheduled_at).toBe(AT);
    expect(variantOf(await c.call('posts.get', { id: post.id }), x.id)).toMatchObject({
      state: 'scheduled',
      error: null,
    });
  });

  it('answered with the values sent: seen at the next read, sent again, failed after three; the time is never taken back', async () => {
    const { s, c, clock } = await connected();
    const { post, x } = await twoSynced(s, c, 'Echoed, not kept');
    const rule = s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'not_kept', echo: 'sent' });
    await c.call('variants.schedule', { id: x.id, at: AT });
    await c.core.syncNow('user');
    // The answer looks right: nothing tells it apart from a kept change until the next read.
    expect(await c.call('outbox.list', undefined)).toEqual([]);

    for (let sync = 2; sync <= 4; sync++) {
      clock.advance(AFTER_BACKOFF_MS);
      await c.core.syncNow('user');
    }
    const reason = 'The service did not keep the new time: it answered as if it had (3 of 3 tries).';
    expect(await c.call('outbox.list', undefined)).toMatchObject([
      { kind: 'schedule', state: 'failed', error: reason },
    ]);
    expect(s.inspect.patchCount(x.serverId as string)).toBe(3);
    const shown = variantOf(await c.call('posts.get', { id: post.id }), x.id);
    expect(shown).toMatchObject({ state: 'failed', error: reason, scheduledAt: AT, conflicts: [] });
    expect(c.core.status().failed).toBe(1);

    s.faults.remove(rule);
    const [op] = await c.call('outbox.list', undefined);
    await c.call('outbox.retry', { id: op?.id as string });
    for (let sync = 0; sync < 2; sync++) {
      clock.advance(AFTER_BACKOFF_MS);
      await c.core.syncNow('user');
    }
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    expect(s.inspect.variants().find((v) => v.id === x.serverId)?.scheduled_at).toBe(AT);
    expect(s.inspect.patchCount(x.serverId as string)).toBe(4);
    expect(variantOf(await c.call('posts.get', { id: post.id }), x.id)).toMatchObject({
      state: 'scheduled',
      scheduledAt: AT,
      conflicts: [],
    });
  });

  it('a later answer that shows an earlier change was not kept sends that change again', async () => {
    const { s, c } = await connected();
    const { post, x } = await twoSynced(s, c, 'Shown by a later answer');
    s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'not_kept', echo: 'sent', times: 1 });
    await c.call('variants.update', { id: x.id, content: 'New words' });
    await c.core.syncNow('user');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    // The next pull cannot read the post: the schedule's answer is the first to show the text.
    const serverPostId = (await c.call('posts.get', { id: post.id })).serverId as string;
    s.faults.add({
      method: 'GET',
      path: `/api/workspaces/${s.fixtures.workspace}/posts/${serverPostId}/variants/`,
      kind: 'status',
      status: 503,
      times: 1,
    });
    await c.call('variants.schedule', { id: x.id, at: AT });
    await c.core.syncNow('user');
    expect(await c.call('outbox.list', undefined)).toMatchObject([
      { kind: 'update_variant', state: 'pending' },
    ]);
    await c.core.syncNow('user');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    expect(s.inspect.variants().find((v) => v.id === x.serverId)).toMatchObject({
      content: 'New words',
      scheduled_at: AT,
    });
    expect(s.inspect.patchCount(x.serverId as string)).toBe(3);
    expect(variantOf(await c.call('posts.get', { id: post.id }), x.id)).toMatchObject({
      content: 'New words',
      state: 'scheduled',
      conflicts: [],
    });
  });

  it('a change the service keeps at the second try goes once more and is done: no failure', async () => {
    const { s, c, clock } = await connected();
    const { post, x } = await twoSynced(s, c, 'Kept at last');
    s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'not_kept', times: 1 });
    await c.call('variants.update', { id: x.id, content: 'Second words' });
    await c.core.syncNow('user');
    clock.advance(AFTER_BACKOFF_MS);
    await c.core.syncNow('user');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    expect(s.inspect.patchCount(x.serverId as string)).toBe(2);
    expect(s.inspect.variants().find((v) => v.id === x.serverId)?.content).toBe('Second words');
    expect(variantOf(await c.call('posts.get', { id: post.id }), x.id)).toMatchObject({
      state: 'draft',
      error: null,
    });
  });
});

describe('text the service normalises', () => {
  // "Café" with a combining accent (NFD), a tab, a line break and runs of spaces.
  const untidy = (words: string) => `  Cafe\u0301 \t${words}\n\n  `;
  const tidy = (words: string) => `Caf\u00e9 ${words}`;

  it('is taken as kept: no conflict, no note, nothing sent again, what the user typed stays', async () => {
    const { s, c, clock } = await connected();
    s.faults.add({ kind: 'normalize_text' });
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: untidy('news') });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: untidy('first'),
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    await c.call('variants.update', { id: v.id, content: untidy('second') });
    for (let sync = 0; sync < 3; sync++) {
      await c.core.syncNow('user');
      clock.advance(AFTER_BACKOFF_MS);
    }
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    const detail = await c.call('posts.get', { id: post.id });
    expect(detail).toMatchObject({ title: untidy('news'), conflicts: [], note: null });
    const shown = variantOf(detail, v.id);
    expect(shown).toMatchObject({ content: untidy('second'), conflicts: [], state: 'draft', error: null });
    const serverId = shown.serverId as string;
    expect(s.inspect.variants().find((x) => x.id === serverId)?.content).toBe(tidy('second'));
    expect(s.inspect.patchCount(serverId)).toBe(1);
  });

  it('a create or a change whose answer was lost is recognised in its normalised form: never sent twice', async () => {
    const { s, c, clock } = await connected();
    s.faults.add({ kind: 'normalize_text' });
    s.faults.add({ method: 'POST', path: POSTS, kind: 'drop_after_write', times: 1 });
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: untidy('dropped') });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: untidy('body'),
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    clock.advance(AFTER_BACKOFF_MS);
    await c.core.syncNow('user');
    expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === tidy('dropped'))).toHaveLength(1);

    s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'drop_after_write', times: 1 });
    await c.call('variants.update', { id: v.id, content: untidy('edited') });
    await c.core.syncNow('user');
    clock.advance(AFTER_BACKOFF_MS);
    await c.core.syncNow('user');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    const serverId = variantOf(await c.call('posts.get', { id: post.id }), v.id).serverId as string;
    expect(s.inspect.variants().find((x) => x.id === serverId)?.content).toBe(tidy('edited'));
    expect(s.inspect.patchCount(serverId)).toBe(1);
    const log = (await c.call('sync.log', { limit: 100 })).map((e) => e.action);
    expect(log).toContain('create_post_adopt');
    expect(log).toContain('update_readback_applied');
  });
});

describe('outpost sync says it', () => {
  let cli = '';
  beforeAll(async () => {
    cli = await buildCli('answer-checks');
  });
  afterAll(() => rmSync(cli, { force: true }));

  it('a change not kept fails the sync in plain words; once the service keeps changes, a retry gets through', async () => {
    const data = tempDir();
    const { s, c, clock } = await connected({ dir: data.dir });
    const { x } = await twoSynced(s, c, 'Told by the CLI');
    const rule = s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'not_kept' });
    await c.call('variants.schedule', { id: x.id, at: AT });
    for (let sync = 1; sync <= 3; sync++) {
      await c.core.syncNow('user');
      clock.advance(AFTER_BACKOFF_MS);
    }
    await c.close();
    t = null;
    // The core's token was typed and kept in memory only: the CLI gets it from the environment,
    // named for this address (an environment token goes to no other).
    const env = { OUTPOST_TOKEN: s.token, OUTPOST_BASE_URL: s.baseUrl };
    const g = ['--data-dir', data.dir];
    try {
      const synced = await runCli(cli, [...g, 'sync'], env);
      expect(synced.code).toBe(1);
      expect(synced.stdout).toContain('Failed: 1');
      expect(synced.stdout).toContain(
        'Last error: The service did not keep the new time: it answered as if it had (3 of 3 tries).',
      );
      const outbox = await runCli(cli, [...g, 'outbox'], env);
      expect(outbox.stdout).toMatch(/Schedule\tFailed\tThe service did not keep the new time/);
      const opId = outbox.stdout.split('\t')[0] as string;

      s.faults.remove(rule);
      expect((await runCli(cli, [...g, 'outbox', 'retry', opId], env)).code).toBe(0);
      const again = await runCli(cli, [...g, 'sync'], env);
      expect(again.code).toBe(0);
      expect(s.inspect.variants().find((v) => v.id === x.serverId)?.scheduled_at).toBe(AT);
    } finally {
      data.remove();
    }
  });
});
