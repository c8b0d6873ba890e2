// The client against the sandbox service over real HTTP, twice: with the sandbox's default
// choices and with other status strings, error shape and id format, proving the client
// depends on none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../../src-main/core/api/client';
import { ServiceError } from '../../../../src-main/core/api/errors';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../server/index';

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected the call to fail');
}

const variants: Array<[string, SandboxOptions]> = [
  ['default choices', {}],
  [
    'other status strings, nested errors, uuid ids',
    { statusStrings: { scheduled: 'queued', published: 'sent' }, errorShape: 'nested', idFormat: 'uuid' },
  ],
];

describe.each(variants)('service client against the sandbox (%s)', (_name, options) => {
  let sandbox: SandboxHandle;
  let api: ServiceClient;
  const future = (hours: number): string =>
    new Date(sandbox.clock.now().getTime() + hours * 3600_000).toISOString();

  beforeAll(async () => {
    sandbox = await startSandbox({
      ...options,
      manualClock: true,
      startTime: new Date('2026-05-01T08:00:00Z'),
    });
    api = new ServiceClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('lists the workspaces and scheduling profiles the caller may use', async () => {
    const f = sandbox.fixtures;
    const slugs = (await api.listWorkspaces()).map((w) => w.slug).sort();
    expect(slugs).toEqual([f.workspace, f.secondWorkspace].sort());
    const profiles = await api.listProfiles(f.workspace);
    const ids = profiles.map((p) => p.id);
    expect(ids).toContain(f.profiles.xDefault);
    expect(ids).not.toContain(f.profiles.instagramListening);
    const mastodon = profiles.find((p) => p.id === f.profiles.mastodonInactive);
    expect(mastodon?.is_active).toBe(false);
    expect(profiles.find((p) => p.id === f.profiles.xSecond)?.label).toBeTruthy();
  });

  it('works with the X-API-Key header too', async () => {
    const other = new ServiceClient({
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'x-api-key',
    });
    expect((await other.listWorkspaces()).length).toBeGreaterThan(0);
  });

  it('runs the typical flow: create, choose a profile, schedule, unschedule, publish', async () => {
    const f = sandbox.fixtures;
    const post = await api.createPost(f.workspace, { title: 'Spring sale' });
    expect(typeof post.id).toBe('string');
    expect(
      sandbox.inspect.posts(f.workspace).some((p) => p.id === post.id && p.title === 'Spring sale'),
    ).toBe(true);
    expect((await api.getPost(f.workspace, post.id)).title).toBe('Spring sale');

    const profile = (await api.listProfiles(f.workspace)).find((p) => p.platform === 'x' && p.is_active);
    expect(profile).toBeDefined();
    const created = await api.createVariant(f.workspace, post.id, {
      platform: 'x',
      content: 'Everything 20% off',
      social_profile_id: profile?.id ?? null,
    });
    expect(created.social_profile_id).toBe(profile?.id);
    expect(created.scheduled_at).toBeNull();

    const at = future(24);
    const scheduled = await api.updateVariant(f.workspace, post.id, created.id, { scheduled_at: at });
    expect(Date.parse(scheduled.scheduled_at ?? '')).toBe(Date.parse(at));
    expect(scheduled.platform_post_url).toBeNull();
    // The status string for "scheduled" is whatever this service says; it is passed through as sent.
    expect(scheduled.status).toBe(sandbox.inspect.variants(post.id)[0]?.status);

    const unscheduled = await api.updateVariant(f.workspace, post.id, created.id, { scheduled_at: null });
    expect(unscheduled.scheduled_at).toBeNull();

    const edited = await api.updateVariant(f.workspace, post.id, created.id, {
      content: 'Everything 25% off',
    });
    expect(edited.content).toBe('Everything 25% off');

    const published = await api.publishVariant(f.workspace, post.id, created.id);
    expect(published.platform_post_url).toMatch(/^https:\/\//);
    expect(sandbox.inspect.publishCount(created.id)).toBe(1);

    const listed = await api.listVariants(f.workspace, post.id);
    expect(listed.map((v) => v.id)).toEqual([created.id]);
    expect(listed[0]?.platform_post_url).toBe(published.platform_post_url);
  });

  it('keeps the three states of social_profile_id apart', async () => {
    const f = sandbox.fixtures;
    const post = await api.createPost(f.workspace, { title: 'Accounts' });
    const omitted = await api.createVariant(f.workspace, post.id, {
      platform: 'x',
      content: 'default account',
    });
    const none = await api.createVariant(f.workspace, post.id, {
      platform: 'x',
      content: 'assign later',
      social_profile_id: null,
    });
    const chosen = await api.createVariant(f.workspace, post.id, {
      platform: 'x',
      content: 'second account',
      social_profile_id: f.profiles.xSecond,
    });
    expect(omitted.social_profile_id).toBe(f.profiles.xDefault);
    expect(none.social_profile_id).toBeNull();
    expect(chosen.social_profile_id).toBe(f.profiles.xSecond);
    const server = sandbox.inspect.variants(post.id);
    expect(server.map((v) => v.social_profile_id).sort()).toEqual(
      [f.profiles.xDefault, null, f.profiles.xSecond].sort(),
    );
  });

  it('follows a publish into needs_approval and sees the release', async () => {
    const f = sandbox.fixtures;
    const post = await api.createPost(f.workspace, { title: 'Needs sign-off' });
    const v = await api.createVariant(f.workspace, post.id, {
      platform: 'bluesky',
      content: 'Hello Bluesky',
    });
    const waiting = await api.publishVariant(f.workspace, post.id, v.id);
    expect(waiting.status).toBe('needs_approval');
    expect(waiting.platform_post_url).toBeNull();
    sandbox.releaseApproval(v.id);
    const after = (await api.listVariants(f.workspace, post.id)).find((x) => x.id === v.id);
    expect(after?.platform_post_url).toMatch(/^https:\/\//);
    expect(after?.status).not.toBe('needs_approval');
    expect(sandbox.inspect.publishCount(v.id)).toBe(1);
  });

  it('a scheduled variant goes out when its time comes', async () => {
    const f = sandbox.fixtures;
    const post = await api.createPost(f.workspace, { title: 'Scheduled' });
    const v = await api.createVariant(f.workspace, post.id, { platform: 'linkedin', content: 'Later today' });
    await api.updateVariant(f.workspace, post.id, v.id, { scheduled_at: future(2) });
    await sandbox.clock.advance(3 * 3600_000);
    const [after] = await api.listVariants(f.workspace, post.id);
    expect(after?.platform_post_url).toMatch(/^https:\/\//);
  });

  it('pages posts through the counted envelope and activity page by page', async () => {
    const f = sandbox.fixtures;
    const slug = f.secondWorkspace;
    const before = (await api.listPosts(slug)).length;
    for (let i = 0; i < 205; i++) await api.createPost(slug, { title: `bulk ${i}` });
    sandbox.stats.reset();
    const posts = await api.listPosts(slug);
    expect(posts).toHaveLength(before + 205);
    expect(new Set(posts.map((p) => p.id)).size).toBe(posts.length);
    expect(posts.map((p) => p.id).sort()).toEqual(
      sandbox.inspect
        .posts(slug)
        .map((p) => p.id)
        .sort(),
    );
    expect(sandbox.stats.requests).toBe(Math.ceil((before + 205) / 100));

    const launch = f.posts.launch;
    const first = await api.listActivity(f.workspace, launch, { limit: 1, offset: 0 });
    expect(first.results).toHaveLength(1);
    expect(first.count).toBeGreaterThan(1);
    const all: unknown[] = [];
    for (let offset = 0; offset < first.count; offset += 2) {
      all.push(...(await api.listActivity(f.workspace, launch, { limit: 2, offset })).results);
    }
    expect(all).toHaveLength(first.count);
  });

  it('lists skills up to the newest 200', async () => {
    const f = sandbox.fixtures;
    const skills = await api.listSkills(f.workspace);
    expect(skills).toHaveLength(Math.min(200, f.skillsVisibleToCaller));
    expect(await api.listSkills(f.secondWorkspace)).toHaveLength(1);
  });

  it('maps the service errors: 404, validation verbatim, auth', async () => {
    const f = sandbox.fixtures;
    expect((await failure(api.getPost(f.workspace, f.posts.otherPrivate))).kind).toBe('not_found');
    expect((await failure(api.listPosts(f.foreignWorkspace))).kind).toBe('not_found');

    const post = await api.createPost(f.workspace, { title: 'Bad account' });
    const bad = await failure(
      api.createVariant(f.workspace, post.id, {
        platform: 'x',
        content: 'wrong account',
        social_profile_id: f.profiles.linkedin,
      }),
    );
    expect(bad.kind).toBe('validation');
    expect(bad.serviceMessage).toMatch(/social_profile_id/);
    expect(bad.message).toBe(bad.serviceMessage);

    const token = sandbox.mintToken();
    const revocable = new ServiceClient({ baseUrl: sandbox.baseUrl, token, authHeader: 'bearer' });
    expect((await revocable.listWorkspaces()).length).toBeGreaterThan(0);
    sandbox.revokeToken(token);
    const denied = await failure(revocable.listWorkspaces());
    expect(denied.kind).toBe('auth');
    expect(JSON.stringify(denied)).not.toContain(token);
    expect(denied.message).not.toContain(token);
  });

  it('maps injected faults: 429 with Retry-After, 5xx, a connection dropped after the write', async () => {
    const f = sandbox.fixtures;
    const limited = sandbox.faults.add({ kind: 'retry_after', retryAfterSeconds: 42, times: 1 });
    const e429 = await failure(api.listWorkspaces());
    expect(e429.kind).toBe('rate_limited');
    expect(e429.retryAfterMs).toBe(42_000);
    sandbox.faults.remove(limited);

    sandbox.faults.add({ kind: 'status', status: 500, times: 1 });
    expect((await failure(api.listWorkspaces())).kind).toBe('server_error');

    sandbox.faults.add({
      kind: 'drop_after_write',
      method: 'POST',
      path: '/api/workspaces/:slug/posts/',
      times: 1,
    });
    const dropped = await failure(api.createPost(f.workspace, { title: 'Dropped but written' }));
    expect(dropped.kind).toBe('offline');
    expect(dropped.mayHaveReachedService).toBe(true);
    // The outcome really is unknown to the client: the service did apply it.
    expect(sandbox.inspect.posts(f.workspace).filter((p) => p.title === 'Dropped but written')).toHaveLength(
      1,
    );

    sandbox.faults.add({ kind: 'drop_before_write', method: 'POST', times: 1 });
    const before = await failure(api.createPost(f.workspace, { title: 'Dropped before write' }));
    expect(before.kind).toBe('offline');
    expect(sandbox.inspect.posts(f.workspace).some((p) => p.title === 'Dropped before write')).toBe(false);
    sandbox.faults.clear();
    // The client recovers on the next request.
    expect((await api.listWorkspaces()).length).toBeGreaterThan(0);
  });
});
