import { describe, expect, it } from 'vitest';
import { call, useSandbox, type Post } from './helpers';

const sandbox = useSandbox();

describe('workspace membership and visibility', () => {
  it('GET /api/workspaces/ lists only the caller’s workspaces', async () => {
    const f = sandbox().fixtures;
    const response = await call<Array<{ slug: string }>>(sandbox(), '/api/workspaces/');
    expect(response.status).toBe(200);
    expect(response.body.map((w) => w.slug).sort()).toEqual([f.workspace, f.secondWorkspace].sort());
  });

  it('another member sees their own set of workspaces', async () => {
    const f = sandbox().fixtures;
    const response = await call<Array<{ slug: string }>>(sandbox(), '/api/workspaces/', {
      token: sandbox().otherToken,
    });
    expect(response.body.map((w) => w.slug).sort()).toEqual([f.foreignWorkspace, f.workspace].sort());
  });

  it('another workspace’s slug gets 404', async () => {
    const f = sandbox().fixtures;
    for (const path of [
      `/api/workspaces/${f.foreignWorkspace}/posts/`,
      `/api/workspaces/${f.foreignWorkspace}/posts/${f.posts.foreign}/`,
      `/api/workspaces/${f.foreignWorkspace}/social-profiles/`,
      `/api/workspaces/${f.foreignWorkspace}/skills/`,
    ]) {
      const response = await call(sandbox(), path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toHaveProperty('detail');
    }
  });

  it('a write into another workspace gets 404 and creates nothing', async () => {
    const f = sandbox().fixtures;
    const before = sandbox().inspect.posts(f.foreignWorkspace).length;
    const response = await call(sandbox(), `/api/workspaces/${f.foreignWorkspace}/posts/`, {
      body: { title: 'intrusion' },
    });
    expect(response.status).toBe(404);
    expect(sandbox().inspect.posts(f.foreignWorkspace)).toHaveLength(before);
  });

  it('a slug that does not exist gets 404', async () => {
    const response = await call(sandbox(), '/api/workspaces/no-such-workspace/posts/');
    expect(response.status).toBe(404);
  });

  it('another member’s private post is never listed (bare array and envelope)', async () => {
    const f = sandbox().fixtures;
    const bare = await call<Post[]>(sandbox(), `/api/workspaces/${f.workspace}/posts/`);
    expect(bare.body.map((p) => p.id)).not.toContain(f.posts.otherPrivate);
    const envelope = await call<{ results: Post[]; count: number }>(
      sandbox(),
      `/api/workspaces/${f.workspace}/posts/?limit=100`,
    );
    expect(envelope.body.results.map((p) => p.id)).not.toContain(f.posts.otherPrivate);
    expect(envelope.body.count).toBe(bare.body.length);
    // It does exist on the server:
    expect(
      sandbox()
        .inspect.posts(f.workspace)
        .map((p) => p.id),
    ).toContain(f.posts.otherPrivate);
  });

  it('another member’s private post is 404 by id, and so are its variants and activity', async () => {
    const f = sandbox().fixtures;
    const base = `/api/workspaces/${f.workspace}/posts/${f.posts.otherPrivate}`;
    for (const path of [`${base}/`, `${base}/variants/`, `${base}/activity/`]) {
      expect((await call(sandbox(), path)).status, path).toBe(404);
    }
    const publish = await call(sandbox(), `${base}/variants/${f.variants.otherPrivateX}/publish/`, {
      method: 'POST',
    });
    expect(publish.status).toBe(404);
    expect(sandbox().inspect.publishCount(f.variants.otherPrivateX)).toBe(0);
  });

  it('another member’s private post cannot be written through: PATCH and new variants get 404', async () => {
    const f = sandbox().fixtures;
    const base = `/api/workspaces/${f.workspace}/posts/${f.posts.otherPrivate}`;
    const before = sandbox().inspect.variants(f.posts.otherPrivate);
    const patched = await call(sandbox(), `${base}/variants/${f.variants.otherPrivateX}/`, {
      method: 'PATCH',
      body: { content: 'overwritten', scheduled_at: '2030-01-01T00:00:00Z' },
    });
    expect(patched.status).toBe(404);
    const created = await call(sandbox(), `${base}/variants/`, {
      body: { platform: 'x', content: 'sneaky' },
    });
    expect(created.status).toBe(404);
    const paged = await call(sandbox(), `${base}/activity/?limit=10`);
    expect(paged.status).toBe(404);
    expect(sandbox().inspect.variants(f.posts.otherPrivate)).toEqual(before);
  });

  it('the owner sees their own private post', async () => {
    const f = sandbox().fixtures;
    const response = await call<Post>(
      sandbox(),
      `/api/workspaces/${f.workspace}/posts/${f.posts.otherPrivate}/`,
      {
        token: sandbox().otherToken,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(f.posts.otherPrivate);
  });

  it('another member’s shared post is visible', async () => {
    const f = sandbox().fixtures;
    const response = await call<Post[]>(sandbox(), `/api/workspaces/${f.workspace}/posts/`);
    expect(response.body.map((p) => p.id)).toContain(f.posts.otherShared);
  });

  it('a post of another workspace is not reachable through the caller’s own slug', async () => {
    const f = sandbox().fixtures;
    const response = await call(sandbox(), `/api/workspaces/${f.workspace}/posts/${f.posts.second}/`);
    expect(response.status).toBe(404);
  });

  it('a post created private by the caller is hidden from other members', async () => {
    const f = sandbox().fixtures;
    const created = await call<Post>(sandbox(), `/api/workspaces/${f.workspace}/posts/`, {
      body: { title: 'mine only', visibility: 'private' },
    });
    expect(created.status).toBe(201);
    const asOther = await call(sandbox(), `/api/workspaces/${f.workspace}/posts/${created.body.id}/`, {
      token: sandbox().otherToken,
    });
    expect(asOther.status).toBe(404);
  });
});
