// Posting slots and the queue in the core, against the sandbox: posting times per
// account, Add to queue (offline too, many at once, refusals, one undo), moving a queued variant
// up or down, the Queue's slots, and sign-off foreseen.
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvents, PostingSlot } from '@preload/bridge';
import { parsePostingTimes } from '@preload/posting-times';
import { utcToZonedInput } from '@preload/zoned-time';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, tempDir, type TestCore } from './helpers';

// A Tuesday: 10:00 in Berlin.
const START = new Date('2030-01-01T09:00:00.000Z');
const ZONE = 'Europe/Berlin';
const WEEKDAYS = 'Mon-Fri 09:00 12:30';
/** The first slots of WEEKDAYS in Berlin after START: Tue 12:30, Wed 09:00, Wed 12:30, ... */
const FIRST_SLOTS = ['2030-01-01T11:30:00.000Z', '2030-01-02T08:00:00.000Z', '2030-01-02T11:30:00.000Z'];

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

function slots(words: string): PostingSlot[] {
  const parsed = parsePostingTimes(words);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.slots;
}

/** Whether an instant is Mon-Fri 09:00 or 12:30 on Berlin's clocks (summer time too). */
function isWeekdaySlot(iso: string): boolean {
  const wall = utcToZonedInput(iso, ZONE);
  const day = new Date(`${wall.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5 && ['09:00', '12:30'].includes(wall.slice(11, 16));
}

const offered = (c: TestCore): Array<BridgeEvents['undoable']> =>
  c.events.flatMap((e) => (e.name === 'undoable' ? [e.data] : []));

/** A core connected to a sandbox with a manual clock, synced once, X's default account given slots. */
async function connected(options: { dataFile?: string } = {}) {
  sandbox = await startSandbox({ manualClock: true, startTime: START, ...options });
  const clock = new ManualClock(START);
  t = await openCore({ clock, requestTimeoutMs: 5_000 });
  const c = t;
  const f = sandbox.fixtures;
  await c.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await c.core.syncNow('user');
  await c.call('planning.setSlots', {
    workspace: f.workspace,
    profileId: f.profiles.xDefault,
    zone: ZONE,
    slots: slots(WEEKDAYS),
  });
  return { c, f, clock };
}

async function xVariant(c: TestCore, workspace: string | null, title: string, profileId: string | null) {
  const post = await c.call('posts.create', { workspace, title });
  return c.call('variants.create', {
    postId: post.id,
    platform: 'x',
    content: `${title}.`,
    account: profileId === null ? { kind: 'default' } : { kind: 'profile', profileId },
  });
}

describe('posting times', () => {
  it('are kept per account in its own zone; an unknown zone or account is refused and nothing changes', async () => {
    const { c, f } = await connected();
    const mine = { workspace: f.workspace, profileId: f.profiles.xDefault };
    expect(await c.call('planning.slots', mine)).toEqual({ ...mine, zone: ZONE, slots: slots(WEEKDAYS) });
    expect(await c.call('planning.slots', { ...mine, profileId: f.profiles.linkedin })).toEqual({
      ...mine,
      profileId: f.profiles.linkedin,
      zone: null,
      slots: [],
    });
    const badZone = await c.core.invoke('planning.setSlots', { ...mine, zone: 'Mars/Olympus', slots: [] });
    expect(badZone.ok).toBe(false);
    if (!badZone.ok) expect(badZone.error.message).toMatch(/not a time zone Outpost knows/);
    const badAccount = await c.core.invoke('planning.setSlots', {
      ...mine,
      profileId: 'nobody',
      zone: ZONE,
      slots: [],
    });
    expect(badAccount).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const badTime = await c.core.invoke('planning.setSlots', {
      ...mine,
      zone: ZONE,
      slots: [{ weekday: 1, time: '24:00' }],
    });
    expect(badTime).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect((await c.call('planning.slots', mine)).slots).toEqual(slots(WEEKDAYS));
    // A pull replaces the accounts' rows; their posting times stay.
    await c.core.syncNow('user');
    expect(await c.call('planning.slots', mine)).toMatchObject({ zone: ZONE, slots: slots(WEEKDAYS) });
  });
});

describe('Add to queue', () => {
  it('offline: scheduled here at the next free slot; back online the time reaches the service once, and it goes out then', async () => {
    const data = tempDir('outpost-sandbox-');
    cleanups.push(() => data.remove());
    const file = `${data.dir}/sandbox.db`;
    const { c, f } = await connected({ dataFile: file });
    const port = Number(new URL(sandbox!.baseUrl).port);
    const v = await xVariant(c, f.workspace, 'Flat white', f.profiles.xDefault);
    await c.core.syncNow('user');
    const serverId = (await c.call('posts.get', { id: v.postId })).variants[0]!.serverId!;

    await sandbox!.close();
    sandbox = null;
    const added = await c.call('planning.addToQueue', { variantIds: [v.id] });
    expect(added).toEqual({
      done: 1,
      refused: [],
      scheduled: [{ variantId: v.id, scheduledAt: FIRST_SLOTS[0], signOffExpected: false }],
    });
    const here = (await c.call('posts.get', { id: v.postId })).variants[0]!;
    expect([here.scheduledAt, here.state]).toEqual([FIRST_SLOTS[0], 'pending_sync']);
    expect((await c.core.syncNow('user')).phase).toBe('offline');

    sandbox = await startSandbox({ dataFile: file, port, manualClock: true, startTime: START });
    await c.core.syncNow('user');
    await c.core.syncNow('user');
    expect(c.core.status()).toMatchObject({ phase: 'idle', pending: 0, failed: 0 });
    const onService = sandbox.inspect.variants().find((x) => x.id === serverId)!;
    expect(Date.parse(onService.scheduled_at!)).toBe(Date.parse(FIRST_SLOTS[0]!));
    expect(sandbox.inspect.patchCount(serverId)).toBe(1);
    await sandbox.clock.set(new Date(Date.parse(FIRST_SLOTS[0]!) - 1_000));
    expect(sandbox.inspect.publishCount(serverId)).toBe(0);
    await sandbox.clock.set(new Date(FIRST_SLOTS[0]!));
    expect(sandbox.inspect.publishCount(serverId)).toBe(1);
  });

  it('places 500 at once in 500 distinct free slots, in the order given, as one undo entry that puts them all back', async () => {
    const { c, f } = await connected();
    // A variant already holds the first slot.
    const holder = await xVariant(c, f.workspace, 'Holder', f.profiles.xDefault);
    await c.call('variants.schedule', { id: holder.id, at: FIRST_SLOTS[0]! });
    const ids: string[] = [];
    for (let p = 0; p < 250; p++) {
      const post = await c.call('posts.create', { workspace: f.workspace, title: `Week post ${p}` });
      for (const n of [0, 1]) {
        const v = await c.call('variants.create', {
          postId: post.id,
          platform: 'x',
          content: `Text ${p}.${n}`,
          account: { kind: 'profile', profileId: f.profiles.xDefault },
        });
        ids.push(v.id);
      }
    }
    const before = offered(c).length;
    const added = await c.call('planning.addToQueue', { variantIds: ids });
    expect([added.done, added.refused]).toEqual([500, []]);
    const times = added.scheduled.map((s) => s.scheduledAt);
    expect(added.scheduled.map((s) => s.variantId)).toEqual(ids);
    expect(new Set(times).size).toBe(500);
    expect(times.every(isWeekdaySlot)).toBe(true);
    expect(times).not.toContain(FIRST_SLOTS[0]);
    expect(times.slice(0, 2)).toEqual(FIRST_SLOTS.slice(1));
    expect([...times].sort()).toEqual(times);
    // Seven slots left in the first week, then ten a week: the 500th is the fourth slot of the
    // 50th week after (Tue 17 Dec, 12:30), none skipped, summer time or not.
    expect(times.at(-1)).toBe('2030-12-17T11:30:00.000Z');
    const entries = offered(c).slice(before);
    expect(entries.map((e) => e.label)).toEqual(['Added 500 variants to the queue']);
    expect(entries[0]!.postIds).toHaveLength(250);

    expect(await c.call('undo.run', { id: entries[0]!.id })).toMatchObject({ undone: 500, refused: [] });
    const queue = await c.call('planning.queue', { workspace: f.workspace });
    expect(queue.nextUp.map((i) => i.variantId)).toEqual([holder.id]);
  });

  it('an undo before the times left sends nothing', async () => {
    const { c, f } = await connected();
    const made = [
      await xVariant(c, f.workspace, 'One', f.profiles.xDefault),
      await xVariant(c, f.workspace, 'Two', f.profiles.xDefault),
    ];
    await c.core.syncNow('user');
    const added = await c.call('planning.addToQueue', { variantIds: made.map((v) => v.id) });
    expect(added.scheduled.map((s) => s.scheduledAt)).toEqual(FIRST_SLOTS.slice(0, 2));
    expect(offered(c).at(-1)!.label).toBe('Added 2 variants to the queue');
    await c.call('undo.run', {});
    await c.core.syncNow('user');
    for (const v of made) {
      const serverId = (await c.call('posts.get', { id: v.postId })).variants[0]!.serverId!;
      expect(sandbox!.inspect.patchCount(serverId)).toBe(0);
      expect(sandbox!.inspect.variants().find((x) => x.id === serverId)!.scheduled_at).toBeNull();
    }
  });

  it('reports each refusal with its reason and queues the rest', async () => {
    const { c, f } = await connected();
    const ws = f.workspace;
    await c.call('planning.setSlots', {
      workspace: ws,
      profileId: f.profiles.mastodonInactive,
      zone: ZONE,
      slots: slots(WEEKDAYS),
    });
    const queued = await xVariant(c, ws, 'Goes', f.profiles.xDefault);
    const syncedDefault = await xVariant(c, ws, 'Default, synced', null);
    await c.core.syncNow('user');
    const launch = (await c.call('posts.list', { workspace: ws })).find(
      (p) => p.serverId === f.posts.launch,
    )!;
    const published = (await c.call('posts.get', { id: launch.id })).variants.find(
      (v) => v.platform === 'linkedin',
    )!;
    const post = await c.call('posts.create', { workspace: ws, title: 'Mixed' });
    const make = (platform: string, content: string, account: 'default' | 'none') =>
      c.call('variants.create', { postId: post.id, platform, content, account: { kind: account } });
    const noAccount = await make('x', 'Assign later.', 'none');
    const unsyncedDefault = await make('x', 'Which X account?', 'default');
    const noTimes = await make('linkedin', 'LinkedIn has one account, with no posting times.', 'default');
    const inactive = await make('mastodon', 'Toot.', 'default');
    const tooLong = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'x'.repeat(300),
      account: { kind: 'profile', profileId: f.profiles.xDefault },
    });
    const local = await xVariant(c, null, 'Local draft', f.profiles.xDefault);
    const scheduled = await xVariant(c, ws, 'Scheduled already', f.profiles.xDefault);
    await c.call('variants.schedule', { id: scheduled.id, at: '2030-01-05T10:00:00Z' });

    const ids = [
      queued.id,
      published.id,
      noAccount.id,
      unsyncedDefault.id,
      noTimes.id,
      inactive.id,
      tooLong.id,
      local.id,
      scheduled.id,
      'no-such-variant',
      syncedDefault.id,
    ];
    const result = await c.call('planning.addToQueue', { variantIds: ids });
    expect(result.done).toBe(2);
    expect(result.scheduled.map((s) => [s.variantId, s.scheduledAt])).toEqual([
      [queued.id, FIRST_SLOTS[0]],
      [syncedDefault.id, FIRST_SLOTS[1]],
    ]);
    const reasons = Object.fromEntries(result.refused.map((r) => [r.id, r.reason]));
    expect(Object.keys(reasons)).toHaveLength(9);
    expect(reasons[published.id]).toMatch(/already published/);
    expect(reasons[noAccount.id]).toMatch(
      /^Choose an account first: a variant needs a connected posting account/,
    );
    expect(reasons[unsyncedDefault.id]).toMatch(/^Choose an account first/);
    expect(reasons[noTimes.id]).toMatch(/^Give this account posting times first/);
    expect(reasons[inactive.id]).toMatch(/no active Mastodon account/);
    expect(reasons[tooLong.id]).toMatch(/over the X limit/);
    expect(reasons[local.id]).toMatch(/^Move this draft to a workspace first/);
    expect(reasons[scheduled.id]).toMatch(/already scheduled for/);
    expect(reasons['no-such-variant']).toMatch(/no longer in Outpost/);
  });
});

describe('the Queue with slots', () => {
  it("shows each account's coming slots, filled and empty; moving one down swaps two times, undone at once", async () => {
    const { c, f } = await connected();
    const [a, b] = [
      await xVariant(c, f.workspace, 'Morning', f.profiles.xDefault),
      await xVariant(c, f.workspace, 'Noon', f.profiles.xDefault),
    ];
    const draft = await xVariant(c, f.workspace, 'Spare', f.profiles.xDefault);
    // Another account's draft is not offered to this one.
    await xVariant(c, f.workspace, 'Other account', f.profiles.xSecond);
    await c.call('planning.addToQueue', { variantIds: [a.id, b.id] });
    const byHand = await xVariant(c, f.workspace, 'By hand', f.profiles.xDefault);
    await c.call('variants.schedule', { id: byHand.id, at: '2030-01-02T10:15:00Z' });

    const q = await c.call('planning.queue', { workspace: f.workspace, days: 2 });
    const x = q.accounts.find((acc) => acc.profileId === f.profiles.xDefault)!;
    expect(x).toMatchObject({ zone: ZONE, slots: slots(WEEKDAYS), signOffExpected: false, later: 0 });
    expect(x.coming.map((s) => [s.at, s.isSlot, s.item?.postTitle ?? null])).toEqual([
      [FIRST_SLOTS[0], true, 'Morning'],
      [FIRST_SLOTS[1], true, 'Noon'],
      ['2030-01-02T10:15:00.000Z', false, 'By hand'],
      [FIRST_SLOTS[2], true, null],
      ['2030-01-03T08:00:00.000Z', true, null],
    ]);
    // Every active scheduling account is listed, with or without posting times; those with
    // something coming first.
    expect(q.accounts[0]!.profileId).toBe(f.profiles.xDefault);
    expect(q.accounts.map((acc) => acc.profileId)).toContain(f.profiles.linkedin);
    expect(q.accounts.map((acc) => acc.profileId)).not.toContain(f.profiles.mastodonInactive);
    const drafts = await c.call('planning.drafts', {
      workspace: f.workspace,
      profileId: f.profiles.xDefault,
    });
    // The newest first; the seeded launch post's X draft goes out from this account too.
    expect(drafts.map((d) => d.postTitle)).toEqual(['Spare', 'Launch announcement']);
    expect(drafts[0]!.variantId).toBe(draft.id);
    for (const d of drafts) expect(d.actions).toContain('schedule');

    const swapped = await c.call('planning.swapTimes', { variantIds: [a.id, b.id] });
    expect(swapped.map((v) => [v.id, v.scheduledAt])).toEqual([
      [a.id, FIRST_SLOTS[1]],
      [b.id, FIRST_SLOTS[0]],
    ]);
    expect(offered(c).at(-1)!.label).toBe('Swapped the times of ‘Morning’ (X) and ‘Noon’ (X)');
    expect(await c.call('undo.run', {})).toMatchObject({ undone: 2, refused: [] });
    const back = await c.call('posts.get', { id: a.postId });
    expect(back.variants[0]!.scheduledAt).toBe(FIRST_SLOTS[0]);

    // Both or neither: a published variant cannot trade its time.
    const refused = await c.core.invoke('planning.swapTimes', { variantIds: [a.id, draft.id] });
    expect(refused).toMatchObject({ ok: false, error: { message: 'This variant has no time to move.' } });
    expect((await c.call('posts.get', { id: a.postId })).variants[0]!.scheduledAt).toBe(FIRST_SLOTS[0]);
  });
});

describe('sign-off foreseen', () => {
  it('remembers an account that answered "waiting for sign-off", says so on its variants and in Add to queue, and forgets it once a publish goes straight out', async () => {
    const { c, f } = await connected();
    await c.call('planning.setSlots', {
      workspace: f.workspace,
      profileId: f.profiles.blueskySignOff,
      zone: ZONE,
      slots: slots(WEEKDAYS),
    });
    const post = await c.call('posts.create', { workspace: f.workspace, title: 'Brand news' });
    const bluesky = (content: string) =>
      c.call('variants.create', {
        postId: post.id,
        platform: 'bluesky',
        content,
        account: { kind: 'default' },
      });
    const first = await bluesky('First.');
    const second = await bluesky('Second.');
    const x = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'On X.',
      account: { kind: 'profile', profileId: f.profiles.xDefault },
    });
    await c.core.syncNow('user');
    const signOff = async () =>
      Object.fromEntries(
        (await c.call('posts.get', { id: post.id })).variants.map((v) => [v.id, v.signOffExpected]),
      );
    expect(await signOff()).toEqual({ [first.id]: false, [second.id]: false, [x.id]: false });

    await c.call('variants.publish', { id: first.id });
    await c.core.syncNow('user');
    expect((await c.call('posts.get', { id: post.id })).variants[0]!.state).toBe('needs_approval');
    expect(await signOff()).toEqual({ [first.id]: true, [second.id]: true, [x.id]: false });
    // The answer to a keystroke says so too.
    expect(
      (await c.call('variants.update', { id: second.id, content: 'Second, edited.' })).signOffExpected,
    ).toBe(true);
    const added = await c.call('planning.addToQueue', { variantIds: [second.id, x.id] });
    expect(added.scheduled.map((s) => [s.variantId, s.signOffExpected])).toEqual([
      [second.id, true],
      [x.id, false],
    ]);
    const q = await c.call('planning.queue', { workspace: f.workspace });
    const signOffOf = (id: string) => q.accounts.find((acc) => acc.profileId === id)?.signOffExpected;
    expect([signOffOf(f.profiles.blueskySignOff), signOffOf(f.profiles.xDefault)]).toEqual([true, false]);

    // The channel stops asking: the next publish goes straight out, and the warning goes.
    sandbox!.setSignOff(f.profiles.blueskySignOff, false);
    const third = await bluesky('Third.');
    await c.core.syncNow('user');
    await c.call('variants.publish', { id: third.id });
    await c.core.syncNow('user');
    expect((await signOff())[second.id]).toBe(false);
  });
});
