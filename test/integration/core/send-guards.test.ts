// The core refuses what would go wrong on the service, before any request.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');
let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

async function connected(): Promise<{ s: SandboxHandle; c: TestCore }> {
  sandbox = await startSandbox({ manualClock: true, startTime: START });
  t = await openCore({ clock: new ManualClock(START) });
  await t.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await t.core.syncNow('user');
  return { s: sandbox, c: t };
}

async function draft(c: TestCore, workspace: string, platform: string, content: string) {
  const post = await c.call('posts.create', { workspace, title: `About ${platform}` });
  const v = await c.call('variants.create', {
    postId: post.id,
    platform,
    content,
    account: { kind: 'default' },
  });
  await c.core.syncNow('user');
  return v;
}

describe('guarded sending in the core', () => {
  it('refuses a past time unless the user chose to send now, which publishes once', async () => {
    const { s, c } = await connected();
    const v = await draft(c, s.fixtures.workspace, 'x', 'Better late than never.');
    const past = new Date(START.getTime() - 3600_000).toISOString();
    const refused = await c.core.invoke('variants.schedule', { id: v.id, at: past });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_state' } });
    expect(!refused.ok && refused.error.message).toMatch(/already passed.*Send now instead/);
    expect((await c.call('outbox.list', undefined)).filter((o) => o.variantId === v.id)).toEqual([]);

    await c.call('variants.schedule', { id: v.id, at: past, sendNowIfPast: true });
    await c.core.syncNow('user');
    const served = s.inspect.variants().find((x) => x.content === 'Better late than never.')!;
    expect(s.inspect.publishCount(served.id)).toBe(1);
    expect(served.scheduled_at).toBeNull();
  });

  it('refuses text over the limit and a platform without an active account, before any request', async () => {
    const { s, c } = await connected();
    const long = await draft(c, s.fixtures.workspace, 'x', 'a'.repeat(281));
    const mastodon = await draft(c, s.fixtures.workspace, 'mastodon', 'Toot.');
    const instagram = await draft(c, s.fixtures.workspace, 'instagram', 'A picture.');
    s.stats.reset();
    const at = new Date(START.getTime() + 86_400_000).toISOString();
    for (const [id, pattern] of [
      [long.id, /1 over the X limit/],
      [mastodon.id, /no active Mastodon account/],
      [instagram.id, /no active Instagram account/],
    ] as const) {
      for (const result of [
        await c.core.invoke('variants.schedule', { id, at }),
        await c.core.invoke('variants.schedule', { id, at: START.toISOString(), sendNowIfPast: true }),
        await c.core.invoke('variants.publish', { id }),
      ]) {
        expect(result.ok).toBe(false);
        expect(!result.ok && result.error.message).toMatch(pattern);
      }
    }
    await c.core.syncNow('user');
    const byRoute = s.stats.byRoute();
    expect(Object.keys(byRoute).filter((r) => /PATCH|publish/.test(r))).toEqual([]);
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });
});
