// Version history in the core, against the sandbox: a version when
// typing pauses (timed on the core's own scheduler, moved by the test), at the claim of every
// request that carries a text, before a discard, whenever the service's text replaces the local
// one; a restore is a new edit that reaches the service and can be undone; a variant published
// on the service while a change waited keeps the unsent text and can start a new post.
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent, TextVersionView } from '@preload/bridge';
import { VERSION_PAUSE_MS } from '@preload/typing';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, type TestCore } from './helpers';

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

const saved = (e: BridgeEvent) => e.name === 'versionSaved';

/** Versions as `[origin, content]`, newest first. */
async function versions(c: TestCore, subject: { variantId: string } | { postId: string }) {
  return (await c.call('history.list', subject)).map((v) => [v.origin, v.content]);
}

/** Lets the typing pause and waits for the version it keeps. */
async function pause(c: TestCore, time: VirtualTime): Promise<void> {
  c.events.length = 0;
  const kept = c.waitFor(saved);
  time.advance(VERSION_PAUSE_MS);
  await kept;
}

async function local() {
  const time = new VirtualTime(new Date());
  t = await openCore({ clock: time, scheduler: time });
  return { c: t, time };
}

async function connected() {
  sandbox = await startSandbox();
  const time = new VirtualTime(new Date());
  t = await openCore({ clock: time, scheduler: time });
  const c = t;
  const s = sandbox;
  await c.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
  await c.core.syncNow('user');
  return { c, s, time };
}

/** A post with one X variant, on the service. */
async function synced(c: TestCore, s: SandboxHandle, title: string, content: string) {
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title });
  await c.call('variants.create', { postId: post.id, platform: 'x', content, account: { kind: 'default' } });
  await c.core.syncNow('user');
  const detail = await c.call('posts.get', { id: post.id });
  return {
    post: detail,
    v: detail.variants[0]!,
    serverPost: detail.serverId!,
    serverVariant: detail.variants[0]!.serverId!,
  };
}

describe('a version when typing pauses', () => {
  it('keeps the text once it rests for the pause, not while the typing goes on, and never twice the same', async () => {
    const { c, time } = await local();
    const post = await c.call('posts.create', { workspace: null, title: '' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: '',
      account: { kind: 'none' },
    });
    for (const content of ['H', 'He', 'Hel', 'Hello']) {
      await c.call('variants.update', { id: v.id, content });
      time.advance(400);
    }
    time.advance(VERSION_PAUSE_MS - 400 - 1);
    expect(await versions(c, { variantId: v.id })).toEqual([]);
    c.events.length = 0;
    const kept = c.waitFor(saved);
    time.advance(1);
    expect((await kept).name).toBe('versionSaved');
    const [first] = await c.call('history.list', { variantId: v.id });
    expect(first).toMatchObject({ version: 1, origin: 'typed', originText: 'typed here', content: 'Hello' });
    expect(Date.parse(first!.at)).toBe(time.now().getTime());

    await c.call('variants.update', { id: v.id, content: 'Hello world' });
    await pause(c, time);
    // Changed and changed back: the same text as the newest version is not kept again...
    await c.call('variants.update', { id: v.id, content: 'Hello world!' });
    await c.call('variants.update', { id: v.id, content: 'Hello world' });
    time.advance(VERSION_PAUSE_MS);
    // ... so the next text kept is number 3.
    await c.call('variants.update', { id: v.id, content: 'Hello world, again' });
    await pause(c, time);
    const list = await c.call('history.list', { variantId: v.id });
    expect(list.map((x) => [x.version, x.content])).toEqual([
      [3, 'Hello world, again'],
      [2, 'Hello world'],
      [1, 'Hello'],
    ]);
  });

  it('keeps versions of a title the same way, and those still waiting when the core closes', async () => {
    const { c, time } = await local();
    const post = await c.call('posts.create', { workspace: null, title: 'Draft' });
    await pause(c, time);
    await c.call('posts.update', { id: post.id, title: 'Spring launch' });
    await pause(c, time);
    await c.call('posts.update', { id: post.id, title: 'Spring launch, day one' });
    expect(await versions(c, { postId: post.id })).toEqual([
      ['typed', 'Spring launch'],
      ['typed', 'Draft'],
    ]);
    const dir = c.dir;
    await c.core.close();
    t = await openCore({ dir });
    expect(await versions(t, { postId: post.id })).toEqual([
      ['typed', 'Spring launch, day one'],
      ['typed', 'Spring launch'],
      ['typed', 'Draft'],
    ]);
  });
});

describe('versions at the moments the text changes hands', () => {
  it('keeps the text a request carries when it is claimed, before any pause, and once', async () => {
    const { c, s, time } = await connected();
    const { post, v, serverVariant } = await synced(c, s, 'Claimed', 'First words');
    expect(await versions(c, { variantId: v.id })).toEqual([['typed', 'First words']]);
    expect(await versions(c, { postId: post.id })).toEqual([['typed', 'Claimed']]);
    time.advance(VERSION_PAUSE_MS);
    await c.call('variants.update', { id: v.id, content: 'Second words' });
    await c.core.syncNow('user');
    expect(s.inspect.variants().find((x) => x.id === serverVariant)?.content).toBe('Second words');
    expect(await versions(c, { variantId: v.id })).toEqual([
      ['typed', 'Second words'],
      ['typed', 'First words'],
    ]);
    // The pause comes after the send: the same text, not kept again.
    time.advance(VERSION_PAUSE_MS);
    await c.call('variants.update', { id: v.id, content: 'Third' });
    await c.core.syncNow('user');
    expect((await c.call('history.list', { variantId: v.id }))[0]).toMatchObject({
      version: 3,
      content: 'Third',
    });
  });

  it('keeps the text a discard drops, and the service’s text that takes its place', async () => {
    const { c, s } = await connected();
    const { v } = await synced(c, s, 'Refused', 'What the service holds');
    // The service refuses the change; its text is kept as it is claimed.
    s.faults.add({ method: 'PATCH', kind: 'status', status: 400, times: 1 });
    await c.call('variants.update', { id: v.id, content: 'Words the service refused' });
    await c.core.syncNow('user');
    const failed = (await c.call('outbox.list', undefined)).find((o) => o.variantId === v.id)!;
    expect(failed.state).toBe('failed');
    await c.call('outbox.discard', { id: failed.id });
    expect(await versions(c, { variantId: v.id })).toEqual([
      ['service', 'What the service holds'],
      ['before_discard', 'Words the service refused'],
      ['typed', 'What the service holds'],
    ]);
    const [, dropped] = await c.call('history.list', { variantId: v.id });
    expect(dropped?.originText).toBe('before discard');
  });

  it('keeps the local text and the service’s when a pull replaces a text and a title', async () => {
    const { c, s } = await connected();
    const { post, v, serverPost, serverVariant } = await synced(c, s, 'Our title', 'Our text');
    const res = await fetch(
      `${s.baseUrl}/api/workspaces/${s.fixtures.workspace}/posts/${serverPost}/variants/${serverVariant}/`,
      {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.otherToken}` },
        body: JSON.stringify({ content: 'A colleague’s text' }),
      },
    );
    expect(res.status).toBe(200);
    s.renamePost(serverPost, 'A colleague’s title');
    await c.core.syncNow('user');
    expect((await c.call('posts.get', { id: post.id })).variants[0]?.content).toBe('A colleague’s text');
    expect(await versions(c, { variantId: v.id })).toEqual([
      ['service', 'A colleague’s text'],
      ['before_merge', 'Our text'],
    ]);
    expect(await versions(c, { postId: post.id })).toEqual([
      ['service', 'A colleague’s title'],
      ['before_merge', 'Our title'],
    ]);
  });
});

describe('restore', () => {
  it('puts a version three back as a new edit that reaches the service, and undoes it', async () => {
    const { c, s, time } = await connected();
    const { post, v, serverVariant } = await synced(c, s, 'Restore me', 'One');
    for (const content of ['Two', 'Three']) {
      await c.call('variants.update', { id: v.id, content });
      await pause(c, time);
    }
    await c.call('variants.update', { id: v.id, content: 'Four' });
    await c.core.syncNow('user');
    const list: TextVersionView[] = await c.call('history.list', { variantId: v.id });
    expect(list.map((x) => [x.version, x.content])).toEqual([
      [4, 'Four'],
      [3, 'Three'],
      [2, 'Two'],
      [1, 'One'],
    ]);

    c.events.length = 0;
    const restored = await c.call('history.restore', { variantId: v.id, version: 1 });
    expect(restored.variants[0]?.content).toBe('One');
    expect(await versions(c, { variantId: v.id })).toEqual([
      ['before_restore', 'Four'],
      ['typed', 'Three'],
      ['typed', 'Two'],
      ['typed', 'One'],
    ]);
    const undoable = c.events.flatMap((e) => (e.name === 'undoable' ? [e.data] : []));
    expect(undoable.map((u) => u.label)).toEqual(['Restored version 1 of the text of ‘Restore me’ (X)']);
    expect(undoable[0]?.postIds).toEqual([post.id]);
    // Through the outbox, as an edit: one change waits, and the sync sends it.
    expect((await c.call('outbox.list', undefined)).map((o) => o.kind)).toEqual(['update_variant']);
    await c.core.syncNow('user');
    expect(s.inspect.variants().find((x) => x.id === serverVariant)?.content).toBe('One');

    const undone = await c.call('undo.run', { id: undoable[0]!.id });
    expect(undone).toMatchObject({ undone: 1, refused: [] });
    await c.core.syncNow('user');
    expect(s.inspect.variants().find((x) => x.id === serverVariant)?.content).toBe('Four');
  });

  it('restores a title, refuses a version that is not kept, and an undo after a newer edit', async () => {
    const { c, time } = await local();
    const post = await c.call('posts.create', { workspace: null, title: 'First title' });
    await pause(c, time);
    await c.call('posts.update', { id: post.id, title: 'Second title' });
    const result = await c.core.invoke('history.restore', { postId: post.id, version: 7 });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
    c.events.length = 0;
    expect((await c.call('history.restore', { postId: post.id, version: 1 })).title).toBe('First title');
    const entry = c.events.find((e) => e.name === 'undoable');
    expect(entry?.name === 'undoable' && entry.data.label).toBe(
      'Restored version 1 of the title ‘Second title’',
    );
    await c.call('posts.update', { id: post.id, title: 'Third title' });
    const undone = await c.call('undo.run', {});
    expect(undone.undone).toBe(0);
    expect(undone.refused[0]?.reason).toMatch(/changed since the restore/);
    expect((await c.call('posts.get', { id: post.id })).title).toBe('Third title');
  });
});

describe('published elsewhere', () => {
  it('keeps the unsent text, says what went out, offers no retry, and copies the text to a new post', async () => {
    const { c, s, time } = await connected();
    const { post, v, serverVariant } = await synced(c, s, 'Going out', 'The words that went out');
    const account = (await c.call('posts.get', { id: post.id })).variants[0]!.serviceAccountId;
    await c.call('variants.update', { id: v.id, content: 'My better words' });
    // A colleague publishes first, in the service's own app.
    s.publishAs(serverVariant);
    await c.core.syncNow('user');

    const after = (await c.call('posts.get', { id: post.id })).variants[0]!;
    expect(after.state).toBe('failed');
    expect(after.publishedElsewhere).toEqual({
      content: 'The words that went out',
      url: s.inspect.variants().find((x) => x.id === serverVariant)?.platform_post_url,
      seenAt: time.now().toISOString(),
      unsentContent: 'My better words',
    });
    expect(after.actions).toContain('discard');
    expect(after.actions).not.toContain('retry');
    expect(after.actions).not.toContain('edit');
    expect((await c.call('history.list', { variantId: v.id }))[0]).toMatchObject({
      origin: 'not_sent_published',
      originText: 'not sent: published before it could go',
      content: 'My better words',
    });

    const copy = await c.call('variants.copyToNewPost', { id: v.id });
    expect(copy.title).toBe('Going out (copy)');
    expect(copy.variants.map((x) => [x.platform, x.content, x.account])).toEqual([
      ['x', 'My better words', { kind: 'profile', profileId: account }],
    ]);
    await c.core.syncNow('user');
    const onService = s.inspect.variants().filter((x) => x.content === 'My better words');
    expect(onService).toHaveLength(1);
    expect(onService[0]?.social_profile_id).toBe(account);
    expect(s.inspect.variants().find((x) => x.id === serverVariant)?.content).toBe('The words that went out');
    expect(s.inspect.publishCount(serverVariant)).toBe(1);
  });
});
