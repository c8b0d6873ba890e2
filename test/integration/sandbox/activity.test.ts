import { describe, expect, it } from 'vitest';
import { call, createPost, createVariant, useSandbox, variantPath } from './helpers';

const sandbox = useSandbox({ manualClock: true, startTime: new Date('2030-03-01T12:00:00Z') });

interface Entry {
  id: string;
  action: string;
  variant_id: string | null;
  actor: string;
}

async function actions(postId: string): Promise<string[]> {
  const response = await call<Entry[]>(
    sandbox(),
    `/api/workspaces/${sandbox().fixtures.workspace}/posts/${postId}/activity/`,
  );
  expect(response.status).toBe(200);
  // Newest first on the wire; read it oldest first.
  return response.body.map((e) => e.action).reverse();
}

describe('post activity: an entry for every change', () => {
  it('creating a post writes an entry', async () => {
    const post = await createPost(sandbox(), 'Audited');
    expect(await actions(post.id)).toEqual(['post.created']);
  });

  it('create, edit, schedule, unschedule and publish each write an entry, newest first', async () => {
    const post = await createPost(sandbox(), 'Lifecycle');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'a' });
    const path = variantPath(sandbox(), post.id, variant.id);
    await call(sandbox(), path, { method: 'PATCH', body: { content: 'b' } });
    await call(sandbox(), path, { method: 'PATCH', body: { scheduled_at: '2030-03-02T00:00:00Z' } });
    await call(sandbox(), path, { method: 'PATCH', body: { scheduled_at: '2030-03-03T00:00:00Z' } });
    await call(sandbox(), path, { method: 'PATCH', body: { scheduled_at: null } });
    await call(sandbox(), variantPath(sandbox(), post.id, variant.id, 'publish/'), { method: 'POST' });
    expect(await actions(post.id)).toEqual([
      'post.created',
      'variant.created',
      'variant.updated',
      'variant.scheduled',
      'variant.rescheduled',
      'variant.unscheduled',
      'variant.published',
    ]);
  });

  it('the scheduler’s publication writes an entry by the scheduler', async () => {
    const post = await createPost(sandbox(), 'Scheduled');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'timed' });
    const due = new Date(sandbox().clock.now().getTime() + 60_000).toISOString();
    await call(sandbox(), variantPath(sandbox(), post.id, variant.id), {
      method: 'PATCH',
      body: { scheduled_at: due },
    });
    await sandbox().clock.advance(60_000);
    const response = await call<Entry[]>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/activity/`,
    );
    expect(response.body[0]).toMatchObject({
      action: 'variant.published',
      actor: 'scheduler',
      variant_id: variant.id,
    });
  });

  it('approval request and release each write an entry', async () => {
    const post = await createPost(sandbox(), 'Sign-off');
    const variant = await createVariant(sandbox(), post.id, { platform: 'bluesky', content: 'check me' });
    await call(sandbox(), variantPath(sandbox(), post.id, variant.id, 'publish/'), { method: 'POST' });
    sandbox().releaseApproval(variant.id);
    expect(await actions(post.id)).toEqual([
      'post.created',
      'variant.created',
      'variant.approval_requested',
      'variant.approval_released',
      'variant.published',
    ]);
  });

  it('changing the account writes an update entry naming social_profile_id', async () => {
    const post = await createPost(sandbox(), 'Account swap');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'swap' });
    await call(sandbox(), variantPath(sandbox(), post.id, variant.id), {
      method: 'PATCH',
      body: { social_profile_id: sandbox().fixtures.profiles.xSecond },
    });
    const response = await call<Array<Entry & { detail: { fields: string[] } }>>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/activity/`,
    );
    expect(response.body[0]).toMatchObject({
      action: 'variant.updated',
      variant_id: variant.id,
      detail: { fields: ['social_profile_id'] },
    });
    expect(response.body).toHaveLength(3);
  });

  it('the scheduler sending a variant to sign-off writes an entry by the scheduler', async () => {
    const post = await createPost(sandbox(), 'Scheduled sign-off');
    const variant = await createVariant(sandbox(), post.id, {
      platform: 'bluesky',
      content: 'due for review',
    });
    await call(sandbox(), variantPath(sandbox(), post.id, variant.id), {
      method: 'PATCH',
      body: { scheduled_at: new Date(sandbox().clock.now().getTime() + 1000).toISOString() },
    });
    await sandbox().clock.advance(1000);
    const response = await call<Entry[]>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/activity/`,
    );
    expect(response.body.map((e) => e.action).reverse()).toEqual([
      'post.created',
      'variant.created',
      'variant.scheduled',
      'variant.approval_requested',
    ]);
    expect(response.body[0]).toMatchObject({ actor: 'scheduler', variant_id: variant.id });
  });

  it('requests that change nothing write no entry', async () => {
    const post = await createPost(sandbox(), 'Quiet');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'same' });
    const path = variantPath(sandbox(), post.id, variant.id);
    await call(sandbox(), path, { method: 'PATCH', body: { content: 'same' } });
    await call(sandbox(), path, { method: 'PATCH', body: { scheduled_at: null } });
    await call(sandbox(), path, { method: 'PATCH', body: { content: 42 } });
    expect(await actions(post.id)).toEqual(['post.created', 'variant.created']);
  });
});
