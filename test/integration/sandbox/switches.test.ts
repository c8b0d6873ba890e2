import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../server/index';
import { call, createPost, createVariant, useSandbox, variantPath, type Variant } from './helpers';

describe('switchable choices: status strings', () => {
  const sandbox = useSandbox({
    manualClock: true,
    startTime: new Date('2030-01-01T00:00:00Z'),
    statusStrings: { scheduled: 'queued', published: 'sent' },
  });

  it('scheduled status string can be switched (here: queued)', async () => {
    const post = await createPost(sandbox(), 'Strings');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'x' });
    const response = await call<Variant>(sandbox(), variantPath(sandbox(), post.id, variant.id), {
      method: 'PATCH',
      body: { scheduled_at: '2030-01-02T00:00:00Z' },
    });
    expect(response.body.status).toBe('queued');
  });

  it('published status string can be switched (here: sent); draft and needs_approval stay', async () => {
    const post = await createPost(sandbox(), 'Strings');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'x' });
    expect(variant.status).toBe('draft');
    const published = await call<Variant>(
      sandbox(),
      variantPath(sandbox(), post.id, variant.id, 'publish/'),
      {
        method: 'POST',
      },
    );
    expect(published.body.status).toBe('sent');
    expect(published.body.platform_post_url).toMatch(/^https:\/\//);
    const signOff = await createVariant(sandbox(), post.id, { platform: 'bluesky', content: 'y' });
    const waiting = await call<Variant>(sandbox(), variantPath(sandbox(), post.id, signOff.id, 'publish/'), {
      method: 'POST',
    });
    expect(waiting.body.status).toBe('needs_approval');
  });
});

describe('switchable choices: error body shape', () => {
  const sandbox = useSandbox({ errorShape: 'nested' });

  it('the nested error shape is {"error": {"code", "message"}}', async () => {
    const response = await call<{ error: { code: string; message: string } }>(sandbox(), '/api/workspaces/', {
      token: null,
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
    expect(typeof response.body.error.message).toBe('string');
    expect(response.body).not.toHaveProperty('detail');
  });

  it('a 400 in the nested shape still names the field', async () => {
    const response = await call<{ error: { code: string; message: string } }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/?limit=x`,
    );
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/limit/);
  });
});

describe('switchable choices: id format', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const sandbox = useSandbox({ idFormat: 'uuid' });

  it('ids can be UUIDs: created posts and variants', async () => {
    const post = await createPost(sandbox(), 'UUID');
    expect(post.id).toMatch(uuid);
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'x' });
    expect(variant.id).toMatch(uuid);
    expect(variant.social_profile_id).toBe(sandbox().fixtures.profiles.xDefault);
    expect(variant.social_profile_id).toMatch(uuid);
  });

  it('ids can be UUIDs: seeded rows, reachable by the fixtures of the handle', async () => {
    const f = sandbox().fixtures;
    expect(f.posts.launch).toMatch(uuid);
    const response = await call<{ id: string }>(
      sandbox(),
      `/api/workspaces/${f.workspace}/posts/${f.posts.launch}/`,
    );
    expect(response.body.id).toBe(f.posts.launch);
  });
});

describe('switchable choices: id format default', () => {
  const sandbox = useSandbox();

  it('ids are numeric strings by default, and one sequence spans every resource', async () => {
    const post = await createPost(sandbox(), 'Numeric');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'x' });
    expect(post.id).toMatch(/^\d+$/);
    expect(variant.id).toMatch(/^\d+$/);
    // A post id used as a variant id finds nothing rather than some other row.
    const crossed = await call(sandbox(), variantPath(sandbox(), post.id, post.id), {
      method: 'PATCH',
      body: { content: 'x' },
    });
    expect(crossed.status).toBe(404);
  });
});

describe('switchable choices: ids as JSON numbers', () => {
  const sandbox = useSandbox({ idType: 'number' });

  it('ids can come as JSON numbers, and a number sent back as social_profile_id is understood', async () => {
    const f = sandbox().fixtures;
    const profiles = await call<Array<{ id: unknown }>>(
      sandbox(),
      `/api/workspaces/${f.workspace}/social-profiles/`,
    );
    expect(profiles.body.every((p) => typeof p.id === 'number')).toBe(true);
    const post = await call<{ id: unknown }>(sandbox(), `/api/workspaces/${f.workspace}/posts/`, {
      body: { title: 'n' },
    });
    expect(typeof post.body.id).toBe('number');
    const variant = await call<{ id: unknown; post_id: unknown; social_profile_id: unknown }>(
      sandbox(),
      `/api/workspaces/${f.workspace}/posts/${String(post.body.id)}/variants/`,
      { body: { platform: 'x', content: 'n', social_profile_id: Number(f.profiles.xSecond) } },
    );
    expect(variant.status).toBe(201);
    expect(variant.body).toMatchObject({
      post_id: post.body.id,
      social_profile_id: Number(f.profiles.xSecond),
    });
    expect(typeof variant.body.id).toBe('number');
  });
});

describe('persistence', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a SQLite file keeps posts, tokens and the id format across restarts', async () => {
    const file = join(dir, 'service.db');
    const first = await startSandbox({ dataFile: file, idFormat: 'uuid' });
    const post = await createPost(first, 'Survives restart');
    const token = first.token;
    await first.close();

    const second = await startSandbox({ dataFile: file, idFormat: 'numeric' });
    try {
      expect(second.token).toBe(token);
      const response = await call<{ id: string; title: string }>(
        second,
        `/api/workspaces/${second.fixtures.workspace}/posts/${post.id}/`,
      );
      expect(response.status).toBe(200);
      expect(response.body.title).toBe('Survives restart');
      expect(second.fixtures.posts.launch).toBe(first.fixtures.posts.launch);
    } finally {
      await second.close();
    }
  });
});

describe('switchable choices: the order of the posts list', () => {
  const sandbox = useSandbox({ postOrder: 'oldest_first' });

  it('posts can be listed oldest first, in the envelope and the bare array alike', async () => {
    const first = await createPost(sandbox(), 'Older');
    const second = await createPost(sandbox(), 'Newer');
    const path = `/api/workspaces/${sandbox().fixtures.workspace}/posts/`;
    const bare = await call<Array<{ id: string }>>(sandbox(), path);
    const ids = bare.body.map((p) => p.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.at(-1)).toBe(second.id);
    const page = await call<{ results: Array<{ id: string }>; count: number }>(
      sandbox(),
      `${path}?limit=1&offset=${bare.body.length - 1}`,
    );
    expect(page.body.results.map((p) => p.id)).toEqual([second.id]);
  });
});

describe('the service’s own app deletes a post', () => {
  const sandbox = useSandbox();

  it('it leaves the listing and its routes answer 404', async () => {
    const post = await createPost(sandbox(), 'Deleted elsewhere');
    await createVariant(sandbox(), post.id, { platform: 'x', content: 'x' });
    const path = `/api/workspaces/${sandbox().fixtures.workspace}/posts/`;
    const before = await call<{ count: number }>(sandbox(), `${path}?limit=1`);
    sandbox().deletePost(post.id);
    const after = await call<{ count: number; results: Array<{ id: string }> }>(
      sandbox(),
      `${path}?limit=100`,
    );
    expect(after.body.count).toBe(before.body.count - 1);
    expect(after.body.results.map((p) => p.id)).not.toContain(post.id);
    expect((await call(sandbox(), `${path}${post.id}/`)).status).toBe(404);
    expect((await call(sandbox(), `${path}${post.id}/variants/`)).status).toBe(404);
  });
});
