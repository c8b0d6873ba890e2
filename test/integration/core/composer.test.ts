// One text for several platforms, in the core against the sandbox: variants made at once from
// one text (offline too, each reaching the service once), then "Schedule all" and "Add all to
// queue" for a post, each variant checked on its own (one refused with its reason, the others
// go) and the whole action one undo entry.
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvents } from '@preload/bridge';
import { overLimit, REFUSALS } from '@preload/words/refusals';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, tempDir, type TestCore } from './helpers';

// A Tuesday: 10:00 in Berlin.
const START = new Date('2030-01-01T09:00:00.000Z');
const ZONE = 'Europe/Berlin';
const TEXT = 'Our winter blend is back: dark chocolate, orange peel, a long finish.';

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
  for (const clean of cleanups.splice(0)) clean();
});

const offered = (c: TestCore): Array<BridgeEvents['undoable']> =>
  c.events.flatMap((e) => (e.name === 'undoable' ? [e.data] : []));

async function connected(options: { dataFile?: string } = {}) {
  sandbox = await startSandbox({ manualClock: true, startTime: START, ...options });
  t = await openCore({ clock: new ManualClock(START), requestTimeoutMs: 5_000 });
  const c = t;
  await c.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await c.core.syncNow('user');
  return { c, f: sandbox.fixtures };
}

/** A post with an X, a LinkedIn and a Bluesky variant, made at once from TEXT. */
async function threePlatforms(c: TestCore, f: SandboxHandle['fixtures'], title: string) {
  const post = await c.call('posts.create', { workspace: f.workspace, title });
  const made = await c.call('variants.createMany', {
    postId: post.id,
    content: TEXT,
    targets: [
      { platform: 'x', account: { kind: 'profile', profileId: f.profiles.xDefault } },
      { platform: 'linkedin', account: { kind: 'profile', profileId: f.profiles.linkedin } },
      { platform: 'bluesky', account: { kind: 'profile', profileId: f.profiles.blueskySignOff } },
    ],
  });
  const [x, linkedin, bluesky] = made;
  return { post, made, x: x!, linkedin: linkedin!, bluesky: bluesky! };
}

describe('several variants from one text', () => {
  it('offline: made at once here, each with the text and its account; back online each reaches the service once', async () => {
    const data = tempDir('outpost-sandbox-');
    cleanups.push(() => data.remove());
    const file = `${data.dir}/sandbox.db`;
    const { c, f } = await connected({ dataFile: file });
    const port = Number(new URL(sandbox!.baseUrl).port);
    await sandbox!.close();
    sandbox = null;

    const { post, made } = await threePlatforms(c, f, 'Winter blend');
    expect(made.map((v) => [v.platform, v.content, v.account, v.state])).toEqual([
      ['x', TEXT, { kind: 'profile', profileId: f.profiles.xDefault }, 'pending_sync'],
      ['linkedin', TEXT, { kind: 'profile', profileId: f.profiles.linkedin }, 'pending_sync'],
      ['bluesky', TEXT, { kind: 'profile', profileId: f.profiles.blueskySignOff }, 'pending_sync'],
    ]);
    // The post and one create per variant wait in the outbox.
    const waiting = await c.call('outbox.list', undefined);
    expect(waiting.filter((op) => op.kind === 'create_variant')).toHaveLength(3);
    expect((await c.core.syncNow('user')).phase).toBe('offline');

    // Each is edited on its own afterwards: the others keep the text.
    await c.call('variants.update', { id: made[1]!.id, content: `${TEXT} Order by Friday.` });

    sandbox = await startSandbox({ dataFile: file, port, manualClock: true, startTime: START });
    await c.core.syncNow('user');
    await c.core.syncNow('user');
    expect(c.core.status()).toMatchObject({ phase: 'idle', pending: 0, failed: 0 });
    const detail = await c.call('posts.get', { id: post.id });
    const onService = sandbox.inspect.variants(detail.serverId!);
    expect(onService.map((v) => [v.platform, v.content, v.social_profile_id]).sort()).toEqual(
      [
        ['x', TEXT, f.profiles.xDefault],
        ['linkedin', `${TEXT} Order by Friday.`, f.profiles.linkedin],
        ['bluesky', TEXT, f.profiles.blueskySignOff],
      ].sort(),
    );
    expect(detail.variants.map((v) => v.serverId).sort()).toEqual(onService.map((v) => v.id).sort());
    // Synced again: nothing made twice.
    await c.core.syncNow('user');
    expect(sandbox.inspect.variants(detail.serverId!)).toHaveLength(3);
  });

  it('refuses an empty list of platforms, and a post that is not there, with the reason; nothing is made', async () => {
    const { c, f } = await connected();
    const post = await c.call('posts.create', { workspace: f.workspace, title: 'Nothing yet' });
    const none = await c.core.invoke('variants.createMany', { postId: post.id, content: TEXT, targets: [] });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error.message).toMatch(/targets: must name at least one platform/);
    const gone = await c.core.invoke('variants.createMany', {
      postId: 'no-such-post',
      content: TEXT,
      targets: [{ platform: 'x', account: { kind: 'default' } }],
    });
    expect(gone).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await c.call('posts.get', { id: post.id })).variants).toEqual([]);
  });
});

describe('a whole post at once', () => {
  it('Schedule all: the X text over its limit is refused with its reason, the others are scheduled; one undo puts all back', async () => {
    const { c, f } = await connected();
    const { post, made, x } = await threePlatforms(c, f, 'Winter blend');
    await c.core.syncNow('user');
    await c.call('variants.update', { id: x.id, content: 'x'.repeat(300) });
    const at = '2030-01-03T08:00:00.000Z';
    const before = offered(c).length;

    const report = await c.call('planning.scheduleMany', { variantIds: made.map((v) => v.id), at });
    expect(report).toEqual({
      done: 2,
      refused: [{ id: x.id, reason: overLimit(20, 'X', 300, 280, 'weighted characters') }],
    });
    const scheduled = (await c.call('posts.get', { id: post.id })).variants.map((v) => v.scheduledAt);
    expect(scheduled).toEqual([null, at, at]);
    const entries = offered(c).slice(before);
    expect(entries.map((e) => e.label)).toEqual(['Scheduled 2 variants']);
    await c.core.syncNow('user');
    const serverIds = (await c.call('posts.get', { id: post.id })).variants.map((v) => v.serverId!);
    const serviceTime = (id: string) => sandbox!.inspect.variants().find((v) => v.id === id)!.scheduled_at;
    expect(serverIds.slice(1).map((id) => Date.parse(serviceTime(id)!))).toEqual([
      Date.parse(at),
      Date.parse(at),
    ]);

    expect(await c.call('undo.run', { id: entries[0]!.id })).toMatchObject({ undone: 2, refused: [] });
    expect((await c.call('posts.get', { id: post.id })).variants.map((v) => v.scheduledAt)).toEqual([
      null,
      null,
      null,
    ]);
    await c.core.syncNow('user');
    expect(serverIds.map(serviceTime)).toEqual([null, null, null]);
  });

  it('Schedule all refuses a time gone by for every variant, and changes nothing', async () => {
    const { c, f } = await connected();
    const { post, made } = await threePlatforms(c, f, 'Too late');
    const report = await c.call('planning.scheduleMany', {
      variantIds: made.map((v) => v.id),
      at: '2029-12-31T08:00:00.000Z',
    });
    expect(report.done).toBe(0);
    expect(report.refused.map((r) => r.reason)).toEqual([
      REFUSALS.pastTime,
      REFUSALS.pastTime,
      REFUSALS.pastTime,
    ]);
    expect((await c.call('posts.get', { id: post.id })).variants.every((v) => v.scheduledAt === null)).toBe(
      true,
    );
  });

  it('Add all to queue: the account without posting times is refused with its reason, the others are queued; one undo puts all back', async () => {
    const { c, f } = await connected();
    for (const profileId of [f.profiles.xDefault, f.profiles.linkedin])
      await c.call('planning.setSlots', {
        workspace: f.workspace,
        profileId,
        zone: ZONE,
        slots: [{ weekday: 3, time: '09:00' }],
      });
    const { post, made, bluesky } = await threePlatforms(c, f, 'Winter blend');
    await c.core.syncNow('user');
    const before = offered(c).length;

    const report = await c.call('planning.addToQueue', { variantIds: made.map((v) => v.id) });
    // Wednesday 09:00 in Berlin, for both accounts: a slot is taken per account.
    const wednesday = '2030-01-02T08:00:00.000Z';
    expect(report).toEqual({
      done: 2,
      refused: [{ id: bluesky.id, reason: REFUSALS.noPostingTimes }],
      scheduled: made
        .slice(0, 2)
        .map((v) => ({ variantId: v.id, scheduledAt: wednesday, signOffExpected: false })),
    });
    const entries = offered(c).slice(before);
    expect(entries.map((e) => e.label)).toEqual(['Added 2 variants to the queue']);

    expect(await c.call('undo.run', { id: entries[0]!.id })).toMatchObject({ undone: 2, refused: [] });
    expect((await c.call('posts.get', { id: post.id })).variants.map((v) => v.scheduledAt)).toEqual([
      null,
      null,
      null,
    ]);
    // Undone before it left: the service never hears of the times.
    await c.core.syncNow('user');
    const serverIds = (await c.call('posts.get', { id: post.id })).variants.map((v) => v.serverId!);
    for (const id of serverIds) {
      expect(sandbox!.inspect.patchCount(id)).toBe(0);
      expect(sandbox!.inspect.variants().find((v) => v.id === id)!.scheduled_at).toBeNull();
    }
  });
});
