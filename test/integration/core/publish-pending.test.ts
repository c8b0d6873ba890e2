// A publish on its way holds the variant's time and text: with the service down, Publish now
// waits in the outbox, and Schedule, Unschedule, Add to queue, a move, a bulk unschedule and an
// edit of the text are refused (an edit behind the publish could only fail once it went out).
// And a change held back because its variant was published first is not offered Retry in the
// Outbox, which could only fail again.
import { afterEach, describe, expect, it } from 'vitest';
import { REFUSALS } from '@preload/words/refusals';
import { parsePostingTimes } from '@preload/posting-times';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, tempDir, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');
const AT = '2030-01-05T09:00:00.000Z';

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

async function connected(dataFile?: string) {
  sandbox = await startSandbox({ manualClock: true, startTime: START, ...(dataFile ? { dataFile } : {}) });
  t = await openCore({ clock: new ManualClock(START), requestTimeoutMs: 5_000 });
  await t.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await t.core.syncNow('user');
  return { s: sandbox, c: t };
}

/** A post with a scheduled X variant, on the service. */
async function scheduledOnService(c: TestCore, s: SandboxHandle, title: string) {
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title });
  const v = await c.call('variants.create', {
    postId: post.id,
    platform: 'x',
    content: 'As first written',
    account: { kind: 'default' },
  });
  await c.call('variants.schedule', { id: v.id, at: AT });
  await c.core.syncNow('user');
  return { post, v: await view(c, post.id, v.id) };
}

async function view(c: TestCore, postId: string, id: string) {
  const post = await c.call('posts.get', { id: postId });
  const v = post.variants.find((x) => x.id === id);
  if (!v) throw new Error(`no variant ${id}`);
  return v;
}

/** The refusal thrown, or the answer (a report of many carries its refusals) as JSON. */
async function refusal(c: TestCore, command: Parameters<TestCore['call']>[0], payload: unknown) {
  const answer = await c.core.invoke(command, payload);
  return answer.ok ? JSON.stringify(answer.value) : answer.error.message;
}

describe('a publish on its way', () => {
  it('holds the time while the service is down, and nothing fails once it is back', async () => {
    const data = tempDir('outpost-sandbox-');
    cleanups.push(() => data.remove());
    const file = `${data.dir}/sandbox.db`;
    const { s, c } = await connected(file);
    const port = Number(new URL(s.baseUrl).port);
    const f = s.fixtures;
    const parsed = parsePostingTimes('Mon-Fri 09:00');
    if (!parsed.ok) throw new Error(parsed.message);
    await c.call('planning.setSlots', {
      workspace: f.workspace,
      profileId: f.profiles.xDefault,
      zone: 'UTC',
      slots: parsed.slots,
    });
    const { v } = await scheduledOnService(c, s, 'Publish while offline');
    expect(v.serverId).not.toBeNull();
    // A second text, sent: the first is a version of its history.
    await c.call('variants.update', { id: v.id, content: 'Second thoughts' });
    await c.core.syncNow('user');
    // A second variant without a time: Add to queue is what it would be offered.
    const bare = await c.call('variants.create', {
      postId: v.postId,
      platform: 'x',
      content: 'No time yet',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    await s.close();
    sandbox = null;

    await c.call('variants.publish', { id: v.id });
    await c.call('variants.publish', { id: bare.id });
    expect((await c.core.syncNow('user')).phase).toBe('offline');
    const waiting = await view(c, v.postId, v.id);
    expect(waiting.actions).toEqual([]);
    expect(waiting.refusals.unschedule).toBe(REFUSALS.publishHolds);
    expect(waiting.refusals.edit).toBe(REFUSALS.publishHolds);
    expect(await refusal(c, 'variants.update', { id: v.id, content: 'Typed after Publish now' })).toBe(
      REFUSALS.publishHolds,
    );
    // A version restored from its history is an edit too, refused alike; nothing is kept of it.
    const versionsBefore = await c.call('history.list', { variantId: v.id });
    const older = versionsBefore.find((x) => x.content !== 'Second thoughts');
    expect(older).toBeDefined();
    expect(await refusal(c, 'history.restore', { variantId: v.id, version: older!.version })).toBe(
      REFUSALS.publishHolds,
    );
    expect(await c.call('history.list', { variantId: v.id })).toEqual(versionsBefore);
    expect((await view(c, v.postId, v.id)).content).toBe('Second thoughts');

    for (const [command, payload] of [
      ['variants.unschedule', { id: v.id }],
      ['variants.schedule', { id: v.id, at: '2030-01-06T09:00:00.000Z' }],
      ['planning.addToQueue', { variantIds: [bare.id] }],
    ] as const)
      expect(await refusal(c, command, payload)).toContain(REFUSALS.publishHolds);
    const bulk = await c.call('variants.unscheduleMany', { ids: [v.id] });
    expect(bulk.done).toBe(0);
    expect(JSON.stringify(bulk)).toContain(REFUSALS.publishHolds);
    const moved = await c.call('variants.reschedule', {
      ids: [v.id],
      shift: { by: { days: 1, minutes: 0 } },
      zone: 'UTC',
    });
    expect(moved.done).toBe(0);
    expect(JSON.stringify(moved)).toContain(REFUSALS.publishHolds);
    expect((await view(c, v.postId, v.id)).scheduledAt).toBe(AT);

    sandbox = await startSandbox({ dataFile: file, port, manualClock: true, startTime: START });
    await c.core.syncNow('user');
    expect(c.core.status()).toMatchObject({ pending: 0, failed: 0 });
    const post = await c.call('posts.get', { id: v.postId });
    expect(sandbox.inspect.variants(post.serverId!).find((x) => x.id === v.serverId)).toMatchObject({
      status: 'published',
    });
    expect((await view(c, v.postId, v.id)).serviceState).toBe('published');
    // What went out is the text the publish was asked for, and nothing failed behind it.
    expect(sandbox.inspect.variants(post.serverId!).find((x) => x.id === v.serverId)?.content).toBe(
      'Second thoughts',
    );
    expect((await c.call('outbox.list', undefined)).filter((o) => o.state === 'failed')).toEqual([]);
  });
});

describe('the Outbox', () => {
  it('offers no Retry for a change held back because its variant was published first', async () => {
    const { s, c } = await connected();
    const { v } = await scheduledOnService(c, s, 'Published elsewhere');
    await c.call('variants.unschedule', { id: v.id });
    s.publishAs(v.serverId!);
    await c.core.syncNow('user');
    const [held] = (await c.call('outbox.list', undefined)).filter((o) => o.kind === 'unschedule');
    expect(held).toMatchObject({ state: 'failed', actions: ['discard'] });
    const retried = await refusal(c, 'outbox.retry', { id: held!.id });
    expect(retried).toMatch(
      /already published; it cannot change\. Sent again, it would only be refused again/,
    );
  });
});
