// Colleagues' changes within a minute, with nothing pressed. The core runs on
// virtual time with its production light-sync interval; the test moves time to the interval's
// next tick and waits for the sync that tick starts (an event), never for the time itself. The
// colleague is the sandbox's second member, writing through the API with a token of their own.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_INTERVAL_MS } from '../../../src-main/core/app/create-app-core';
import type { TestCore } from './helpers';
import { asColleague, closeFresh, connected, nextIntervalSync, syncAfter } from './freshness-helpers';

afterEach(closeFresh);

const titles = async (c: TestCore, workspace: string) =>
  (await c.call('posts.list', { workspace })).map((p) => p.title);

describe('colleagues’ changes within a minute', () => {
  it('the light sync’s interval is under a minute', () => {
    expect(DEFAULT_SYNC_INTERVAL_MS).toBeLessThan(60_000);
  });

  it.each(['newest_first', 'oldest_first'] as const)(
    'a post a colleague creates shows after the next light sync, with its variant (list order %s)',
    async (postOrder) => {
      const f = await connected({ postOrder });
      const ws = f.s.fixtures.workspace;
      const post = await asColleague(f.s, 'POST', `/api/workspaces/${ws}/posts/`, { title: 'From Bob' });
      await asColleague(f.s, 'POST', `/api/workspaces/${ws}/posts/${post.id}/variants/`, {
        platform: 'x',
        content: 'Written by Bob',
      });
      expect(await titles(f.c, ws)).not.toContain('From Bob');

      const status = await nextIntervalSync(f);
      const seen = (await f.c.call('posts.list', { workspace: ws })).find((p) => p.title === 'From Bob');
      expect(seen?.serverId).toBe(post.id);
      const detail = await f.c.call('posts.get', { id: seen!.id });
      expect(detail.variants.map((v) => v.content)).toEqual(['Written by Bob']);
      expect(status.lastReadAt).toBe(f.time.now().toISOString());
      expect(status.unreadWorkspaces).toEqual([]);
    },
  );

  it('a light sync with nothing new costs one small request per workspace', async () => {
    const f = await connected();
    f.requests.length = 0;
    await nextIntervalSync(f);
    const workspaces = (await f.c.call('workspaces.list', undefined)).filter((w) => w.slug !== null);
    expect(f.requests.sort()).toEqual(
      workspaces.map((w) => `GET /api/workspaces/${w.slug}/posts/?limit=1&offset=0`).sort(),
    );
  });

  it('a post removed elsewhere is marked, also when another one takes its place in the count', async () => {
    const f = await connected();
    const ws = f.s.fixtures.workspace;
    const shared = (await f.c.call('posts.list', { workspace: ws })).find(
      (p) => p.serverId === f.s.fixtures.posts.otherShared,
    );
    expect(shared?.state).not.toBe('removed');
    // One gone, one new: the count stays as it was, the first post does not.
    f.s.deletePost(f.s.fixtures.posts.otherShared);
    await asColleague(f.s, 'POST', `/api/workspaces/${ws}/posts/`, { title: 'In its place' });

    await nextIntervalSync(f);
    expect(await titles(f.c, ws)).toContain('In its place');
    const removed = await f.c.call('posts.get', { id: shared!.id });
    expect(removed.state).toBe('removed');
    expect(removed.error).toMatch(/no longer on the service/);
  });

  it('a time set elsewhere on the open post is seen at the next light sync; a post off screen and not due this week waits for the sweep', async () => {
    const f = await connected();
    const { workspace: ws, posts, variants } = f.s.fixtures;
    const list = await f.c.call('posts.list', { workspace: ws });
    const launch = list.find((p) => p.serverId === posts.launch)!;
    await f.c.call('sync.openPost', { postId: launch.id });
    const at = new Date(f.time.now().getTime() + 3 * 24 * 3600_000).toISOString();
    await asColleague(
      f.s,
      'PATCH',
      `/api/workspaces/${ws}/posts/${posts.launch}/variants/${variants.launchX}/`,
      {
        scheduled_at: at,
      },
    );
    // A variant a colleague adds to a post that is not open: not read by a light sync.
    await asColleague(f.s, 'POST', `/api/workspaces/${ws}/posts/${posts.tips}/variants/`, {
      platform: 'linkedin',
      content: 'Bob’s tip',
    });

    await nextIntervalSync(f);
    const open = await f.c.call('posts.get', { id: launch.id });
    const x = open.variants.find((v) => v.serverId === variants.launchX);
    expect(x?.scheduledAt).toBe(at);
    expect(x?.state).toBe('scheduled');
    const tips = list.find((p) => p.serverId === posts.tips)!;
    expect((await f.c.call('posts.get', { id: tips.id })).variants.map((v) => v.content)).not.toContain(
      'Bob’s tip',
    );
  });

  it('a workspace that cannot be checked keeps "read" at the last complete read and names the failing service', async () => {
    const f = await connected();
    const readBefore = f.c.core.status().lastReadAt;
    expect(readBefore).not.toBeNull();
    f.s.faults.add({
      method: 'GET',
      path: '/api/workspaces/side-project/posts/',
      kind: 'status',
      status: 500,
    });

    const status = await nextIntervalSync(f);
    expect(status.unreadWorkspaces.map((w) => w.slug)).toEqual(['side-project']);
    expect(status.lastReadAt).toBe(readBefore);
    expect(status.lastError).toMatch(/^Workspace side-project could not be read/);
    // The next try is the interval's next tick.
    const next = new Date(f.time.now().getTime() + DEFAULT_SYNC_INTERVAL_MS).toISOString();
    expect(status.serviceFailing).toEqual({ status: 500, nextTryAt: next });

    f.s.faults.clear();
    const back = await nextIntervalSync(f);
    expect(back.unreadWorkspaces).toEqual([]);
    expect(back.serviceFailing).toBeNull();
    expect(back.lastReadAt).toBe(f.time.now().toISOString());
  });

  it('a service answering 503 with Retry-After is left alone until then, and the status says when', async () => {
    const f = await connected();
    const readBefore = f.c.core.status().lastReadAt;
    const rule = f.s.faults.add({ kind: 'status', status: 503, retryAfterSeconds: 120 });
    const failing = await nextIntervalSync(f);
    const failedAt = f.time.now().getTime();
    expect(failing.serviceFailing).toEqual({
      status: 503,
      nextTryAt: new Date(failedAt + 120_000).toISOString(),
    });
    expect(failing.lastReadAt).toBe(readBefore);

    // The interval's ticks before that time send nothing.
    f.requests.length = 0;
    f.c.events.length = 0;
    f.time.advance(2 * DEFAULT_SYNC_INTERVAL_MS);
    await f.c.waitFor((e) => e.name === 'syncStatus');
    expect(f.requests).toEqual([]);
    expect((await f.c.call('sync.log', { limit: 5 }))[0]?.reason).toMatch(/^The service asked to wait until/);

    // At that time Outpost looks again by itself: the service is back.
    f.s.faults.remove(rule);
    const back = await syncAfter(f, failedAt + 120_000 - f.time.now().getTime());
    expect(back.trigger).toBe('retry or reconcile time');
    expect(back.status.serviceFailing).toBeNull();
    expect(back.status.lastReadAt).toBe(f.time.now().toISOString());
  });
});
