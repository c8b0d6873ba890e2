// Faults over real HTTP: dropped connections, 429, 401 mid-sync, 404, conflicts, offline.
import { REFUSALS } from '@preload/words/refusals';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../server/index';
import { ManualClock, openCore, tempDir, type TestCore } from './helpers';
import type { AppCoreOptions } from '../../../src-main/core/app/create-app-core';

const START = new Date('2030-01-01T09:00:00.000Z');
let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  for (const c of cleanups.splice(0)) await c();
  t = null;
  sandbox = null;
});

async function connected(
  options: SandboxOptions = {},
  core: Partial<AppCoreOptions> = {},
): Promise<{ s: SandboxHandle; c: TestCore }> {
  sandbox = await startSandbox({ manualClock: true, startTime: START, ...options });
  t = await openCore({ requestTimeoutMs: 5_000, ...core });
  await t.call('settings.connect', {
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    authHeader: 'x-api-key',
  });
  await t.core.syncNow('user');
  return { s: sandbox, c: t };
}

/** A LinkedIn draft synced to the service, and a reader of the service's copy of it. */
async function syncedDraft(s: SandboxHandle, c: TestCore, title: string, content: string) {
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title });
  const variant = await c.call('variants.create', {
    postId: post.id,
    platform: 'linkedin',
    content,
    account: { kind: 'default' },
  });
  await c.core.syncNow('user');
  const serverId = (await c.call('posts.get', { id: post.id })).variants[0]!.serverId!;
  const serverPost = s.inspect.posts(s.fixtures.workspace).find((p) => p.title === title)!;
  const onService = () => s.inspect.variants(serverPost.id).find((x) => x.id === serverId)!;
  return { post, variant, onService };
}

const POSTS = '/api/workspaces/:slug/posts/';
const VARIANTS = '/api/workspaces/:slug/posts/:post_id/variants/';
const VARIANT = '/api/workspaces/:slug/posts/:post_id/variants/:variant_id/';
const PUBLISH = '/api/workspaces/:slug/posts/:post_id/variants/:variant_id/publish/';

describe('unknown outcomes', () => {
  it('a create post whose answer is lost is matched and adopted, never made twice', async () => {
    const { s, c } = await connected();
    const f = s.fixtures;
    const post = await c.call('posts.create', { workspace: f.workspace, title: 'Dropped once' });
    await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Body',
      account: { kind: 'default' },
    });
    s.faults.add({ method: 'POST', path: POSTS, kind: 'drop_after_write', times: 1 });
    await c.core.syncNow('user');
    const ops = await c.call('outbox.list', undefined);
    expect(ops.find((o) => o.kind === 'create_post')!.state).toBe('unknown');
    await c.core.syncNow('user');
    const onService = s.inspect.posts(f.workspace).filter((p) => p.title === 'Dropped once');
    expect(onService).toHaveLength(1);
    expect(s.inspect.variants(onService[0]!.id)).toHaveLength(1);
    const detail = await c.call('posts.get', { id: post.id });
    expect(detail.serverId).toBe(onService[0]!.id);
    // The pull did not import the adopted post as a second local copy.
    const local = (await c.call('posts.list', { workspace: f.workspace })).filter(
      (p) => p.title === 'Dropped once',
    );
    expect(local).toHaveLength(1);
    const log = await c.call('sync.log', { limit: 500 });
    expect(log.map((e) => e.action)).toContain('create_post_adopt');
  });

  it('a create variant whose answer is lost is adopted; the sending state was committed before the request left', async () => {
    const seen: string[] = [];
    let core: TestCore | null = null;
    const spy: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (init?.method === 'POST' && url.endsWith('/variants/') && core) {
        const ops = await core.call('outbox.list', undefined);
        seen.push(ops.find((o) => o.kind === 'create_variant')?.state ?? 'none');
      }
      return fetch(input, init);
    };
    const { s, c } = await connected({}, { fetch: spy });
    core = c;
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Variant drop' });
    await c.call('variants.create', {
      postId: post.id,
      platform: 'linkedin',
      content: 'Once only',
      account: { kind: 'default' },
    });
    s.faults.add({ method: 'POST', path: VARIANTS, kind: 'drop_after_write', times: 1 });
    await c.core.syncNow('user');
    await c.core.syncNow('user');
    const serverPost = s.inspect.posts(s.fixtures.workspace).find((p) => p.title === 'Variant drop')!;
    expect(s.inspect.variants(serverPost.id).filter((v) => v.content === 'Once only')).toHaveLength(1);
    expect(seen).toEqual(['sending']);
    const detail = await c.call('posts.get', { id: post.id });
    expect(detail.variants).toHaveLength(1);
    expect(detail.variants[0]!.state).toBe('draft');
  });

  it('an update whose answer is lost, then edited again, is seen as ours: no conflict, the newest text goes out', async () => {
    const clock = new ManualClock(START);
    const { s, c } = await connected({}, { clock });
    const { post, variant: v, onService } = await syncedDraft(s, c, 'Own write', 'first');

    s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'drop_after_write', times: 1 });
    await c.call('variants.update', { id: v.id, content: 'second' });
    await c.core.syncNow('user');
    expect(onService().content).toBe('second');
    // The answer never came; the writer goes on before the retry.
    await c.call('variants.update', { id: v.id, content: 'third' });
    clock.advance(16 * 60_000);
    await c.core.syncNow('user');
    const after = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect(after.state).toBe('draft');
    expect(after.conflicts).toEqual([]);
    expect(after.content).toBe('third');
    expect(onService().content).toBe('third');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });

  it('a schedule whose answer is lost, then undone, is not put back by the pull', async () => {
    const clock = new ManualClock(START);
    const { s, c } = await connected({}, { clock });
    const { post, variant: v, onService } = await syncedDraft(s, c, 'Own schedule', 'Later');

    s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'drop_after_write', times: 1 });
    await c.call('variants.schedule', { id: v.id, at: '2030-02-01T10:00:00.000Z' });
    await c.core.syncNow('user');
    expect(onService().scheduled_at).not.toBeNull();
    await c.call('variants.unschedule', { id: v.id });
    clock.advance(16 * 60_000);
    await c.core.syncNow('user');
    const after = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect(after.conflicts).toEqual([]);
    expect(after.scheduledAt).toBeNull();
    expect(onService().scheduled_at).toBeNull();
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });

  it('an edit made while the push prepares its request is sent, never folded into it and lost', async () => {
    let core: TestCore | null = null;
    let editWhileReading: (() => Promise<void>) | null = null;
    // The light sync reads the post back before it writes: the user types during that read.
    const spy: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if ((init?.method ?? 'GET') === 'GET' && url.endsWith('/variants/') && editWhileReading && core) {
        const edit = editWhileReading;
        editWhileReading = null;
        await edit();
      }
      return fetch(input, init);
    };
    const { s, c } = await connected({}, { fetch: spy });
    core = c;
    const { variant: v, onService } = await syncedDraft(s, c, 'Race', 'first');

    await c.call('variants.update', { id: v.id, content: 'second' });
    editWhileReading = async () => {
      await c.call('variants.update', { id: v.id, content: 'third' });
    };
    await c.core.syncNow('interval');
    expect(editWhileReading).toBeNull();
    await c.core.syncNow('interval');
    expect(onService().content).toBe('third');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });

  it('a publish whose answer is lost after it was applied is read back as published, never sent twice', async () => {
    const { s, c } = await connected();
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Publish drop' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Go',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    s.faults.add({ method: 'POST', path: PUBLISH, kind: 'drop_after_write' });
    await c.call('variants.publish', { id: v.id });
    await c.core.syncNow('user');
    await c.core.syncNow('user');
    const after = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect(after.state).toBe('published');
    expect(s.inspect.publishCount(after.serverId!)).toBe(1);
    expect(s.stats.byRoute()[`POST ${PUBLISH}`]).toBe(1);
  });

  /** A synced draft whose publish was lost before the service applied it: a question now. */
  async function publishLost(title: string) {
    const { s, c } = await connected();
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Maybe',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    const rule = s.faults.add({ method: 'POST', path: PUBLISH, kind: 'drop_before_write' });
    await c.call('variants.publish', { id: v.id });
    await c.core.syncNow('user');
    await c.core.syncNow('user');
    return { s, c, post, v, rule };
  }

  it('a publish lost before it was applied asks the user, and publishes once when told to', async () => {
    const { s, c, post, v, rule } = await publishLost('Publish lost');
    const unknown = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect(unknown.state).toBe('publish_unknown');
    expect(unknown.publishUnknown?.readBack).toMatch(/draft|not published/);
    expect(unknown.actions).not.toContain('retry');
    expect(s.stats.byRoute()[`POST ${PUBLISH}`]).toBe(1);
    expect(s.inspect.publishCount(unknown.serverId!)).toBe(0);
    expect(c.core.status().needsAttention).toBe(1);
    s.faults.remove(rule);

    await c.call('variants.resolvePublishUnknown', { id: v.id, choice: 'publish_again' });
    await c.core.syncNow('user');
    const done = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect(done.state).toBe('published');
    expect(s.inspect.publishCount(done.serverId!)).toBe(1);
  });

  it('an edit while a publish waits for the answer is refused until it is answered, then goes', async () => {
    const { s, c, post, v, rule } = await publishLost('Edit while asked');
    s.faults.remove(rule);
    expect((await c.call('posts.get', { id: post.id })).variants[0]!.state).toBe('publish_unknown');

    // The text is the one the publish may have gone out with: it waits for the answer, said why.
    const refused = await c.core.invoke('variants.update', { id: v.id, content: 'Maybe, edited' });
    expect(refused.ok ? null : refused.error).toEqual({
      code: 'invalid_state',
      message: REFUSALS.publishUnknown,
    });
    const serverId = (await c.call('posts.get', { id: post.id })).variants[0]!.serverId!;
    // The publish's own row asks; it is not said to be held back.
    const asking = (await c.call('outbox.list', undefined)).find((o) => o.kind === 'publish');
    expect([asking?.state, asking?.waitingFor]).toEqual(['needs_user', null]);

    await c.call('variants.resolvePublishUnknown', { id: v.id, choice: 'keep_unpublished' });
    await c.call('variants.update', { id: v.id, content: 'Maybe, edited' });
    await c.core.syncNow('user');
    expect(s.inspect.patchCount(serverId)).toBe(1);
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    expect(s.inspect.variants().find((x) => x.id === serverId)?.content).toBe('Maybe, edited');
    expect(s.inspect.publishCount(serverId)).toBe(0);
  });
});

describe('service pressure and refusals', () => {
  it('429 with Retry-After: waits exactly as asked, then sends once', async () => {
    const clock = new ManualClock(START);
    const { s, c } = await connected({}, { clock });
    s.faults.add({ method: 'POST', path: POSTS, kind: 'retry_after', retryAfterSeconds: 30, times: 1 });
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Slow down' });
    await c.core.syncNow('user');
    const [op] = await c.call('outbox.list', undefined);
    expect(op).toMatchObject({ kind: 'create_post', state: 'pending' });
    expect(op!.nextAttemptAt).toBe(new Date(START.getTime() + 30_000).toISOString());
    clock.advance(10_000);
    await c.core.syncNow('user');
    expect(s.inspect.posts(s.fixtures.workspace).some((p) => p.title === 'Slow down')).toBe(false);
    clock.advance(21_000);
    await c.core.syncNow('user');
    expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === 'Slow down')).toHaveLength(1);
    expect((await c.call('posts.get', { id: post.id })).serverId).not.toBeNull();
  });

  it('5xx: an update is retried after a jittered backoff; a create is checked before it is sent again', async () => {
    const clock = new ManualClock(START);
    const { s, c } = await connected({}, { clock });
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Flaky' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'one',
      account: { kind: 'default' },
    });
    s.faults.add({ method: 'POST', path: VARIANTS, kind: 'status', status: 500, times: 1 });
    await c.core.syncNow('user');
    expect((await c.call('outbox.list', undefined)).map((o) => [o.kind, o.state])).toEqual([
      ['create_variant', 'unknown'],
    ]);
    clock.advance(60_000);
    await c.core.syncNow('user');
    const serverPost = s.inspect.posts(s.fixtures.workspace).find((p) => p.title === 'Flaky')!;
    expect(s.inspect.variants(serverPost.id)).toHaveLength(1);
    expect((await c.call('sync.log', { limit: 100 })).map((e) => e.action)).toContain(
      'create_variant_recreate',
    );

    s.faults.add({ method: 'PATCH', kind: 'status', status: 503, times: 1 });
    await c.call('variants.update', { id: v.id, content: 'two' });
    await c.core.syncNow('user');
    const [op] = await c.call('outbox.list', undefined);
    // random() is 0.5 in tests: half of the first backoff step (1 s).
    expect(op).toMatchObject({ kind: 'update_variant', state: 'pending', attempts: 1 });
    expect(op!.nextAttemptAt).toBe(new Date(clock.now().getTime() + 500).toISOString());
    clock.advance(1_000);
    await c.core.syncNow('user');
    expect(s.inspect.variants(serverPost.id)[0]!.content).toBe('two');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });

  it('401 in the middle of a sync pauses it, asks for a token and keeps everything', async () => {
    let revoke: (() => void) | null = null;
    let posts = 0;
    const tripwire: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (init?.method === 'POST' && ++posts === 1) revoke?.();
      return answer;
    };
    const { s, c } = await connected({}, { fetch: tripwire, concurrency: 1 });
    revoke = () => s.revokeToken(s.token);
    const a = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'First' });
    await c.call('variants.create', {
      postId: a.id,
      platform: 'x',
      content: 'one',
      account: { kind: 'default' },
    });
    const b = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Second' });
    await c.core.syncNow('user');
    expect(c.core.status().phase).toBe('needs_token');
    const ops = await c.call('outbox.list', undefined);
    expect(ops.every((o) => o.state === 'pending' || o.state === 'done')).toBe(true);
    expect(ops.length).toBeGreaterThanOrEqual(2);
    expect((await c.call('posts.get', { id: b.id })).title).toBe('Second');
    // The user is told once (a tray notification), not at every retry of the refused token.
    const tokenNotices = () =>
      c.events.filter(
        (e) => e.name === 'notification' && e.data.kind === 'needs_user' && /access token/.test(e.data.body),
      );
    expect(tokenNotices()).toHaveLength(1);
    await c.core.syncNow('user');
    expect(c.core.status().phase).toBe('needs_token');
    expect(tokenNotices()).toHaveLength(1);

    const fresh = s.mintToken();
    await c.call('settings.connect', { baseUrl: s.baseUrl, token: fresh, authHeader: 'bearer' });
    await c.core.syncNow('user');
    expect(c.core.status()).toMatchObject({ phase: 'idle', pending: 0 });
    for (const title of ['First', 'Second'])
      expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === title)).toHaveLength(1);
    // The token never reached the log file, events or sync log.
    const log = JSON.stringify(await c.call('sync.log', { limit: 1000 }));
    expect(log).not.toContain(s.token);
    expect(log).not.toContain(fresh);
    expect(JSON.stringify(c.events)).not.toContain(fresh);
  });

  it('404 on a known item marks it removed on the service and keeps the local copy', async () => {
    const { s, c } = await connected();
    const f = s.fixtures;
    // Seen first through another member's eyes (their private post), then as the caller.
    await c.call('settings.connect', { baseUrl: s.baseUrl, token: s.otherToken, authHeader: 'bearer' });
    await c.core.syncNow('user');
    const theirs = (await c.call('posts.list', { workspace: f.workspace })).find(
      (p) => p.serverId === f.posts.otherPrivate,
    )!;
    const variant = (await c.call('posts.get', { id: theirs.id })).variants[0]!;
    await c.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
    await c.call('variants.update', { id: variant.id, content: 'my edit' });
    await c.core.syncNow('user');
    const after = (await c.call('posts.get', { id: theirs.id })).variants[0]!;
    expect(after.state).toBe('removed');
    expect(after.content).toBe('my edit');
    expect(c.core.status()).toMatchObject({ phase: 'idle', pending: 0 });
    expect(await c.core.invoke('variants.update', { id: variant.id, content: 'more' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_state' },
    });
  });
});

describe('conflicts', () => {
  async function conflicted(s: SandboxHandle, c: TestCore) {
    const f = s.fixtures;
    const launch = (await c.call('posts.list', { workspace: f.workspace })).find(
      (p) => p.serverId === f.posts.launch,
    )!;
    const x = (await c.call('posts.get', { id: launch.id })).variants.find(
      (v) => v.serverId === f.variants.launchX,
    )!;
    await c.call('sync.pause', undefined);
    await c.call('variants.update', { id: x.id, content: 'mine' });
    const res = await fetch(
      `${s.baseUrl}/api/workspaces/${f.workspace}/posts/${f.posts.launch}/variants/${f.variants.launchX}/`,
      {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.otherToken}` },
        body: JSON.stringify({ content: 'theirs' }),
      },
    );
    expect(res.status).toBe(200);
    await c.call('sync.resume', undefined);
    await c.core.syncNow('user');
    const v = (await c.call('posts.get', { id: launch.id })).variants.find((y) => y.id === x.id)!;
    return { v, launchId: launch.id };
  }
  const serviceContent = (s: SandboxHandle) =>
    s.inspect.variants(s.fixtures.posts.launch).find((v) => v.id === s.fixtures.variants.launchX)!.content;

  it('both sides changed: a conflict, nothing overwritten; keep mine sends mine', async () => {
    const { s, c } = await connected();
    const { v } = await conflicted(s, c);
    expect(v.state).toBe('conflict');
    expect(v.conflicts).toEqual([{ field: 'content', mine: 'mine', theirs: 'theirs' }]);
    expect(serviceContent(s)).toBe('theirs');
    expect(c.core.status().conflicts).toBe(1);
    await c.call('variants.resolveConflict', { id: v.id, choice: 'mine' });
    await c.core.syncNow('user');
    expect(serviceContent(s)).toBe('mine');
    expect((await c.call('posts.get', { id: v.postId })).variants.find((y) => y.id === v.id)!.state).toBe(
      'draft',
    );
  });

  it('a light sync (interval) reads back before it writes, so it raises the conflict too', async () => {
    const { s, c } = await connected();
    const f = s.fixtures;
    const launch = (await c.call('posts.list', { workspace: f.workspace })).find(
      (p) => p.serverId === f.posts.launch,
    )!;
    const x = (await c.call('posts.get', { id: launch.id })).variants.find(
      (v) => v.serverId === f.variants.launchX,
    )!;
    await c.call('variants.update', { id: x.id, content: 'mine' });
    const res = await fetch(
      `${s.baseUrl}/api/workspaces/${f.workspace}/posts/${f.posts.launch}/variants/${f.variants.launchX}/`,
      {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.otherToken}` },
        body: JSON.stringify({ content: 'theirs' }),
      },
    );
    expect(res.status).toBe(200);
    s.stats.reset();
    await c.core.syncNow('interval');
    const routes = s.stats.byRoute();
    // No listing: only the freshness check of each of alice's two workspaces (limit=1).
    expect(routes['GET /api/workspaces/:slug/posts/']).toBe(2);
    expect(routes['GET /api/workspaces/:slug/posts/:post_id/variants/']).toBe(1);
    expect(Object.keys(routes).some((k) => k.startsWith('PATCH'))).toBe(false);
    const v = (await c.call('posts.get', { id: launch.id })).variants.find((y) => y.id === x.id)!;
    expect(v.state).toBe('conflict');
    expect(serviceContent(s)).toBe('theirs');
  });

  it('take theirs: the local text becomes the service text and nothing is sent', async () => {
    const { s, c } = await connected();
    const { v } = await conflicted(s, c);
    s.stats.reset();
    await c.call('variants.resolveConflict', { id: v.id, choice: 'theirs' });
    await c.core.syncNow('user');
    const after = (await c.call('posts.get', { id: v.postId })).variants.find((y) => y.id === v.id)!;
    expect(after.content).toBe('theirs');
    expect(after.state).toBe('draft');
    expect(serviceContent(s)).toBe('theirs');
    expect(Object.keys(s.stats.byRoute()).some((k) => k.startsWith('PATCH'))).toBe(false);
  });
});

describe('title conflicts', () => {
  /** A synced post renamed both here and in the service's app. */
  async function retitled(s: SandboxHandle, c: TestCore) {
    const { post } = await syncedDraft(s, c, 'Original title', 'text');
    const serverPost = (await c.call('posts.get', { id: post.id })).serverId!;
    s.renamePost(serverPost, 'Their title');
    await c.call('posts.update', { id: post.id, title: 'My title' });
    await c.core.syncNow('user');
    return { post: await c.call('posts.get', { id: post.id }), serverPost };
  }

  it('both renamed: a conflict with both titles, nothing overwritten; take theirs settles it', async () => {
    const { s, c } = await connected();
    const { post, serverPost } = await retitled(s, c);
    expect(post.state).toBe('conflict');
    expect(post.conflicts).toEqual([{ field: 'title', mine: 'My title', theirs: 'Their title' }]);
    expect(post.title).toBe('My title');
    expect(c.core.status().conflicts).toBe(1);
    const theirs = await c.call('posts.resolveConflict', { id: post.id, choice: 'theirs' });
    expect([theirs.title, theirs.state, theirs.conflicts]).toEqual(['Their title', 'draft', []]);
    await c.core.syncNow('user');
    expect((await c.call('posts.get', { id: post.id })).state).toBe('draft');
    expect(s.inspect.posts(s.fixtures.workspace).find((p) => p.id === serverPost)!.title).toBe('Their title');
  });

  it('keep mine: the local title stays (the API cannot rename a post) and the conflict is settled', async () => {
    const { s, c } = await connected();
    const { post } = await retitled(s, c);
    const mine = await c.call('posts.resolveConflict', { id: post.id, choice: 'mine' });
    expect([mine.title, mine.conflicts]).toEqual(['My title', []]);
    await c.core.syncNow('user');
    const after = await c.call('posts.get', { id: post.id });
    expect(after.state).not.toBe('conflict');
    // Said next to the post: the new title lives in Outpost only.
    expect(after.note?.kind).toBe('title-stays-local');
    expect(after.note?.text).toMatch(/kept in Outpost only/);
  });
});

describe('offline first', () => {
  it('drafts with the service down, then syncs when it is back: nothing lost or doubled', async () => {
    const data = tempDir('outpost-sandbox-');
    cleanups.push(() => data.remove());
    const file = `${data.dir}/sandbox.db`;
    const first = await startSandbox({ dataFile: file, manualClock: true, startTime: START });
    const port = Number(new URL(first.baseUrl).port);
    const token = first.token;
    t = await openCore({ requestTimeoutMs: 5_000 });
    await t.call('settings.connect', { baseUrl: first.baseUrl, token, authHeader: 'bearer' });
    await t.core.syncNow('user');
    const slug = first.fixtures.workspace;
    await first.close();

    const local = await t.call('posts.create', { workspace: null, title: 'Written on a plane' });
    await t.call('variants.create', {
      postId: local.id,
      platform: 'x',
      content: 'offline 1',
      account: { kind: 'default' },
    });
    const inWs = await t.call('posts.create', { workspace: slug, title: 'Queued while offline' });
    await t.call('variants.create', {
      postId: inWs.id,
      platform: 'linkedin',
      content: 'offline 2',
      account: { kind: 'default' },
    });
    const status = await t.core.syncNow('user');
    expect(status.phase).toBe('offline');
    expect(status.pending).toBe(2);
    expect((await t.call('posts.get', { id: inWs.id })).state).toBe('pending_sync');
    expect(await t.call('workspaces.moveLocalDrafts', { slug })).toEqual({ moved: 1 });

    sandbox = await startSandbox({ dataFile: file, port, manualClock: true, startTime: START });
    await t.core.syncNow('user');
    expect(t.core.status()).toMatchObject({ phase: 'idle', pending: 0, failed: 0 });
    for (const title of ['Written on a plane', 'Queued while offline']) {
      const found = sandbox.inspect.posts(slug).filter((p) => p.title === title);
      expect(found).toHaveLength(1);
      expect(sandbox.inspect.variants(found[0]!.id)).toHaveLength(1);
    }
  });
});

describe('push details', () => {
  it('a burst of edits becomes one request; title edits after creation stay local and say so', async () => {
    const { s, c } = await connected();
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Burst' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'v0',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    s.stats.reset();
    for (let i = 1; i <= 20; i++) await c.call('variants.update', { id: v.id, content: `v${i}` });
    expect((await c.call('outbox.list', undefined)).filter((o) => o.kind === 'update_variant')).toHaveLength(
      1,
    );
    await c.core.syncNow('user');
    expect(s.stats.byRoute()['PATCH /api/workspaces/:slug/posts/:post_id/variants/:variant_id/']).toBe(1);
    const serverPost = s.inspect.posts(s.fixtures.workspace).find((p) => p.title === 'Burst')!;
    expect(s.inspect.variants(serverPost.id)[0]!.content).toBe('v20');

    const renamed = await c.call('posts.update', { id: post.id, title: 'Burst, renamed' });
    expect(renamed.note?.kind).toBe('title-stays-local');
    expect(renamed.note?.text).toMatch(/kept in Outpost only/);
    await c.core.syncNow('user');
    expect(s.inspect.posts(s.fixtures.workspace).find((p) => p.id === serverPost.id)!.title).toBe('Burst');
    expect((await c.call('posts.get', { id: post.id })).title).toBe('Burst, renamed');
    expect(c.core.status()).toMatchObject({ pending: 0, failed: 0, conflicts: 0 });
  });

  it('filters the post list by state', async () => {
    const { s, c } = await connected();
    const all = await c.call('posts.list', { workspace: s.fixtures.workspace, filter: 'all' });
    const drafts = await c.call('posts.list', { workspace: s.fixtures.workspace, filter: 'draft' });
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((p) => p.state === 'draft')).toBe(true);
    // A post with a published and a draft variant still shows the work left: draft.
    expect(drafts.map((p) => p.serverId)).toContain(s.fixtures.posts.launch);
    expect(all.length).toBe(s.fixtures.postsVisibleToCaller);
    await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Waiting' });
    const waiting = await c.call('posts.list', { workspace: s.fixtures.workspace, filter: 'pending_sync' });
    expect(waiting.map((p) => p.title)).toEqual(['Waiting']);
  });
});
