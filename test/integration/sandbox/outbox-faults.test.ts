// The sandbox behaviours the outbox reliability scenarios stand on: answers cut off or
// replaced after the write was committed, a look-alike made at the same moment, workspace access
// taken away per user, a publish made elsewhere, a lax service that lets a PATCH overwrite a
// published variant, and an answer over a client's size limit. Over real HTTP.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { call, createPost, createVariant, useSandbox, variantPath, type Post, type Variant } from './helpers';

const POSTS = '/api/workspaces/:slug/posts/';
const VARIANTS = '/api/workspaces/:slug/posts/:post_id/variants/';

async function control<T = Record<string, unknown>>(
  sb: SandboxHandle,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sb.baseUrl}/_control/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Control-Key': sb.controlKey },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** One raw request: the status, headers and the bytes that arrived before the socket ended. */
function rawPost(
  sb: SandboxHandle,
  path: string,
  body: unknown,
): Promise<{ status: number; contentLength: number; received: Buffer; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const url = new URL(sb.baseUrl + path);
    const text = JSON.stringify(body);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: {
          'X-API-Key': sb.token,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            contentLength: Number(res.headers['content-length']),
            received: Buffer.concat(chunks),
            complete: res.complete,
          });
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', done);
        res.on('aborted', done);
        res.on('error', done);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('answers cut off after the write (faults)', () => {
  const sandbox = useSandbox();
  afterEach(() => sandbox().faults.clear());
  const postsPath = () => `/api/workspaces/${sandbox().fixtures.workspace}/posts/`;
  const titled = (title: string) =>
    sandbox()
      .inspect.posts()
      .filter((p) => p.title === title);

  it('fault garbage_after_write: the normal 2xx status, a complete body that is not JSON, the change applied', async () => {
    sandbox().faults.add({ kind: 'garbage_after_write', method: 'POST', path: POSTS, times: 1 });
    const response = await fetch(sandbox().baseUrl + postsPath(), {
      method: 'POST',
      headers: { 'X-API-Key': sandbox().token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'garbage answer' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await response.text();
    expect(text).toMatch(/^<!doctype html>/);
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(titled('garbage answer')).toHaveLength(1);
    // Only once: the next request is answered normally.
    expect((await call(sandbox(), postsPath())).status).toBe(200);
  });

  it('fault truncate_after_write: 2xx headers with the full Content-Length, part of the JSON, then the socket is gone', async () => {
    sandbox().faults.add({ kind: 'truncate_after_write', method: 'POST', path: POSTS, times: 1 });
    const answer = await rawPost(sandbox(), postsPath(), { title: 'truncated answer' });
    expect(answer.status).toBe(201);
    expect(answer.complete).toBe(false);
    expect(answer.received.length).toBeGreaterThan(0);
    expect(answer.received.length).toBeLessThan(answer.contentLength);
    expect(answer.received.toString('utf8').startsWith('{"id":')).toBe(true);
    expect(titled('truncated answer')).toHaveLength(1);
  });

  it('fault truncate_after_write through fetch: the status arrives, reading the body fails', async () => {
    sandbox().faults.add({ kind: 'truncate_after_write', method: 'POST', path: POSTS, times: 1 });
    const response = await fetch(sandbox().baseUrl + postsPath(), {
      method: 'POST',
      headers: { 'X-API-Key': sandbox().token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'truncated for fetch' }),
    });
    expect(response.status).toBe(201);
    await expect(response.text()).rejects.toThrow();
    expect(titled('truncated for fetch')).toHaveLength(1);
  });

  it('faults after the write leave a refused request alone: a 400 is answered as usual', async () => {
    sandbox().faults.add({ kind: 'garbage_after_write', method: 'POST', path: POSTS, times: 1 });
    const response = await call(sandbox(), postsPath(), { body: { title: 42 } });
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('detail');
  });

  it('fault oversize_answer: a 2xx answer of valid JSON larger than the given bytes (default 11 MiB)', async () => {
    sandbox().faults.add({ kind: 'oversize_answer', method: 'GET', path: '/api/workspaces/', times: 1 });
    const response = await fetch(`${sandbox().baseUrl}/api/workspaces/`, {
      headers: { 'X-API-Key': sandbox().token },
    });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(11 * 1024 * 1024);
    const body = (await response.json()) as Array<{ slug: string }>;
    expect(body.map((w) => w.slug)).toEqual(['acme', 'side-project']);
  });

  it('fault oversize_answer on a write: applied, and the answer (the created post) is over `bytes`', async () => {
    sandbox().faults.add({ kind: 'oversize_answer', method: 'POST', path: POSTS, bytes: 4096, times: 1 });
    const response = await call<Post>(sandbox(), postsPath(), { body: { title: 'oversize write' } });
    expect(response.status).toBe(201);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(4096);
    expect(response.body.title).toBe('oversize write');
    expect(titled('oversize write')).toHaveLength(1);
  });

  it('the new fault kinds are checked and listed over the control surface', async () => {
    const sb = await startSandbox({ control: true });
    try {
      expect((await control(sb, 'POST', 'faults/', { kind: 'oversize_answer', bytes: -1 })).status).toBe(400);
      expect((await control(sb, 'POST', 'faults/', { kind: 'truncate_before_write' })).status).toBe(400);
      for (const kind of ['garbage_after_write', 'truncate_after_write', 'lookalike_after_write']) {
        expect((await control(sb, 'POST', 'faults/', { kind, path: POSTS })).status).toBe(200);
      }
      expect((await control(sb, 'POST', 'faults/', { kind: 'oversize_answer', bytes: 100 })).status).toBe(
        200,
      );
      const listed = await control<{ faults: Array<{ kind: string; bytes?: number }> }>(sb, 'GET', 'faults/');
      expect(listed.body.faults.map((f) => f.kind)).toEqual([
        'garbage_after_write',
        'truncate_after_write',
        'lookalike_after_write',
        'oversize_answer',
      ]);
      expect(listed.body.faults[3]?.bytes).toBe(100);
    } finally {
      await sb.close();
    }
  });
});

describe('a look-alike made at the same moment (faults)', () => {
  const sandbox = useSandbox();
  afterEach(() => sandbox().faults.clear());

  it("fault lookalike_after_write on create post: ours and bob's identical post, both visible, no answer", async () => {
    const slug = sandbox().fixtures.workspace;
    sandbox().faults.add({ kind: 'lookalike_after_write', method: 'POST', path: POSTS, times: 1 });
    await expect(
      call(sandbox(), `/api/workspaces/${slug}/posts/`, { body: { title: 'Twin launch' } }),
    ).rejects.toThrow();
    const twins = sandbox()
      .inspect.posts(slug)
      .filter((p) => p.title === 'Twin launch');
    expect(twins.map((p) => p.owner).sort()).toEqual(['alice', 'bob']);
    const listed = await call<Post[]>(sandbox(), `/api/workspaces/${slug}/posts/`);
    expect(listed.body.filter((p) => p.title === 'Twin launch')).toHaveLength(2);
  });

  it('fault lookalike_after_write on create variant: two identical variants on the same post, no answer', async () => {
    const slug = sandbox().fixtures.workspace;
    const post = await createPost(sandbox(), 'Twin variants');
    sandbox().faults.add({ kind: 'lookalike_after_write', method: 'POST', path: VARIANTS, times: 1 });
    await expect(
      call(sandbox(), `/api/workspaces/${slug}/posts/${post.id}/variants/`, {
        body: { platform: 'x', content: 'same words' },
      }),
    ).rejects.toThrow();
    const variants = await call<Variant[]>(sandbox(), `/api/workspaces/${slug}/posts/${post.id}/variants/`);
    expect(variants.body).toHaveLength(2);
    expect(new Set(variants.body.map((v) => `${v.platform}|${v.content}|${v.social_profile_id}`)).size).toBe(
      1,
    );
    const activity = await call<Array<{ action: string; actor: string }>>(
      sandbox(),
      `/api/workspaces/${slug}/posts/${post.id}/activity/`,
    );
    expect(
      activity.body
        .filter((a) => a.action === 'variant.created')
        .map((a) => a.actor)
        .sort(),
    ).toEqual(['alice', 'bob']);
  });

  it('fault lookalike_after_write elsewhere acts as drop_after_write: applied once, no answer', async () => {
    const post = await createPost(sandbox(), 'Lookalike elsewhere');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'before' });
    sandbox().faults.add({ kind: 'lookalike_after_write', method: 'PATCH', times: 1 });
    await expect(
      call(sandbox(), variantPath(sandbox(), post.id, variant.id), {
        method: 'PATCH',
        body: { content: 'after' },
      }),
    ).rejects.toThrow();
    expect(
      sandbox()
        .inspect.variants(post.id)
        .map((v) => v.content),
    ).toEqual(['after']);
  });
});

describe('workspace access per user (section 5: workspace membership)', () => {
  const sandbox = useSandbox({ control: true });
  afterEach(() => {
    for (const user of ['alice', 'bob']) sandbox().setWorkspaceAccess('acme', user, 'ok');
  });
  const slugs = async (token?: string) =>
    (await call<Array<{ slug: string }>>(sandbox(), '/api/workspaces/', token ? { token } : {})).body.map(
      (w) => w.slug,
    );

  it('forbidden: every route of the workspace answers 403 for that user, the workspace is still listed', async () => {
    const f = sandbox().fixtures;
    const countBefore = sandbox().inspect.posts('acme').length;
    sandbox().setWorkspaceAccess('acme', 'alice', 'forbidden');
    const ws = `/api/workspaces/${f.workspace}`;
    for (const path of [
      `${ws}/posts/`,
      `${ws}/posts/${f.posts.launch}/`,
      `${ws}/social-profiles/`,
      `${ws}/skills/`,
    ]) {
      const response = await call(sandbox(), path);
      expect(response.status, path).toBe(403);
      expect(response.body).toHaveProperty('detail');
    }
    expect((await call(sandbox(), `${ws}/posts/`, { body: { title: 'refused' } })).status).toBe(403);
    expect(sandbox().inspect.posts('acme')).toHaveLength(countBefore);
    expect(await slugs()).toEqual(['acme', 'side-project']);
    // Only alice lost it; bob and alice's other workspace are untouched.
    expect((await call(sandbox(), `${ws}/posts/`, { token: sandbox().otherToken })).status).toBe(200);
    expect((await call(sandbox(), '/api/workspaces/side-project/posts/')).status).toBe(200);
  });

  it('not_found: the routes answer 404 and the workspace is absent from the list; ok brings it back intact', async () => {
    const f = sandbox().fixtures;
    const before = await call<Post[]>(sandbox(), `/api/workspaces/${f.workspace}/posts/`);
    sandbox().setWorkspaceAccess('acme', 'alice', 'not_found');
    expect((await call(sandbox(), `/api/workspaces/${f.workspace}/posts/`)).status).toBe(404);
    expect((await call(sandbox(), `/api/workspaces/${f.workspace}/posts/${f.posts.launch}/`)).status).toBe(
      404,
    );
    expect(await slugs()).toEqual(['side-project']);
    expect(await slugs(sandbox().otherToken)).toContain('acme');
    sandbox().setWorkspaceAccess('acme', 'alice', 'ok');
    expect(await slugs()).toEqual(['acme', 'side-project']);
    const after = await call<Post[]>(sandbox(), `/api/workspaces/${f.workspace}/posts/`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it('over the control surface: POST /_control/workspaces/<slug>/access/ {user?, access}, default user alice', async () => {
    const set = await control(sandbox(), 'POST', 'workspaces/acme/access/', { access: 'forbidden' });
    expect(set).toEqual({ status: 200, body: { slug: 'acme', user: 'alice', access: 'forbidden' } });
    expect((await call(sandbox(), '/api/workspaces/acme/posts/')).status).toBe(403);
    const bob = await control(sandbox(), 'POST', 'workspaces/acme/access/', {
      user: 'bob',
      access: 'not_found',
    });
    expect(bob.body).toEqual({ slug: 'acme', user: 'bob', access: 'not_found' });
    expect(
      (await call(sandbox(), '/api/workspaces/acme/posts/', { token: sandbox().otherToken })).status,
    ).toBe(404);
    expect((await control(sandbox(), 'POST', 'workspaces/acme/access/', { access: 'ok' })).status).toBe(200);
    expect((await call(sandbox(), '/api/workspaces/acme/posts/')).status).toBe(200);
    expect((await control(sandbox(), 'POST', 'workspaces/acme/access/', { access: 'gone' })).status).toBe(
      400,
    );
    // alice is not a member of globex: there is no access of hers to change.
    expect(
      (await control(sandbox(), 'POST', 'workspaces/globex/access/', { access: 'forbidden' })).status,
    ).toBe(400);
  });
});

describe('published by someone else, and a lax service (section 3: states)', () => {
  const sandbox = useSandbox({ control: true });
  afterEach(() => sandbox().setPatchPublished('refuse'));

  it('handle.publishAs: the variant is published now by bob, once', async () => {
    const post = await createPost(sandbox(), 'Published elsewhere');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'theirs to send' });
    sandbox().publishAs(variant.id);
    const [seen] = sandbox().inspect.variants(post.id);
    expect(seen?.status).toBe('published');
    expect(seen?.platform_post_url).toMatch(/^https:\/\/social\.example\//);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
    const activity = await call<Array<{ action: string; actor: string }>>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/activity/`,
    );
    expect(activity.body.find((a) => a.action === 'variant.published')?.actor).toBe('bob');
  });

  it('POST /_control/variants/<id>/publish/ {user?}: default bob, answers the variant with publish_count', async () => {
    const post = await createPost(sandbox(), 'Published over control');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'control publish' });
    const published = await control<{ status: string; publish_count: number }>(
      sandbox(),
      'POST',
      `variants/${variant.id}/publish/`,
      {},
    );
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    expect(published.body.publish_count).toBe(1);
    // A second publish sends nothing again, as over the API.
    await control(sandbox(), 'POST', `variants/${variant.id}/publish/`, { user: 'alice' });
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
    expect((await control(sandbox(), 'POST', 'variants/999999/publish/', {})).status).toBe(404);
  });

  it('patchPublished refuse (default): PATCH of a published variant is 409; every PATCH is counted', async () => {
    const post = await createPost(sandbox(), 'Refuse patch');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'sent words' });
    const path = variantPath(sandbox(), post.id, variant.id);
    expect((await call(sandbox(), path, { method: 'PATCH', body: { content: 'draft edit' } })).status).toBe(
      200,
    );
    sandbox().publishAs(variant.id);
    expect((await call(sandbox(), path, { method: 'PATCH', body: { content: 'too late' } })).status).toBe(
      409,
    );
    expect(sandbox().inspect.variants(post.id)[0]?.content).toBe('draft edit');
    expect(sandbox().inspect.patchCount(variant.id)).toBe(2);
    const inspected = await control<{ patch_count: number; publish_count: number }>(
      sandbox(),
      'GET',
      `inspect/variants/${variant.id}/`,
    );
    expect(inspected.body).toMatchObject({ patch_count: 2, publish_count: 1 });
  });

  it("patchPublished accept: a PATCH overwrites a published variant's content (status stays published)", async () => {
    const post = await createPost(sandbox(), 'Accept patch');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'sent words' });
    sandbox().publishAs(variant.id);
    expect(await control(sandbox(), 'POST', 'switches/', { patch_published: 'accept' })).toEqual({
      status: 200,
      body: { patch_published: 'accept', escape_text: 'off', caching_proxy: 'off' },
    });
    expect((await control(sandbox(), 'GET', 'switches/')).body).toEqual({
      patch_published: 'accept',
      escape_text: 'off',
      caching_proxy: 'off',
    });
    const path = variantPath(sandbox(), post.id, variant.id);
    const patched = await call<Variant>(sandbox(), path, {
      method: 'PATCH',
      body: { content: 'overwritten' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ content: 'overwritten', status: 'published' });
    // A schedule of something already gone is still refused.
    const scheduled = await call(sandbox(), path, {
      method: 'PATCH',
      body: { scheduled_at: '2031-01-01T00:00:00Z' },
    });
    expect(scheduled.status).toBe(409);
    expect(sandbox().inspect.patchCount(variant.id)).toBe(2);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
    expect((await control(sandbox(), 'POST', 'switches/', { patch_published: 'maybe' })).status).toBe(400);
  });

  it('patchPublished as an option of startSandbox, and switched back at run time', async () => {
    const sb = await startSandbox({ patchPublished: 'accept' });
    try {
      const post = await createPost(sb, 'Option accept');
      const variant = await createVariant(sb, post.id, { platform: 'x', content: 'one' });
      sb.publishAs(variant.id, 'alice');
      const path = variantPath(sb, post.id, variant.id);
      expect((await call(sb, path, { method: 'PATCH', body: { content: 'two' } })).status).toBe(200);
      sb.setPatchPublished('refuse');
      expect((await call(sb, path, { method: 'PATCH', body: { content: 'three' } })).status).toBe(409);
      expect(sb.inspect.variants(post.id)[0]?.content).toBe('two');
    } finally {
      await sb.close();
    }
  });
});
