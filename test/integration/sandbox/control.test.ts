import { describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../server/index';
import { call, createPost, createVariant, useSandbox, variantPath } from './helpers';

async function control<T = Record<string, unknown>>(
  sb: SandboxHandle,
  method: string,
  path: string,
  body?: unknown,
  key: string | null = sb.controlKey,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key !== null) headers['X-Control-Key'] = key;
  const response = await fetch(`${sb.baseUrl}/_control/${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('control surface disabled', () => {
  const sandbox = useSandbox();

  it('the control surface is off unless enabled: 404', async () => {
    const response = await control(sandbox(), 'GET', 'clock/');
    expect(response.status).toBe(404);
  });
});

describe('control surface enabled', () => {
  const sandbox = useSandbox({
    control: true,
    manualClock: true,
    startTime: new Date('2030-05-01T00:00:00Z'),
  });

  it('the control surface needs its own key: an API token is not enough', async () => {
    expect((await control(sandbox(), 'GET', 'clock/', undefined, null)).status).toBe(401);
    expect((await control(sandbox(), 'GET', 'clock/', undefined, sandbox().token)).status).toBe(401);
    expect((await control(sandbox(), 'GET', 'clock/')).status).toBe(200);
  });

  it('control: moving the clock runs the scheduler', async () => {
    const post = await createPost(sandbox(), 'Control clock');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'tick' });
    await call(sandbox(), variantPath(sandbox(), post.id, variant.id), {
      method: 'PATCH',
      body: { scheduled_at: '2030-05-01T01:00:00Z' },
    });
    const moved = await control<{ now: string; scheduler_published: number }>(sandbox(), 'POST', 'clock/', {
      advance_ms: 3600_000,
    });
    expect(moved.body).toEqual({ now: '2030-05-01T01:00:00.000Z', scheduler_published: 1 });
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
    const set = await control<{ now: string }>(sandbox(), 'POST', 'clock/', { set: '2030-06-01T00:00:00Z' });
    expect(set.body.now).toBe('2030-06-01T00:00:00.000Z');
    expect(sandbox().clock.now().toISOString()).toBe('2030-06-01T00:00:00.000Z');
    expect((await control(sandbox(), 'POST', 'clock/', { advance_ms: -5 })).status).toBe(400);
    expect((await control(sandbox(), 'POST', 'clock/', { set: 'soon' })).status).toBe(400);
    expect(sandbox().clock.now().toISOString()).toBe('2030-06-01T00:00:00.000Z');
  });

  it('control: releasing an approval publishes the variant', async () => {
    const post = await createPost(sandbox(), 'Control approval');
    const variant = await createVariant(sandbox(), post.id, { platform: 'bluesky', content: 'sign me off' });
    await call(sandbox(), variantPath(sandbox(), post.id, variant.id, 'publish/'), { method: 'POST' });
    const released = await control<{ status: string; platform_post_url: string }>(
      sandbox(),
      'POST',
      `approvals/${variant.id}/release/`,
    );
    expect(released.status).toBe(200);
    expect(released.body.status).toBe('published');
    const again = await control(sandbox(), 'POST', `approvals/${variant.id}/release/`);
    expect(again.status).toBe(409);
    const inspected = await control<{ publish_count: number }>(
      sandbox(),
      'GET',
      `inspect/variants/${variant.id}/`,
    );
    expect(inspected.body.publish_count).toBe(1);
  });

  it('control: mint and revoke tokens', async () => {
    const minted = await control<{ token: string }>(sandbox(), 'POST', 'tokens/', {});
    expect(minted.body.token).toMatch(/^cps_pat_/);
    expect((await call(sandbox(), '/api/workspaces/', { token: minted.body.token })).status).toBe(200);
    await control(sandbox(), 'POST', 'tokens/revoke/', { token: minted.body.token });
    expect((await call(sandbox(), '/api/workspaces/', { token: minted.body.token })).status).toBe(401);
    const unknown = await control(sandbox(), 'POST', 'tokens/', { user: 'mallory' });
    expect(unknown.status).toBe(400);
  });

  it('control: add, list and clear faults; the control surface itself is never faulted', async () => {
    const added = await control<{ id: string }>(sandbox(), 'POST', 'faults/', {
      kind: 'retry_after',
      retryAfterSeconds: 3,
      path: '/api/workspaces/',
    });
    expect(added.status).toBe(200);
    const limited = await call(sandbox(), '/api/workspaces/');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    const listed = await control<{ faults: Array<{ id: string }>; injected: number }>(
      sandbox(),
      'GET',
      'faults/',
    );
    expect(listed.body.faults.map((f) => f.id)).toEqual([added.body.id]);
    expect(listed.body.injected).toBe(1);
    await control(sandbox(), 'DELETE', 'faults/');
    expect((await call(sandbox(), '/api/workspaces/')).status).toBe(200);
    const invalid = await control(sandbox(), 'POST', 'faults/', { kind: 'status', status: 418 });
    expect(invalid.status).toBe(400);
  });

  it('control: a fault by path_regex can be removed by id', async () => {
    const added = await control<{ id: string }>(sandbox(), 'POST', 'faults/', {
      kind: 'status',
      status: 503,
      path_regex: '/skills/$',
    });
    const path = `/api/workspaces/${sandbox().fixtures.workspace}/skills/`;
    expect((await call(sandbox(), path)).status).toBe(503);
    await control(sandbox(), 'DELETE', `faults/${added.body.id}/`);
    expect((await call(sandbox(), path)).status).toBe(200);
  });

  it('control: an invalid fault rule is a 400 naming the field, never a 500', async () => {
    const badRegex = await control<{ detail: string }>(sandbox(), 'POST', 'faults/', {
      kind: 'status',
      status: 500,
      path_regex: '(unclosed',
    });
    expect(badRegex.status).toBe(400);
    expect(badRegex.body.detail).toMatch(/^path_regex:/);
    const badMethod = await control<{ detail: string }>(sandbox(), 'POST', 'faults/', {
      kind: 'status',
      status: 500,
      method: 7,
    });
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.detail).toMatch(/^method:/);
    const badPath = await control<{ detail: string }>(sandbox(), 'POST', 'faults/', {
      kind: 'status',
      status: 500,
      path: { pattern: '/api/' },
    });
    expect(badPath.status).toBe(400);
    expect(badPath.body.detail).toMatch(/^path:/);
    const listed = await control<{ faults: unknown[] }>(sandbox(), 'GET', 'faults/');
    expect(listed.body.faults).toEqual([]);
    expect((await call(sandbox(), '/api/workspaces/')).status).toBe(200);
  });

  it('control: a fault by route and method drops a write after applying it, and leaves reads alone', async () => {
    const f = sandbox().fixtures;
    const added = await control<{ id: string }>(sandbox(), 'POST', 'faults/', {
      kind: 'drop_after_write',
      method: 'post',
      path: '/api/workspaces/:slug/posts/',
      times: 1,
    });
    expect(added.status).toBe(200);
    const read = await call(sandbox(), `/api/workspaces/${f.workspace}/posts/`);
    expect(read.status).toBe(200);
    await expect(
      call(sandbox(), `/api/workspaces/${f.workspace}/posts/`, { body: { title: 'dropped via control' } }),
    ).rejects.toThrow();
    expect(
      sandbox()
        .inspect.posts(f.workspace)
        .filter((p) => p.title === 'dropped via control'),
    ).toHaveLength(1);
    const listed = await control<{ faults: Array<{ remaining: number }> }>(sandbox(), 'GET', 'faults/');
    expect(listed.body.faults).toEqual([expect.objectContaining({ id: added.body.id, remaining: 0 })]);
    await control(sandbox(), 'DELETE', 'faults/');
  });

  it('control: latency and 500/502 faults can be injected over HTTP', async () => {
    await control(sandbox(), 'POST', 'faults/', { kind: 'latency', latencyMs: 150, method: 'GET', times: 1 });
    const started = Date.now();
    expect((await call(sandbox(), '/api/workspaces/')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    for (const status of [500, 502]) {
      await control(sandbox(), 'POST', 'faults/', { kind: 'status', status, times: 1 });
      expect((await call(sandbox(), '/api/workspaces/')).status).toBe(status);
    }
    await control(sandbox(), 'DELETE', 'faults/');
  });

  it('control: stats are readable and resettable', async () => {
    await control(sandbox(), 'POST', 'stats/reset/');
    await call(sandbox(), '/api/workspaces/');
    const stats = await control<{ requests: number; by_route: Record<string, number> }>(
      sandbox(),
      'GET',
      'stats/',
    );
    expect(stats.body.requests).toBe(1);
    expect(stats.body.by_route).toEqual({ 'GET /api/workspaces/': 1 });
  });
});
