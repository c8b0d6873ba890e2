// Many posts at once through the core, against the sandbox: a bulk
// reschedule goes out as exactly one PATCH per variant, refuses a published variant with the
// reason and never sends it, and its one undo puts every time back on the service; unscheduling
// many is one op each; moving local drafts into a workspace and back sends nothing once undone.
import { describe, expect, it } from 'vitest';
import type { BridgeEvents, PostDetail } from '@preload/bridge';
import { connectedCores, type TestCore } from './helpers';
import type { SandboxHandle } from '../../server/index';

const START = new Date('2030-01-01T09:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number): string => new Date(START.getTime() + hours * HOUR).toISOString();

const connected = connectedCores(START);

/** `posts` synced posts of the workspace, each an X and a LinkedIn variant scheduled at `when`. */
async function scheduledPosts(c: TestCore, workspace: string, posts: number, when: string) {
  const created: PostDetail[] = [];
  for (let i = 0; i < posts; i++) {
    const post = await c.call('posts.create', { workspace, title: `Week ${i}` });
    for (const platform of ['x', 'linkedin'])
      await c.call('variants.create', {
        postId: post.id,
        platform,
        content: `Week ${i} on ${platform}.`,
        account: { kind: 'default' },
      });
    for (const v of (await c.call('posts.get', { id: post.id })).variants)
      await c.call('variants.schedule', { id: v.id, at: when });
    created.push(post);
  }
  await c.core.syncNow('user');
  return Promise.all(created.map((p) => c.call('posts.get', { id: p.id })));
}

const serviceVariant = (s: SandboxHandle, serverId: string | null) =>
  s.inspect.variants().find((v) => v.id === serverId);

const offered = (c: TestCore): Array<BridgeEvents['undoable']> =>
  c.events.flatMap((e) => (e.name === 'undoable' ? [e.data] : []));

describe('a bulk reschedule', () => {
  it('sends exactly one PATCH per variant, refuses a published one, and one undo puts every time back', async () => {
    const { c, s, workspace } = await connected();
    const posts = await scheduledPosts(c, workspace, 30, at(48));
    const variants = posts.flatMap((p) => p.variants);
    expect(variants).toHaveLength(60);
    const patches = (): number => variants.reduce((n, v) => n + s.inspect.patchCount(v.serverId ?? ''), 0);
    const before = patches();
    // A colleague published one of them meanwhile.
    const published = variants[7]!;
    s.publishAs(published.serverId!);
    await c.core.syncNow('user');
    const undoBefore = offered(c).length;

    const report = await c.call('variants.reschedule', {
      ids: variants.map((v) => v.id),
      shift: { by: { days: 1, minutes: 0 } },
      zone: 'Europe/Paris',
    });

    expect(report.done).toBe(59);
    expect(report.refused).toEqual([
      { id: published.id, reason: 'This variant is already published; it cannot change.' },
    ]);
    const entries = offered(c).slice(undoBefore);
    expect(entries.map((e) => e.label)).toEqual(['Rescheduled 59 variants']);
    expect(entries[0]!.postIds).toHaveLength(30);
    // One op per variant changed, nothing for the published one.
    const ops = await c.call('outbox.list', undefined);
    expect(ops.map((o) => o.kind)).toEqual(Array(59).fill('schedule'));
    expect(new Set(ops.map((o) => o.variantId)).size).toBe(59);

    await c.core.syncNow('user');
    expect(patches() - before).toBe(59);
    for (const v of variants)
      expect(serviceVariant(s, v.serverId)!.scheduled_at).toBe(v === published ? at(48) : at(72));

    const undone = await c.call('undo.run', { id: entries[0]!.id });
    expect(undone).toEqual({ label: 'Rescheduled 59 variants', undone: 59, refused: [] });
    await c.core.syncNow('user');
    expect(patches() - before).toBe(2 * 59);
    for (const v of variants) expect(serviceVariant(s, v.serverId)!.scheduled_at).toBe(at(48));
  });

  it('moves each time onto a day keeping its time of day, and refuses one that would land in the past', async () => {
    const { c, workspace } = await connected();
    const [soon, later] = await scheduledPosts(c, workspace, 2, at(3));
    await c.call('variants.schedule', { id: later!.variants[0]!.id, at: at(50) });
    const ids = [...soon!.variants, ...later!.variants].map((v) => v.id);

    const back = await c.call('variants.reschedule', {
      ids,
      shift: { by: { days: 0, minutes: -5 * 60 } },
      zone: 'UTC',
    });
    // 12:00 less five hours has passed; 11:00 the day after does not.
    expect(back.done).toBe(1);
    expect(back.refused.map((r) => r.id)).toEqual([ids[0], ids[1], ids[3]]);
    expect(back.refused[0]!.reason).toMatch(/already passed/);

    const moved = await c.call('variants.reschedule', {
      ids,
      shift: { toDay: '2030-01-05' },
      zone: 'America/New_York',
    });
    expect(moved).toEqual({ done: 4, refused: [] });
    const times = (await Promise.all([soon!, later!].map((p) => c.call('posts.get', { id: p.id })))).flatMap(
      (p) => p.variants.map((v) => v.scheduledAt),
    );
    // 12:00Z is 07:00 in New York, 06:00Z (the one moved back) is 01:00 there.
    expect(times).toEqual([
      '2030-01-05T12:00:00.000Z',
      '2030-01-05T12:00:00.000Z',
      '2030-01-05T06:00:00.000Z',
      '2030-01-05T12:00:00.000Z',
    ]);
  });

  it('refuses a variant without a time, one gone, and a bad shift before anything changes', async () => {
    const { c, workspace } = await connected();
    const post = await c.call('posts.create', { workspace, title: 'Loose' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'No time yet.',
      account: { kind: 'default' },
    });
    expect(
      await c.call('variants.reschedule', {
        ids: [v.id, 'no-such-variant'],
        shift: { by: { days: 1, minutes: 0 } },
        zone: 'UTC',
      }),
    ).toEqual({
      done: 0,
      refused: [
        { id: v.id, reason: 'This variant has no time to move.' },
        { id: 'no-such-variant', reason: 'It is no longer in Outpost.' },
      ],
    });
    const bad = await c.core.invoke('variants.reschedule', {
      ids: [v.id],
      shift: { by: { days: 0, minutes: 0 } },
      zone: 'Mars/Olympus',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    if (!bad.ok) {
      expect(bad.error.message).toMatch(/A shift of nothing moves nothing/);
      expect(bad.error.message).toMatch(/zone: must be a time zone/);
    }
    expect(offered(c)).toEqual([]);
  });
});

describe('unschedule many', () => {
  it('is one op per variant with a time, refuses those without one, and undoes as one', async () => {
    const { c, s, workspace } = await connected();
    const posts = await scheduledPosts(c, workspace, 3, at(30));
    const loose = await c.call('variants.create', {
      postId: posts[0]!.id,
      platform: 'bluesky',
      content: 'Not scheduled.',
      account: { kind: 'none' },
    });
    const ids = [...posts.flatMap((p) => p.variants.map((v) => v.id)), loose.id];

    const report = await c.call('variants.unscheduleMany', { ids });

    expect(report).toEqual({ done: 6, refused: [{ id: loose.id, reason: 'It has no time to clear.' }] });
    expect(offered(c).at(-1)!.label).toBe('Unscheduled 6 variants');
    await c.core.syncNow('user');
    for (const v of posts.flatMap((p) => p.variants))
      expect(serviceVariant(s, v.serverId)!.scheduled_at).toBeNull();
    await c.call('undo.run', {});
    await c.core.syncNow('user');
    for (const v of posts.flatMap((p) => p.variants))
      expect(serviceVariant(s, v.serverId)!.scheduled_at).toBe(at(30));
  });
});

describe('move to a workspace', () => {
  it('moves local drafts in and, undone before they left, back out: nothing reaches the service', async () => {
    const { c, s, workspace } = await connected();
    const other = s.fixtures.secondWorkspace;
    const draft = await c.call('posts.create', { workspace: null, title: 'Written offline' });
    await c.call('variants.create', {
      postId: draft.id,
      platform: 'x',
      content: 'On a plane.',
      account: { kind: 'default' },
    });
    const [synced] = await scheduledPosts(c, workspace, 1, at(30));

    const report = await c.call('posts.move', { ids: [draft.id, synced!.id], workspace: other });

    expect(report.done).toBe(1);
    expect(report.refused).toEqual([
      {
        id: synced!.id,
        reason:
          'This post is on the service, which offers no way to move it; you can duplicate it into the other workspace instead.',
      },
    ]);
    expect((await c.call('outbox.list', undefined)).map((o) => o.kind)).toEqual([
      'create_post',
      'create_variant',
    ]);
    expect(offered(c).at(-1)!.label).toBe(`Moved ‘Written offline’ to ${other}`);

    await c.call('undo.run', {});
    expect((await c.call('posts.get', { id: draft.id })).workspace).toBeNull();
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    const postsBefore = s.inspect.posts().length;
    await c.core.syncNow('user');
    expect(s.inspect.posts()).toHaveLength(postsBefore);
  });

  it('moves a post not yet sent to another workspace: it is created there, once, and not where it was', async () => {
    const { c, s, workspace } = await connected();
    const other = s.fixtures.secondWorkspace;
    const post = await c.call('posts.create', { workspace, title: 'Wrong team' });
    await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'For the side project.',
      account: { kind: 'default' },
    });

    expect(await c.call('posts.move', { ids: [post.id], workspace: other })).toEqual({
      done: 1,
      refused: [],
    });
    expect(await c.call('posts.move', { ids: [post.id], workspace: other })).toEqual({
      done: 0,
      refused: [{ id: post.id, reason: 'It is there already.' }],
    });
    await c.core.syncNow('user');

    expect(s.inspect.posts(other).filter((p) => p.title === 'Wrong team')).toHaveLength(1);
    expect(s.inspect.posts(workspace).filter((p) => p.title === 'Wrong team')).toHaveLength(0);
    expect((await c.call('posts.get', { id: post.id })).state).toBe('draft');
  });

  it('refuses an unknown workspace for the whole command', async () => {
    const { c } = await connected();
    const draft = await c.call('posts.create', { workspace: null, title: 'Nowhere' });
    await expect(
      c.core.invoke('posts.move', { ids: [draft.id], workspace: 'no-such-space' }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
