import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../server/index';
import { call, createPost, useSandbox } from './helpers';

const sandbox = useSandbox();
const postsPattern = '/api/workspaces/:slug/posts/';

afterEach(() => sandbox().faults.clear());

const titles = (): string[] =>
  sandbox()
    .inspect.posts()
    .map((p) => p.title);

describe('faults by route and method', () => {
  it.each([400, 409, 500, 502, 503] as const)(
    'fault status %i: answered with that status and nothing applied',
    async (status) => {
      sandbox().faults.add({ kind: 'status', status, method: 'POST', path: postsPattern });
      const before = sandbox().faults.injected;
      const response = await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`, {
        body: { title: `status ${status}` },
      });
      expect(response.status).toBe(status);
      expect(response.body).toHaveProperty('detail');
      expect(titles()).not.toContain(`status ${status}`);
      expect(sandbox().faults.injected).toBe(before + 1);
    },
  );

  it('fault retry_after: 429 with a Retry-After header in seconds', async () => {
    sandbox().faults.add({ kind: 'retry_after', retryAfterSeconds: 7 });
    const response = await call(sandbox(), '/api/workspaces/');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
  });

  it('fault drop_after_write: no answer, but the change was applied', async () => {
    sandbox().faults.add({ kind: 'drop_after_write', method: 'POST', path: postsPattern, times: 1 });
    await expect(
      call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`, {
        body: { title: 'applied unseen' },
      }),
    ).rejects.toThrow();
    expect(titles().filter((t) => t === 'applied unseen')).toHaveLength(1);
  });

  it('fault drop_after_write on publish: the variant was sent once, the client saw nothing', async () => {
    const post = await createPost(sandbox(), 'Drop publish');
    const created = await call<{ id: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/`,
      { body: { platform: 'x', content: 'lost answer' } },
    );
    sandbox().faults.add({
      kind: 'drop_after_write',
      path: '/api/workspaces/:slug/posts/:post/variants/:v/publish/',
    });
    const path = `/api/workspaces/${sandbox().fixtures.workspace}/posts/${post.id}/variants/${created.body.id}/publish/`;
    await expect(call(sandbox(), path, { method: 'POST' })).rejects.toThrow();
    expect(sandbox().inspect.publishCount(created.body.id)).toBe(1);
  });

  it('fault drop_before_write: no answer and nothing applied', async () => {
    sandbox().faults.add({ kind: 'drop_before_write', method: 'POST', path: postsPattern });
    await expect(
      call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`, {
        body: { title: 'never written' },
      }),
    ).rejects.toThrow();
    expect(titles()).not.toContain('never written');
  });

  it('fault latency: the answer is held back until the delay passes', async () => {
    sandbox().faults.add({ kind: 'latency', latencyMs: 60_000, path: postsPattern, method: 'GET' });
    const abort = new AbortController();
    let settled = false;
    const slow = fetch(`${sandbox().baseUrl}/api/workspaces/${sandbox().fixtures.workspace}/posts/`, {
      headers: { 'X-API-Key': sandbox().token },
      signal: abort.signal,
    }).finally(() => {
      settled = true;
    });
    // Other routes are unaffected and answer while the delayed request still waits.
    const fast = await call(sandbox(), '/api/workspaces/');
    expect(fast.status).toBe(200);
    expect(settled).toBe(false);
    abort.abort();
    await expect(slow).rejects.toThrow();
  });

  it('fault latency: a small delay still answers normally and is counted', async () => {
    const before = sandbox().faults.injected;
    sandbox().faults.add({ kind: 'latency', latencyMs: 5, times: 1 });
    const response = await call(sandbox(), '/api/workspaces/');
    expect(response.status).toBe(200);
    expect(sandbox().faults.injected).toBe(before + 1);
  });

  it('faults match by method: a POST rule leaves GET alone', async () => {
    sandbox().faults.add({ kind: 'status', status: 500, method: 'POST', path: postsPattern });
    const response = await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`);
    expect(response.status).toBe(200);
  });

  it('faults match by path pattern and by RegExp', async () => {
    sandbox().faults.add({ kind: 'status', status: 502, path: /\/skills\/$/ });
    const skills = await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/skills/`);
    const posts = await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`);
    expect(skills.status).toBe(502);
    expect(posts.status).toBe(200);
  });

  it('faults fire at most `times` times', async () => {
    sandbox().faults.add({ kind: 'status', status: 503, times: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(sandbox(), '/api/workspaces/')).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
  });

  it('faults can be removed one by one and cleared', async () => {
    const id = sandbox().faults.add({ kind: 'status', status: 500 });
    expect((await call(sandbox(), '/api/workspaces/')).status).toBe(500);
    sandbox().faults.remove(id);
    expect((await call(sandbox(), '/api/workspaces/')).status).toBe(200);
    sandbox().faults.add({ kind: 'status', status: 500 });
    sandbox().faults.clear();
    expect((await call(sandbox(), '/api/workspaces/')).status).toBe(200);
  });

  it('faults reject an invalid rule', () => {
    expect(() => sandbox().faults.add({ kind: 'status', status: 404 as 500 })).toThrow(/500, 502 or 503/);
    expect(() => sandbox().faults.add({ kind: 'latency' })).toThrow(/latencyMs/);
  });

  it('fault probability draws from a seeded PRNG: the same seed gives the same pattern', async () => {
    async function pattern(): Promise<number[]> {
      const sb = await startSandbox();
      try {
        sb.faults.setSeed(42);
        sb.faults.add({ kind: 'status', status: 500, probability: 0.5 });
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) statuses.push((await call(sb, '/api/workspaces/')).status);
        expect(sb.faults.injected).toBe(statuses.filter((s) => s === 500).length);
        return statuses;
      } finally {
        await sb.close();
      }
    }
    const first = await pattern();
    const second = await pattern();
    expect(second).toEqual(first);
    expect(first).toContain(500);
    expect(first).toContain(200);
  });

  it('stats count requests by route and can be reset', async () => {
    sandbox().stats.reset();
    await call(sandbox(), '/api/workspaces/');
    await call(sandbox(), '/api/workspaces/');
    await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`);
    expect(sandbox().stats.requests).toBe(3);
    expect(sandbox().stats.byRoute()).toEqual({
      'GET /api/workspaces/': 2,
      'GET /api/workspaces/:slug/posts/': 1,
    });
    sandbox().stats.reset();
    expect(sandbox().stats.requests).toBe(0);
  });
});
