import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createPost, createVariant, useSandbox, variantPath, type Variant } from './helpers';

// The scheduler runs on its own tick, as in the demo and the e2e tests. The tick's interval is
// faked (set before the sandbox starts), so the test moves to the next tick instead of waiting
// for it; the sandbox's requests and everything else run in real time.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterAll(() => {
  vi.useRealTimers();
});
const sandbox = useSandbox({ schedulerIntervalMs: 20 });

describe('the scheduler in real time', () => {
  it('a variant scheduled for a time already past is accepted and sent by the next tick', async () => {
    const post = await createPost(sandbox(), 'Real-time scheduler');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'right away' });
    const past = new Date(sandbox().clock.now().getTime() - 60_000).toISOString();
    const response = await call<Variant>(sandbox(), variantPath(sandbox(), post.id, variant.id), {
      method: 'PATCH',
      body: { scheduled_at: past },
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('scheduled');
    expect(sandbox().inspect.publishCount(variant.id)).toBe(0);
    vi.advanceTimersByTime(20);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
    expect(sandbox().inspect.variants(post.id)[0]?.status).toBe('published');
  });

  it('a future time is not sent early; moving the clock past it sends it once', async () => {
    const post = await createPost(sandbox(), 'Future');
    const variant = await createVariant(sandbox(), post.id, { platform: 'x', content: 'later' });
    const future = new Date(sandbox().clock.now().getTime() + 24 * 3600_000).toISOString();
    await call(sandbox(), variantPath(sandbox(), post.id, variant.id), {
      method: 'PATCH',
      body: { scheduled_at: future },
    });
    expect(sandbox().runScheduler()).toBe(0);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(0);
    await sandbox().clock.advance(24 * 3600_000);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
    expect(sandbox().runScheduler()).toBe(0);
    expect(sandbox().inspect.publishCount(variant.id)).toBe(1);
  });
});
