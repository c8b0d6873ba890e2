// Reuse through the core, against the sandbox: a post or a variant that never
// reached the service is deleted with its ops withdrawn, and its undo puts the rows and the ops
// back exactly (it then goes out once); one that did, or may have, is refused with the reason;
// "Hide here" survives a pull; a duplicate syncs as a new post; a copied text is an edit that
// can be undone.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { BridgeEvents } from '@preload/bridge';
import { connectedCores, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number): string => new Date(START.getTime() + hours * HOUR).toISOString();

const connected = connectedCores(START);

/** A post of the workspace with an X and a LinkedIn variant, the X one scheduled; synced if asked. */
async function twoVariants(c: TestCore, workspace: string | null, title: string, sync: boolean) {
  const post = await c.call('posts.create', { workspace, title });
  const x = await c.call('variants.create', {
    postId: post.id,
    platform: 'x',
    content: `${title}, short.`,
    account: { kind: 'default' },
  });
  const li = await c.call('variants.create', {
    postId: post.id,
    platform: 'linkedin',
    content: `${title}, the long version.`,
    account: { kind: 'default' },
  });
  await c.call('variants.schedule', { id: x.id, at: at(30) });
  if (sync) await c.core.syncNow('user');
  return { post, x, li };
}

/** The rows of one post in the core's own database file, exactly as SQLite holds them. */
function rowsOf(c: TestCore, postId: string) {
  const db = new Database(`${c.dir}/outpost.db`, { readonly: true });
  try {
    return {
      post: db.prepare('select * from post where id = ?').all(postId),
      variants: db.prepare('select * from variant where post_id = ? order by rowid').all(postId),
      ops: db.prepare('select * from outbox_op where post_id = ? order by seq').all(postId),
    };
  } finally {
    db.close();
  }
}

const offered = (c: TestCore): Array<BridgeEvents['undoable']> =>
  c.events.flatMap((e) => (e.name === 'undoable' ? [e.data] : []));

describe('delete what never reached the service', () => {
  it('withdraws its ops and removes the rows; undo puts rows and ops back exactly, and it goes out once', async () => {
    const { c, s, workspace } = await connected();
    const { post } = await twoVariants(c, workspace, 'Spring sale', false);
    const before = rowsOf(c, post.id);
    expect(before.ops.map((o) => (o as { kind: string }).kind)).toEqual([
      'create_post',
      'create_variant',
      'create_variant',
      'schedule',
    ]);
    expect((await c.call('posts.get', { id: post.id })).actions).toContain('delete');

    const report = await c.call('posts.delete', { ids: [post.id] });

    expect(report).toEqual({ done: 1, refused: [] });
    expect(rowsOf(c, post.id)).toEqual({ post: [], variants: [], ops: [] });
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    const log = await c.call('sync.log', { limit: 10 });
    expect(log.filter((e) => e.action === 'withdrawn')).toHaveLength(4);
    expect(offered(c).at(-1)!.label).toBe('Deleted ‘Spring sale’');
    const postsBefore = s.inspect.posts(workspace).length;
    await c.core.syncNow('user');
    expect(s.inspect.posts(workspace)).toHaveLength(postsBefore);

    expect(await c.call('undo.run', {})).toEqual({ label: 'Deleted ‘Spring sale’', undone: 1, refused: [] });
    expect(rowsOf(c, post.id)).toEqual(before);
    await c.core.syncNow('user');
    expect(s.inspect.posts(workspace).filter((p) => p.title === 'Spring sale')).toHaveLength(1);
    const onService = s.inspect.variants().filter((v) => v.content.startsWith('Spring sale'));
    expect(onService.map((v) => [v.platform, v.scheduled_at])).toEqual([
      ['x', at(30)],
      ['linkedin', null],
    ]);
  });

  it('refuses a post on the service (Hide here instead) and one whose create may have reached it', async () => {
    const { c, s, workspace } = await connected();
    const synced = await twoVariants(c, workspace, 'Live already', true);
    const unsure = await c.call('posts.create', { workspace, title: 'Answer lost' });
    s.faults.add({
      kind: 'drop_after_write',
      method: 'POST',
      path: '/api/workspaces/:slug/posts/',
      times: 1,
    });
    await c.core.syncNow('user');
    const local = await c.call('posts.create', { workspace: null, title: 'Only here' });

    const report = await c.call('posts.delete', { ids: [synced.post.id, unsure.id, local.id] });

    expect(report).toEqual({
      done: 1,
      refused: [
        {
          id: synced.post.id,
          reason:
            'This post is on the service, which offers no way to delete it; you can hide it here instead.',
        },
        { id: unsure.id, reason: 'Part of it may have reached the service; Outpost is still checking.' },
      ],
    });
    expect((await c.call('posts.get', { id: synced.post.id })).actions).toEqual(['duplicate', 'hide']);
    // The refused ones are as they were: the unknown create is read back and linked.
    await c.core.syncNow('user');
    expect((await c.call('posts.get', { id: unsure.id })).serverId).not.toBeNull();
    expect(s.inspect.posts(workspace).filter((p) => p.title === 'Answer lost')).toHaveLength(1);
  });

  it('deletes a variant not yet sent beside synced ones; undo puts it back, and it is created once', async () => {
    const { c, s, workspace } = await connected();
    const { post, x } = await twoVariants(c, workspace, 'Menu', true);
    const stray = await c.call('variants.create', {
      postId: post.id,
      platform: 'bluesky',
      content: 'A stray.',
      account: { kind: 'none' },
    });
    const before = rowsOf(c, post.id);

    const report = await c.call('variants.delete', { ids: [stray.id, x.id] });

    expect(report).toEqual({
      done: 1,
      refused: [
        {
          id: x.id,
          reason:
            'This variant is on the service, which offers no way to delete it; you can hide its post here instead.',
        },
      ],
    });
    expect((await c.call('posts.get', { id: post.id })).variants.map((v) => v.platform)).toEqual([
      'x',
      'linkedin',
    ]);
    expect(offered(c).at(-1)!.label).toBe('Deleted the Bluesky variant of ‘Menu’');
    await c.call('undo.run', {});
    expect(rowsOf(c, post.id)).toEqual(before);
    await c.core.syncNow('user');
    expect(s.inspect.variants().filter((v) => v.content === 'A stray.')).toHaveLength(1);
  });
});

describe('Hide here', () => {
  it('takes a synced post out of the list, the calendar and the queue; a pull leaves it hidden; Show brings it back', async () => {
    const { c, s, workspace } = await connected();
    const { post, x } = await twoVariants(c, workspace, 'Old news', true);
    const listed = async (hidden?: boolean) =>
      (await c.call('posts.list', { workspace, ...(hidden === undefined ? {} : { hidden }) })).map(
        (p) => p.id,
      );
    const planned = async () =>
      (await c.call('planning.calendar', { workspace, from: at(0), to: at(24 * 7) })).items.map(
        (i) => i.postId,
      );

    expect(await c.call('posts.hide', { ids: [post.id] })).toEqual({ done: 1, refused: [] });
    expect(offered(c).at(-1)!.label).toBe('Hid ‘Old news’ here');
    expect(await listed()).not.toContain(post.id);
    expect(await listed(true)).toEqual([post.id]);
    expect(await planned()).not.toContain(post.id);
    expect((await c.call('planning.queue', { workspace })).nextUp.map((i) => i.postId)).not.toContain(
      post.id,
    );
    const detail = await c.call('posts.get', { id: post.id });
    expect([detail.hidden, detail.actions]).toEqual([true, ['duplicate', 'show']]);

    // A colleague changes it on the service; full pulls read it again; it stays hidden.
    const serverId = (await c.call('posts.get', { id: post.id })).variants[0]!.serverId!;
    await fetch(`${s.baseUrl}/api/workspaces/${workspace}/posts/${detail.serverId}/variants/${serverId}/`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': s.token },
      body: JSON.stringify({ scheduled_at: at(40) }),
    });
    await c.core.syncNow('user');
    await c.core.syncNow('user');
    expect(
      (await c.call('posts.get', { id: post.id })).variants.find((v) => v.id === x.id)!.scheduledAt,
    ).toBe(at(40));
    expect(await listed()).not.toContain(post.id);
    expect(await listed(true)).toEqual([post.id]);
    expect(await c.call('posts.hide', { ids: [post.id] })).toEqual({
      done: 0,
      refused: [{ id: post.id, reason: 'It is hidden here already.' }],
    });

    expect(await c.call('posts.show', { ids: [post.id] })).toEqual({ done: 1, refused: [] });
    expect(await listed()).toContain(post.id);
    expect(await planned()).toContain(post.id);
    // Showing it is undone as one more change: hidden again.
    await c.call('undo.run', {});
    expect(await listed(true)).toEqual([post.id]);
  });
});

describe('duplicate', () => {
  it('makes a local copy, unscheduled, that syncs as a new post with every variant; the original is untouched', async () => {
    const { c, s, workspace } = await connected();
    const { post } = await twoVariants(c, workspace, 'Launch', true);
    const postsBefore = s.inspect.posts(workspace).length;

    const result = await c.call('posts.duplicate', { ids: [post.id] });

    expect(result.done).toBe(1);
    const copyId = result.created[0]!.id;
    expect(result.created).toEqual([{ from: post.id, id: copyId }]);
    const copy = await c.call('posts.get', { id: copyId });
    expect([copy.title, copy.workspace, copy.serverId, copy.state]).toEqual([
      'Launch (copy)',
      workspace,
      null,
      'pending_sync',
    ]);
    expect(copy.variants.map((v) => [v.platform, v.content, v.account, v.scheduledAt])).toEqual([
      ['x', 'Launch, short.', { kind: 'default' }, null],
      ['linkedin', 'Launch, the long version.', { kind: 'default' }, null],
    ]);
    expect(offered(c).at(-1)!.label).toBe('Duplicated ‘Launch’');

    await c.core.syncNow('user');
    expect(s.inspect.posts(workspace)).toHaveLength(postsBefore + 1);
    const copied = s.inspect.posts(workspace).find((p) => p.title === 'Launch (copy)')!;
    expect(
      s.inspect
        .variants(copied.id)
        .map((v) => [v.platform, v.content, v.scheduled_at])
        .sort(),
    ).toEqual([
      ['linkedin', 'Launch, the long version.', null],
      ['x', 'Launch, short.', null],
    ]);
    expect((await c.call('posts.get', { id: post.id })).variants.map((v) => v.scheduledAt)).toEqual([
      at(30),
      null,
    ]);
    // On the service now: its undo is refused, and says what to do instead.
    expect(await c.call('undo.run', {})).toEqual({
      label: 'Duplicated ‘Launch’',
      undone: 0,
      refused: [
        {
          postId: copyId,
          reason:
            '‘Launch (copy)’: this post is on the service, which offers no way to delete it; you can hide it here instead.',
        },
      ],
    });
  });

  it('is undone before it synced: the copy goes, and nothing is sent', async () => {
    const { c, s, workspace } = await connected();
    const { post } = await twoVariants(c, workspace, 'Recipe', true);
    const { created } = await c.call('posts.duplicate', { ids: [post.id] });
    expect(await c.call('undo.run', {})).toMatchObject({ undone: 1, refused: [] });
    await expect(c.core.invoke('posts.get', { id: created[0]!.id })).resolves.toMatchObject({ ok: false });
    const postsBefore = s.inspect.posts(workspace).length;
    await c.core.syncNow('user');
    expect(s.inspect.posts(workspace)).toHaveLength(postsBefore);
  });
});

describe('copy text from another variant', () => {
  it('is an edit that reaches the service, and its undo puts the earlier text back', async () => {
    const { c, s, workspace } = await connected();
    const { post, x, li } = await twoVariants(c, workspace, 'Tasting', true);

    const view = await c.call('variants.copyText', { id: x.id, fromId: li.id });

    expect(view.content).toBe('Tasting, the long version.');
    expect(offered(c).at(-1)!.label).toBe('Copied the LinkedIn text into the X variant of ‘Tasting’');
    await c.core.syncNow('user');
    const serverX = (await c.call('posts.get', { id: post.id })).variants[0]!.serverId!;
    expect(s.inspect.variants().find((v) => v.id === serverX)!.content).toBe('Tasting, the long version.');

    await c.call('undo.run', {});
    await c.core.syncNow('user');
    expect(s.inspect.variants().find((v) => v.id === serverX)!.content).toBe('Tasting, short.');
    const other = await twoVariants(c, workspace, 'Elsewhere', false);
    await expect(
      c.core.invoke('variants.copyText', { id: x.id, fromId: other.li.id }),
    ).resolves.toMatchObject({
      ok: false,
      error: {
        code: 'invalid_state',
        message: 'Text can be copied only from another variant of the same post.',
      },
    });
  });
});
