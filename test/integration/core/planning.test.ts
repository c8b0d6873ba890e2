// Planning in the core: the calendar and the queue read what the store holds, and
// the post list's state filter matches a post by any of its variants.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');
const DAY = 86_400_000;
let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

async function planned() {
  sandbox = await startSandbox({ manualClock: true, startTime: START });
  const clock = new ManualClock(START);
  t = await openCore({ clock });
  const c = t;
  const ws = sandbox.fixtures.workspace;
  await c.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await c.core.syncNow('user');
  const post = await c.call('posts.create', { workspace: ws, title: 'Spring menu' });
  const account = { kind: 'default' as const };
  const x = await c.call('variants.create', {
    postId: post.id,
    platform: 'x',
    content: 'Spring is here.\nMore soon.',
    account,
  });
  const li = await c.call('variants.create', {
    postId: post.id,
    platform: 'linkedin',
    content: 'Our spring menu.',
    account,
  });
  const bs = await c.call('variants.create', {
    postId: post.id,
    platform: 'bluesky',
    content: 'Spring!',
    account,
  });
  await c.core.syncNow('user');
  const at = new Date(START.getTime() + DAY + 3600_000).toISOString();
  await c.call('variants.schedule', { id: x.id, at });
  await c.call('variants.publish', { id: li.id });
  await c.call('variants.publish', { id: bs.id });
  await c.core.syncNow('user');
  await c.core.syncNow('user');
  return { c, s: sandbox, clock, ws, post, x, li, bs, at };
}

describe('planning views', () => {
  it('lists a post under every state its variants are in, with a chip per variant', async () => {
    const { c, ws, post } = await planned();
    const summary = (await c.call('posts.list', { workspace: ws })).find((p) => p.id === post.id)!;
    expect(summary.variants.map((v) => [v.platform, v.state])).toEqual([
      ['x', 'scheduled'],
      ['linkedin', 'published'],
      ['bluesky', 'needs_approval'],
    ]);
    for (const filter of ['scheduled', 'published', 'needs_approval'] as const) {
      const ids = (await c.call('posts.list', { workspace: ws, filter })).map((p) => p.id);
      expect(ids, filter).toContain(post.id);
    }
    expect((await c.call('posts.list', { workspace: ws, filter: 'failed' })).map((p) => p.id)).not.toContain(
      post.id,
    );
  });

  it('places scheduled and published variants on the calendar, with the account the service chose', async () => {
    const { c, ws, x, li, at } = await planned();
    const week = await c.call('planning.calendar', {
      workspace: ws,
      from: new Date(START.getTime() - DAY).toISOString(),
      to: new Date(START.getTime() + 6 * DAY).toISOString(),
    });
    const mine = week.items.filter((i) => i.postTitle === 'Spring menu');
    expect(mine.find((i) => i.variantId === x.id)).toMatchObject({
      at,
      state: 'scheduled',
      accountName: 'Acme',
      firstLine: 'Spring is here.',
    });
    expect(mine.find((i) => i.variantId === x.id)?.actions).toContain('move');
    const live = mine.find((i) => i.variantId === li.id)!;
    expect(live).toMatchObject({ state: 'published', accountName: 'Acme Inc.' });
    expect(live.actions).not.toContain('move');
    expect(live.url).toMatch(/^https:\/\//);
    expect(Date.parse(live.at!)).toBeGreaterThanOrEqual(START.getTime());
    // A range that ends before the scheduled time leaves it out.
    const today = await c.call('planning.calendar', {
      workspace: ws,
      from: START.toISOString(),
      to: new Date(START.getTime() + 3600_000).toISOString(),
    });
    expect(today.items.map((i) => i.variantId)).not.toContain(x.id);
  });

  it("answers each day's first items and its count, for the accounts and platforms asked", async () => {
    const { c, ws, x, li, at } = await planned();
    // Five more X posts on the day of the scheduled one, an hour apart after it.
    const more: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const post = await c.call('posts.create', { workspace: ws, title: `Hour ${i}` });
      const v = await c.call('variants.create', {
        postId: post.id,
        platform: 'x',
        content: `Hour ${i}.`,
        account: { kind: 'default' },
      });
      await c.call('variants.schedule', {
        id: v.id,
        at: new Date(Date.parse(at) + i * 3600_000).toISOString(),
      });
      more.push(v.id);
    }
    await c.core.syncNow('user');
    const days = ['2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z', '2030-01-03T00:00:00Z'];
    const range = { workspace: ws, from: days[0]!, to: '2030-01-04T00:00:00Z' };
    const month = await c.call('planning.calendar', { ...range, spans: { starts: days, limit: 3 } });
    // Two published LinkedIn variants on the first day (the sandbox's and this one); six X
    // variants on the second, the first three shown.
    expect(month.counts).toEqual([2, 6, 0]);
    expect(month.items.slice(0, 2).map((i) => i.variantId)).toContain(li.id);
    expect(month.items.slice(2).map((i) => i.variantId)).toEqual([x.id, more[0], more[1]]);

    const profiles = await c.call('profiles.list', { workspace: ws });
    const onX = profiles.find((p) => p.platform === 'x' && p.label === 'Acme')!;
    expect(month.items.find((i) => i.variantId === x.id)?.accountId).toBe(onX.id);
    const xOnly = await c.call('planning.calendar', { ...range, accounts: [onX.id] });
    expect(xOnly.counts).toEqual([6]);
    expect(new Set(xOnly.items.map((i) => i.accountId))).toEqual(new Set([onX.id]));
    const linkedIn = await c.call('planning.calendar', {
      ...range,
      platforms: ['linkedin'],
      spans: { starts: days, limit: 3 },
    });
    expect(linkedIn.counts).toEqual([2, 0, 0]);
    expect(linkedIn.items.map((i) => i.platform)).toEqual(['linkedin', 'linkedin']);
    expect((await c.call('planning.calendar', { ...range, accounts: [] })).counts).toEqual([0]);

    // Spans that do not cut the range from its start are refused, in words.
    const refused = await c.core.invoke('planning.calendar', {
      ...range,
      spans: { starts: [days[1]!, days[0]!], limit: 3 },
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/spans\.starts: .*rise from/);
  });

  it('sorts the queue into next up, waiting for sign-off, published and needs attention', async () => {
    const { c, ws, x, li, bs } = await planned();
    const q = await c.call('planning.queue', { workspace: ws });
    expect(q.nextUp.map((i) => i.variantId)).toContain(x.id);
    expect(q.waitingForSignOff.map((i) => i.variantId)).toEqual([bs.id]);
    expect(q.published.map((i) => i.variantId)).toContain(li.id);
    expect(q.needsAttention).toEqual([]);
    // Threads has an account but no default: the service refuses to schedule it, for good.
    const th = await c.call('variants.create', {
      postId: x.postId,
      platform: 'threads',
      content: 'Spring.',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    await c.call('variants.schedule', { id: th.id, at: new Date(START.getTime() + 2 * DAY).toISOString() });
    await c.core.syncNow('user');
    const after = await c.call('planning.queue', { workspace: ws });
    expect(after.needsAttention.map((i) => [i.variantId, i.state])).toEqual([[th.id, 'failed']]);
  });

  it('lists a create that found look-alikes under needs attention, as a choice to make', async () => {
    const { c, clock, ws, x } = await planned();
    const made = await c.call('variants.create', {
      postId: x.postId,
      platform: 'mastodon',
      content: 'Spring, the long version.',
      account: { kind: 'default' },
    });
    // Someone else makes the same variant just as Outpost's create lands, and its answer is lost.
    sandbox!.faults.add({
      kind: 'lookalike_after_write',
      method: 'POST',
      path: '/api/workspaces/:slug/posts/:post_id/variants/',
      times: 1,
    });
    for (let round = 0; round < 3; round++) {
      await c.core.syncNow('user');
      clock.advance(60_000);
    }
    const q = await c.call('planning.queue', { workspace: ws });
    expect(q.needsAttention.map((i) => [i.variantId, i.state])).toEqual([[made.id, 'needs_user']]);
    expect(q.nextUp.map((i) => i.variantId)).not.toContain(made.id);
  });
});
