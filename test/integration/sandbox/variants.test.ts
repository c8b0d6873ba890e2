import { beforeEach, describe, expect, it } from 'vitest';
import { call, createPost, createVariant, useSandbox, variantPath, type Post, type Variant } from './helpers';

const START = new Date('2030-01-01T08:00:00.000Z');
const sandbox = useSandbox({ manualClock: true, startTime: START });
let post: Post;

beforeEach(async () => {
  post = await createPost(sandbox(), 'Variant rules');
});

const patch = (variant: Variant, body: unknown) =>
  call<Variant & { detail?: string }>(sandbox(), variantPath(sandbox(), post.id, variant.id), {
    method: 'PATCH',
    body,
  });
const publish = (variant: Variant) =>
  call<Variant & { detail?: string }>(sandbox(), variantPath(sandbox(), post.id, variant.id, 'publish/'), {
    method: 'POST',
  });

describe('variant creation and social_profile_id', () => {
  it('POST variants answers 201 with the variant including id, as a draft', async () => {
    const response = await call<Variant>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/`,
      {
        body: { platform: 'linkedin', content: 'Hello LinkedIn' },
      },
    );
    expect(response.status).toBe(201);
    expect(typeof response.body.id).toBe('string');
    expect(response.body).toMatchObject({
      platform: 'linkedin',
      content: 'Hello LinkedIn',
      status: 'draft',
      scheduled_at: null,
      platform_post_url: null,
    });
  });

  it('social_profile_id omitted: the platform’s default account is used', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'default please' });
    expect(variant.social_profile_id).toBe(sandbox().fixtures.profiles.xDefault);
  });

  it('social_profile_id omitted on a platform without a usable default: no account', async () => {
    const threads = await createVariant(sandbox(), post.id, { platform: 'threads', content: 'no default' });
    expect(threads.social_profile_id).toBeNull();
    const mastodon = await createVariant(sandbox(), post.id, {
      platform: 'mastodon',
      content: 'inactive default',
    });
    expect(mastodon.social_profile_id).toBeNull();
    const unknown = await createVariant(sandbox(), post.id, {
      platform: 'friendster',
      content: 'unknown platform',
    });
    expect(unknown.social_profile_id).toBeNull();
  });

  it('social_profile_id sent as null: created without an account', async () => {
    const variant = await createVariant(sandbox(), post.id, {
      platform: 'x',
      content: 'later',
      social_profile_id: null,
    });
    expect(variant.social_profile_id).toBeNull();
  });

  it('social_profile_id chosen: that account is used', async () => {
    const f = sandbox().fixtures;
    const variant = await createVariant(sandbox(), post.id, {
      platform: 'x',
      content: 'support account',
      social_profile_id: f.profiles.xSecond,
    });
    expect(variant.social_profile_id).toBe(f.profiles.xSecond);
  });

  it('platform is not a closed list', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'pixelfed', content: 'new network' });
    expect(variant.platform).toBe('pixelfed');
  });

  it('a profile of another platform gets 400 naming social_profile_id', async () => {
    const response = await call<{ detail: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/`,
      {
        body: { platform: 'linkedin', content: 'x', social_profile_id: sandbox().fixtures.profiles.xDefault },
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^social_profile_id:/);
  });

  it('an inactive profile gets 400 naming social_profile_id', async () => {
    const response = await call<{ detail: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/`,
      {
        body: {
          platform: 'mastodon',
          content: 'x',
          social_profile_id: sandbox().fixtures.profiles.mastodonInactive,
        },
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/social_profile_id/);
  });

  it('a profile of another workspace gets 400', async () => {
    const response = await call(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/`,
      {
        body: { platform: 'x', content: 'x', social_profile_id: sandbox().fixtures.profiles.foreignX },
      },
    );
    expect(response.status).toBe(400);
  });

  it.each([
    ['platform', { platform: 7, content: 'x' }],
    ['platform', { content: 'x' }],
    ['content', { platform: 'x', content: ['x'] }],
    ['content', { platform: 'x' }],
    ['social_profile_id', { platform: 'x', content: 'x', social_profile_id: 101 }],
  ])('variant create: a wrong or missing %s gets 400 naming it', async (field, body) => {
    const response = await call<{ detail: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/`,
      { body },
    );
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(field);
  });

  it('GET variants lists the post’s variants', async () => {
    const a = await createVariant(sandbox(), post.id, { platform: 'x', content: 'a' });
    const b = await createVariant(sandbox(), post.id, { platform: 'linkedin', content: 'b' });
    const response = await call<Variant[]>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/`,
    );
    expect(response.body.map((v) => v.id)).toEqual([a.id, b.id]);
  });

  it('a variant of another post gets 404', async () => {
    const other = await createPost(sandbox(), 'Other');
    const variant = await createVariant(sandbox(), other.id, { platform: 'x', content: 'elsewhere' });
    const response = await call(sandbox(), variantPath(sandbox(), post.id, variant.id), {
      method: 'PATCH',
      body: { content: 'hijack' },
    });
    expect(response.status).toBe(404);
  });
});

describe('schedule, unschedule and the scheduler', () => {
  it('PATCH scheduled_at with a timestamp: scheduled, with scheduled_at in UTC Z', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'later' });
    const response = await patch(variant, { scheduled_at: '2030-01-02T10:00:00+02:00' });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('scheduled');
    expect(response.body.scheduled_at).toBe('2030-01-02T08:00:00.000Z');
  });

  it('PATCH scheduled_at null: back to draft', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'later' });
    await patch(variant, { scheduled_at: '2030-01-02T10:00:00Z' });
    const response = await patch(variant, { scheduled_at: null });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('draft');
    expect(response.body.scheduled_at).toBeNull();
  });

  it('the service publishes a scheduled variant when its time comes', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'on time' });
    const due = new Date(sandbox().clock.now().getTime() + 3600_000);
    await patch(variant, { scheduled_at: due.toISOString() });
    await sandbox().clock.advance(3600_000 - 1000);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(0);
    await sandbox().clock.advance(1000);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
    const list = await call<Variant[]>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/`,
    );
    const read = list.body.find((v) => v.id === variant.id)!;
    expect(read.status).toBe('published');
    expect(read.platform_post_url).toMatch(/^https:\/\//);
  });

  it('unscheduling cancels the scheduled publication', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'cancelled' });
    const due = new Date(sandbox().clock.now().getTime() + 60_000);
    await patch(variant, { scheduled_at: due.toISOString() });
    await patch(variant, { scheduled_at: null });
    await sandbox().clock.advance(120_000);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(0);
    expect(
      sandbox()
        .inspect.variants(post.id)
        .find((v) => v.id === variant.id)?.status,
    ).toBe('draft');
  });

  it('a scheduled variant on a sign-off channel goes to needs_approval when due', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'bluesky', content: 'needs review' });
    await patch(variant, { scheduled_at: new Date(sandbox().clock.now().getTime() + 1000).toISOString() });
    await sandbox().clock.advance(1000);
    expect(
      sandbox()
        .inspect.variants(post.id)
        .find((v) => v.id === variant.id)?.status,
    ).toBe('needs_approval');
    expect(sandbox().inspect.publishCount(variant.id)).toBe(0);
  });

  it('scheduling a variant without an account gets 400 with a message', async () => {
    const variant = await createVariant(sandbox(), post.id, {
      platform: 'x',
      content: 'no account',
      social_profile_id: null,
    });
    const response = await patch(variant, { scheduled_at: '2030-02-01T00:00:00Z' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/account/);
    expect(
      sandbox()
        .inspect.variants(post.id)
        .find((v) => v.id === variant.id)?.status,
    ).toBe('draft');
  });

  it('assigning an account and a time in one PATCH schedules it', async () => {
    const variant = await createVariant(sandbox(), post.id, {
      platform: 'x',
      content: 'assign',
      social_profile_id: null,
    });
    const response = await patch(variant, {
      social_profile_id: sandbox().fixtures.profiles.xSecond,
      scheduled_at: '2030-02-01T00:00:00Z',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'scheduled',
      social_profile_id: sandbox().fixtures.profiles.xSecond,
    });
  });

  it.each([['tomorrow'], ['2030-01-01'], ['2030-01-01T10:00:00'], [12345], [true]])(
    'scheduled_at %j (not an ISO 8601 timestamp with zone) gets 400 naming the field',
    async (value) => {
      const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'bad time' });
      const response = await patch(variant, { scheduled_at: value });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^scheduled_at:/);
    },
  );

  it.each([
    ['2030-02-30T10:00:00Z'],
    ['2030-02-29T10:00:00Z'],
    ['2030-04-31T10:00:00Z'],
    ['2030-13-01T10:00:00Z'],
  ])(
    'scheduled_at %j (a day that does not exist) gets 400, it is not rolled into the next month',
    async (value) => {
      const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'no such day' });
      const response = await patch(variant, { scheduled_at: value });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^scheduled_at:/);
      expect(
        sandbox()
          .inspect.variants(post.id)
          .find((v) => v.id === variant.id),
      ).toMatchObject({ status: 'draft', scheduled_at: null });
    },
  );

  it('scheduled_at on a leap day is accepted as that day', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'leap day' });
    const response = await patch(variant, { scheduled_at: '2032-02-29T23:30:00-01:00' });
    expect(response.status).toBe(200);
    expect(response.body.scheduled_at).toBe('2032-03-01T00:30:00.000Z');
  });

  it('a PATCH with no known field gets 400', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'x' });
    const response = await patch(variant, { colour: 'blue' });
    expect(response.status).toBe(400);
  });
});

describe('PATCH content', () => {
  it('PATCH content changes an unpublished variant', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'first' });
    const response = await patch(variant, { content: 'second' });
    expect(response.status).toBe(200);
    expect(response.body.content).toBe('second');
    expect(
      sandbox()
        .inspect.variants(post.id)
        .find((v) => v.id === variant.id)?.content,
    ).toBe('second');
  });

  it('PATCH content keeps a scheduled variant scheduled', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'first' });
    await patch(variant, { scheduled_at: '2031-01-01T00:00:00Z' });
    const response = await patch(variant, { content: 'edited' });
    expect(response.body).toMatchObject({
      content: 'edited',
      status: 'scheduled',
      scheduled_at: '2031-01-01T00:00:00.000Z',
    });
  });

  it('PATCH content of the wrong type gets 400 naming the field', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'first' });
    const response = await patch(variant, { content: 5 });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^content:/);
  });

  it('a published variant can no longer be changed (409), and nothing changes', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'final' });
    await publish(variant);
    const response = await patch(variant, { content: 'too late' });
    expect(response.status).toBe(409);
    expect(
      sandbox()
        .inspect.variants(post.id)
        .find((v) => v.id === variant.id)?.content,
    ).toBe('final');
  });
});

describe('publish and approvals', () => {
  it('publish on a channel without sign-off: published, with platform_post_url', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'now' });
    const response = await publish(variant);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('published');
    expect(response.body.platform_post_url).toMatch(/^https:\/\/.+/);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
  });

  it('publish accepts a body-less POST with Content-Type set', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'linkedin', content: 'no body' });
    const response = await call<Variant>(sandbox(), variantPath(sandbox(), post.id, variant.id, 'publish/'), {
      method: 'POST',
    });
    expect(response.status).toBe(200);
  });

  it('publish a scheduled variant: published now, not again later', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'early' });
    await patch(variant, { scheduled_at: new Date(sandbox().clock.now().getTime() + 5000).toISOString() });
    const response = await publish(variant);
    expect(response.body.status).toBe('published');
    await sandbox().clock.advance(10_000);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
  });

  it('publish on a sign-off channel: no error, status needs_approval, nothing sent', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'bluesky', content: 'review me' });
    expect(variant.social_profile_id).toBe(sandbox().fixtures.profiles.blueskySignOff);
    const response = await publish(variant);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('needs_approval');
    expect(response.body.platform_post_url).toBeNull();
    expect(sandbox().inspect.publishCount(variant.id)).toBe(0);
  });

  it('a released approval publishes the variant', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'bluesky', content: 'approved' });
    await publish(variant);
    sandbox().releaseApproval(variant.id);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
    const list = await call<Variant[]>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/`,
    );
    const read = list.body.find((v) => v.id === variant.id)!;
    expect(read.status).toBe('published');
    expect(read.platform_post_url).toMatch(/^https:\/\//);
  });

  it('releasing a variant that is not waiting for sign-off throws', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'plain' });
    expect(() => sandbox().releaseApproval(variant.id)).toThrow(/sign-off/);
  });

  it('publishing again while waiting for sign-off changes nothing', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'bluesky', content: 'twice' });
    await publish(variant);
    const again = await publish(variant);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('needs_approval');
    expect(sandbox().inspect.publishCount(variant.id)).toBe(0);
  });

  it('a second publish of a published variant answers it unchanged and never sends twice', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'once' });
    const first = await publish(variant);
    const second = await publish(variant);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
  });

  it('publishing a variant without an account gets 400 with a message', async () => {
    const variant = await createVariant(sandbox(), post.id, {
      platform: 'x',
      content: 'no account',
      social_profile_id: null,
    });
    const response = await publish(variant);
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/account/);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(0);
  });

  it('publishing a variant with empty content gets 400 naming content', async () => {
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: '   ' });
    const response = await publish(variant);
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^content:/);
  });

  it('publishing a variant that does not exist gets 404', async () => {
    const response = await call(sandbox(), variantPath(sandbox(), post.id, '987654321', 'publish/'), {
      method: 'POST',
    });
    expect(response.status).toBe(404);
  });
});
