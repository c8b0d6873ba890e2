// The key flows over real HTTP against the sandbox, run again with the sandbox's other status
// strings, nested error shape and UUID ids: nothing in the core may depend on those choices.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../server/index';
import { openCore, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');

const variantsOfService: Array<[string, SandboxOptions]> = [
  ['the sandbox defaults', {}],
  [
    'other status strings, nested errors and uuid ids',
    { statusStrings: { scheduled: 'queued', published: 'sent' }, errorShape: 'nested', idFormat: 'uuid' },
  ],
];

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

async function connected(options: SandboxOptions): Promise<{ s: SandboxHandle; c: TestCore }> {
  sandbox = await startSandbox({ manualClock: true, startTime: START, ...options });
  t = await openCore();
  await t.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await t.core.syncNow('user');
  return { s: sandbox, c: t };
}

describe.each(variantsOfService)('key flows against %s', (_name, options) => {
  it('connects, pulls workspaces, profiles and the visible posts', async () => {
    const { s, c } = await connected(options);
    const f = s.fixtures;
    const settings = await c.call('settings.get', undefined);
    expect(settings).toMatchObject({ connected: true, baseUrl: s.baseUrl, tokenStorage: 'memory' });
    expect(c.secrets.values.get(s.baseUrl)).toBe(s.token);
    const spaces = await c.call('workspaces.list', undefined);
    expect(spaces.map((w) => w.slug)).toEqual([null, f.workspace, f.secondWorkspace]);
    const profiles = await c.call('profiles.list', { workspace: f.workspace });
    expect(profiles.map((p) => p.id)).toContain(f.profiles.xDefault);
    expect(profiles.map((p) => p.id)).not.toContain(f.profiles.instagramListening);
    const posts = await c.call('posts.list', { workspace: f.workspace });
    expect(posts.map((p) => p.serverId).sort()).toEqual(
      [f.posts.launch, f.posts.tips, f.posts.otherShared].sort(),
    );
    const launch = posts.find((p) => p.serverId === f.posts.launch)!;
    const detail = await c.call('posts.get', { id: launch.id });
    const linkedin = detail.variants.find((v) => v.platform === 'linkedin')!;
    expect(linkedin.state).toBe('published');
    expect(linkedin.platformPostUrl).toMatch(/^https:\/\//);
    expect(detail.variants.find((v) => v.platform === 'x')!.state).toBe('draft');
    expect(c.core.status()).toMatchObject({ phase: 'idle', pending: 0, failed: 0 });
  });

  it('the typical flow: post, variants with the three account states, schedule, unschedule, publish', async () => {
    const { s, c } = await connected(options);
    const f = s.fixtures;
    const post = await c.call('posts.create', { workspace: f.workspace, title: 'Spring launch' });
    expect(post.state).toBe('pending_sync');
    const chosen = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Chosen account',
      account: { kind: 'profile', profileId: f.profiles.xSecond },
    });
    const byDefault = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Default account',
      account: { kind: 'default' },
    });
    const later = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Assign later',
      account: { kind: 'none' },
    });
    await c.core.syncNow('user');

    const onService = s.inspect.posts(f.workspace).filter((p) => p.title === 'Spring launch');
    expect(onService).toHaveLength(1);
    const serverPostId = onService[0]!.id;
    const sv = s.inspect.variants(serverPostId);
    const find = (content: string) => sv.find((v) => v.content === content)!;
    expect(find('Chosen account').social_profile_id).toBe(f.profiles.xSecond);
    expect(find('Default account').social_profile_id).toBe(f.profiles.xDefault);
    expect(find('Assign later').social_profile_id).toBeNull();
    expect(sv).toHaveLength(3);

    const detail = await c.call('posts.get', { id: post.id });
    expect(detail.serverId).toBe(serverPostId);
    expect(detail.variants.map((v) => [v.content, v.state, v.account.kind])).toEqual([
      ['Chosen account', 'draft', 'profile'],
      ['Default account', 'draft', 'default'],
      ['Assign later', 'draft', 'none'],
    ]);
    expect(later.account).toEqual({ kind: 'none' });

    // Schedule, then unschedule.
    const at = new Date(START.getTime() + 3_600_000).toISOString();
    await c.call('variants.schedule', { id: chosen.id, at });
    await c.core.syncNow('user');
    const scheduled = s.inspect.variants(serverPostId).find((v) => v.content === 'Chosen account')!;
    expect(scheduled.scheduled_at).toBe(at);
    expect((await c.call('posts.get', { id: post.id })).variants[0]!.state).toBe('scheduled');
    await c.call('variants.unschedule', { id: chosen.id });
    await c.core.syncNow('user');
    expect(
      s.inspect.variants(serverPostId).find((v) => v.content === 'Chosen account')!.scheduled_at,
    ).toBeNull();
    expect((await c.call('posts.get', { id: post.id })).variants[0]!.state).toBe('draft');

    // Publish now: the published event carries the link.
    await c.call('variants.publish', { id: byDefault.id });
    await c.core.syncNow('user');
    const published = await c.call('posts.get', { id: post.id });
    const pv = published.variants.find((v) => v.id === byDefault.id)!;
    expect(pv.state).toBe('published');
    expect(pv.platformPostUrl).toMatch(/^https:\/\//);
    const note = await c.waitFor((e) => e.name === 'notification' && e.data.kind === 'published');
    expect(note.name === 'notification' && note.data.url).toBe(pv.platformPostUrl);
    expect(s.inspect.publishCount(pv.serverId!)).toBe(1);
    // Publishing again is refused locally.
    expect(await c.core.invoke('variants.publish', { id: byDefault.id })).toMatchObject({
      ok: false,
      error: { code: 'invalid_state' },
    });
  });

  it('a new post waits for its title (the service keeps the title it is created with)', async () => {
    const { s, c } = await connected(options);
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: '' });
    await c.call('variants.create', {
      postId: post.id,
      platform: 'linkedin',
      content: 'Written before the title',
      account: { kind: 'default' },
    });
    const before = s.inspect.posts(s.fixtures.workspace).length;
    await c.core.syncNow('user');
    expect(s.inspect.posts(s.fixtures.workspace)).toHaveLength(before);
    const waiting = await c.call('posts.get', { id: post.id });
    expect(waiting.state).toBe('pending_sync');
    expect(waiting.note?.kind).toBe('title-needed');
    expect(waiting.note?.text).toMatch(/^Give this post a title to sync it/);
    await c.call('posts.update', { id: post.id, title: 'Titled at last' });
    await c.core.syncNow('user');
    const created = s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === 'Titled at last');
    expect(created).toHaveLength(1);
    expect(s.inspect.variants(created[0]!.id).map((v) => v.content)).toEqual(['Written before the title']);
    expect((await c.call('posts.get', { id: post.id })).note).toBeNull();
  });

  it('a scheduled variant the service sends is read back as published', async () => {
    const { s, c } = await connected(options);
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Timed' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'linkedin',
      content: 'At nine',
      account: { kind: 'default' },
    });
    await c.call('variants.schedule', { id: v.id, at: new Date(START.getTime() + 60_000).toISOString() });
    await c.core.syncNow('user');
    await s.clock.advance(120_000);
    await c.core.syncNow('user');
    const after = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect(after.state).toBe('published');
    const note = await c.waitFor((e) => e.name === 'notification' && e.data.kind === 'published');
    expect(note.name === 'notification' && note.data.variantId).toBe(v.id);
  });

  it('needs_approval, then release by the approvers, then the published event with its link', async () => {
    const { s, c } = await connected(options);
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Signed off' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'bluesky',
      content: 'Needs a yes',
      account: { kind: 'default' },
    });
    await c.call('variants.publish', { id: v.id });
    await c.core.syncNow('user');
    const waiting = await c.call('posts.get', { id: post.id });
    expect(waiting.variants[0]!.state).toBe('needs_approval');
    expect(waiting.variants[0]!.serviceStatus).toBe('needs_approval');
    const started = await c.waitFor((e) => e.name === 'notification' && e.data.kind === 'approval_started');
    // The platform by its name, as the window writes it.
    expect(started.name === 'notification' && started.data.body).toBe(
      "The Bluesky variant is waiting for the channel's approvers.",
    );

    s.releaseApproval(waiting.variants[0]!.serverId!);
    await c.core.syncNow('user');
    const released = await c.waitFor((e) => e.name === 'notification' && e.data.kind === 'approval_released');
    const final = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect(final.state).toBe('published');
    expect(released.name === 'notification' && released.data.url).toBe(final.platformPostUrl);
    expect(s.inspect.publishCount(final.serverId!)).toBe(1);
  });

  it('a change refused for good can be discarded: the variant shows what the service holds again', async () => {
    const { s, c } = await connected(options);
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Never scheduled' });
    // Threads' only account is active but not the default: the service creates the variant
    // without one and refuses to schedule it, every time (Outpost cannot see defaults).
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'threads',
      content: 'Toot',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    await c.call('variants.schedule', { id: v.id, at: new Date(START.getTime() + 60_000).toISOString() });
    await c.core.syncNow('user');
    expect((await c.call('posts.get', { id: post.id })).variants[0]!.state).toBe('failed');
    const [op] = (await c.call('outbox.list', undefined)).filter((o) => o.state === 'failed');
    expect(op).toMatchObject({ kind: 'schedule', postTitle: 'Never scheduled', platform: 'threads' });

    const discarded = await c.call('outbox.discard', { id: op!.id });
    expect(discarded.state).toBe('done');
    const back = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect([back.state, back.scheduledAt, back.error, back.content]).toEqual(['draft', null, null, 'Toot']);
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    await c.core.syncNow('user');
    expect(
      s.inspect.variants((await c.call('posts.get', { id: post.id })).serverId!)[0]!.scheduled_at,
    ).toBeNull();
    // Only a failed op can be discarded.
    expect(await c.core.invoke('outbox.discard', { id: op!.id })).toMatchObject({
      ok: false,
      error: { code: 'invalid_state' },
    });
    // The sync log names what an entry concerns.
    const log = await c.call('sync.log', { limit: 50 });
    expect(log.find((e) => e.action === 'discard')).toMatchObject({
      postTitle: 'Never scheduled',
      platform: 'threads',
    });
  });

  it('the platform default is for creation only: a variant on the service cannot go back to it', async () => {
    const { s, c } = await connected(options);
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Who sends it' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Later',
      account: { kind: 'none' },
    });
    // Before it reaches the service, any choice is still open.
    expect((await c.call('variants.update', { id: v.id, account: { kind: 'default' } })).account).toEqual({
      kind: 'default',
    });
    await c.call('variants.update', { id: v.id, account: { kind: 'none' } });
    await c.core.syncNow('user');
    const refused = await c.core.invoke('variants.update', { id: v.id, account: { kind: 'default' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_state' } });
    expect(JSON.stringify(refused)).toContain('The platform default applies only when a variant is created');
    expect((await c.call('posts.get', { id: post.id })).variants[0]!.account).toEqual({ kind: 'none' });
  });

  it('a variant waiting for sign-off does not change under its approvers', async () => {
    const { s, c } = await connected(options);
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Under review' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'bluesky',
      content: 'Asked for a yes',
      account: { kind: 'default' },
    });
    await c.call('variants.publish', { id: v.id });
    await c.core.syncNow('user');
    expect((await c.call('posts.get', { id: post.id })).variants[0]!.state).toBe('needs_approval');
    for (const [command, payload] of [
      ['variants.update', { id: v.id, content: 'Changed my mind' }],
      ['variants.schedule', { id: v.id, at: new Date(START.getTime() + 60_000).toISOString() }],
      ['variants.unschedule', { id: v.id }],
      ['variants.publish', { id: v.id }],
    ] as const) {
      const refused = await c.core.invoke(command, payload);
      expect(refused, command).toMatchObject({ ok: false, error: { code: 'invalid_state' } });
      expect(JSON.stringify(refused)).toContain("waiting for the channel's approvers");
    }
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });

  it('a refusal from the service fails the op with the service message verbatim and keeps the text', async () => {
    const { s, c } = await connected(options);
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'No account' });
    // Threads' only account is not the default: the default leaves the variant without one.
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'threads',
      content: 'Toot',
      account: { kind: 'default' },
    });
    await c.call('variants.schedule', { id: v.id, at: new Date(START.getTime() + 60_000).toISOString() });
    await c.core.syncNow('user');
    const failed = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect(failed.state).toBe('failed');
    expect(failed.error).toBe(
      'social_profile_id: cannot schedule a variant without a connected posting account',
    );
    expect(failed.content).toBe('Toot');
    expect(c.core.status()).toMatchObject({ failed: 1 });
    const ops = await c.call('outbox.list', undefined);
    expect(ops.map((o) => [o.kind, o.state])).toEqual([['schedule', 'failed']]);
    await c.waitFor((e) => e.name === 'notification' && e.data.kind === 'needs_user');
  });

  it('activity pages through the envelope; skills stop at the newest 200', async () => {
    const { s, c } = await connected(options);
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Audit me' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'a',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    for (let i = 0; i < 3; i++) {
      await c.call('variants.update', { id: v.id, content: `edit ${i}` });
      await c.core.syncNow('user');
    }
    const first = await c.call('activity.list', { postId: post.id, limit: 2 });
    expect(first.entries).toHaveLength(2);
    expect(first.count).toBe(5);
    expect(first.hasMore).toBe(true);
    const rest = await c.call('activity.list', { postId: post.id, offset: 2, limit: 100 });
    expect(rest.entries).toHaveLength(3);
    expect(rest.hasMore).toBe(false);
    const local = await c.call('posts.create', { workspace: null, title: 'Local' });
    expect(await c.call('activity.list', { postId: local.id })).toEqual({
      entries: [],
      count: 0,
      offset: 0,
      hasMore: false,
    });

    const skills = await c.call('skills.list', { workspace: s.fixtures.workspace });
    expect(skills).toHaveLength(Math.min(200, s.fixtures.skillsVisibleToCaller));
  });
});
