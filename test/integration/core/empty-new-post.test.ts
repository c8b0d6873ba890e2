// "New post" makes the post at once, untitled, with its create waiting for a title. Left without
// anything typed in it, it stayed for good: "Untitled post" in the list, waiting for a title in
// the Outbox, counted as a change to send. posts.dropIfUntouched now removes it, and its create,
// in one step, only while it is still as New post made it: a title saved first keeps it, even one
// whose answer had not come back when the drop was sent. A window's core, as it starts, drops
// those a crash or a closed window left, through the same check.
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { connectedCores, openCore, tempDir, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');
const connected = connectedCores(START);

const waitingOf = async (c: TestCore, postId: string) =>
  (await c.call('outbox.list', undefined)).filter((op) => op.postId === postId);

const gone = (c: TestCore, id: string) =>
  c.core.invoke('posts.get', { id }).then((r) => !r.ok && r.error.code === 'not_found');

describe('posts.dropIfUntouched', () => {
  it('a new post left as it was made goes, its create with it: nothing waits for a title', async () => {
    const { c, workspace } = await connected();
    const post = await c.call('posts.create', { workspace, title: '' });
    expect((await waitingOf(c, post.id)).map((op) => [op.kind, op.state])).toEqual([
      ['create_post', 'pending'],
    ]);
    expect((await c.core.syncNow('user')).pending).toBe(1);

    c.events.length = 0;
    expect(await c.call('posts.dropIfUntouched', { id: post.id })).toEqual({ dropped: true });
    expect(await gone(c, post.id)).toBe(true);
    expect(await waitingOf(c, post.id)).toEqual([]);
    expect((await c.call('posts.list', { workspace })).map((p) => p.id)).not.toContain(post.id);
    // The list and the count hear of it as of any change.
    await c.waitFor((e) => e.name === 'itemChanged' && e.data.postId === post.id);
    expect((await c.core.syncNow('user')).pending).toBe(0);
    // Withdrawn through the op machine, as a deleted draft's create is, and said so in the log.
    const log = await c.call('sync.log', { limit: 500 });
    expect(log.some((e) => e.postId === post.id && e.reason === OUTBOX_REASONS.emptyPostDropped)).toBe(true);
    // Asked again: there is nothing left to drop.
    const again = await c.core.invoke('posts.dropIfUntouched', { id: post.id });
    expect(again.ok ? null : again.error.code).toBe('not_found');
  });

  it('a title saved first keeps the post, even one not yet answered when the drop was sent', async () => {
    const { c, s, workspace } = await connected();
    const post = await c.call('posts.create', { workspace, title: '' });
    // The editor's last keys, then the person leaves: the save is on its way as the drop is sent.
    const saving = c.call('posts.update', { id: post.id, title: 'Typed just in time', typing: true });
    const dropping = c.call('posts.dropIfUntouched', { id: post.id });
    expect(await dropping).toEqual({ dropped: false });
    expect((await saving).title).toBe('Typed just in time');
    expect((await c.call('posts.get', { id: post.id })).title).toBe('Typed just in time');
    expect((await waitingOf(c, post.id)).map((op) => [op.kind, op.state])).toEqual([
      ['create_post', 'pending'],
    ]);

    // Answered before the drop, the same: and its create still goes, with the title.
    const other = await c.call('posts.create', { workspace, title: '' });
    await c.call('posts.update', { id: other.id, title: 'Typed and answered', typing: true });
    expect(await c.call('posts.dropIfUntouched', { id: other.id })).toEqual({ dropped: false });
    for (const id of [post.id, other.id]) await c.call('posts.titleSettled', { id });
    await c.core.syncNow('user');
    const titles = s.inspect.posts(workspace).map((p) => p.title);
    expect(titles).toEqual(expect.arrayContaining(['Typed just in time', 'Typed and answered']));
  });

  it('a post with anything put in it, or named by an undo, is kept', async () => {
    const { c, workspace } = await connected();
    const withVariant = await c.call('posts.create', { workspace, title: '' });
    await c.call('variants.create', {
      postId: withVariant.id,
      platform: 'x',
      content: 'Only a text, no title yet.',
      account: { kind: 'default' },
    });
    // Hidden and shown again: hidden_at is back to null, but the undo journal names the post.
    const hiddenOnce = await c.call('posts.create', { workspace: null, title: '' });
    await c.call('posts.hide', { ids: [hiddenOnce.id] });
    await c.call('posts.show', { ids: [hiddenOnce.id] });
    for (const post of [withVariant, hiddenOnce])
      expect(await c.call('posts.dropIfUntouched', { id: post.id })).toEqual({ dropped: false });
    expect((await c.call('posts.get', { id: withVariant.id })).variants).toHaveLength(1);
    expect((await c.call('posts.get', { id: hiddenOnce.id })).hidden).toBe(false);

    // One of the local space, as New post made it there (no create: nothing goes to a service).
    const local = await c.call('posts.create', { workspace: null, title: '' });
    expect(await c.call('posts.dropIfUntouched', { id: local.id })).toEqual({ dropped: true });
    expect(await gone(c, local.id)).toBe(true);
  });
});

describe('at a start', () => {
  let sandbox: SandboxHandle | null = null;
  let core: TestCore | null = null;
  let removeDir: (() => void) | null = null;
  afterEach(async () => {
    await core?.close();
    await sandbox?.close();
    removeDir?.();
    core = sandbox = removeDir = null;
  });

  it('a window’s core drops the empty new posts left behind; the command line and a restarted core leave them', async () => {
    const temp = tempDir('outpost-empty-posts-');
    removeDir = () => temp.remove();
    sandbox = await startSandbox();
    const workspace = sandbox.fixtures.workspace;
    core = await openCore({ dir: temp.dir });
    await core.call('settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await core.core.syncNow('user');
    // Left by a window that closed: two empty posts, and two with something in them.
    const empty = await core.call('posts.create', { workspace, title: '' });
    const emptyLocal = await core.call('posts.create', { workspace: null, title: '' });
    const titled = await core.call('posts.create', { workspace, title: 'Kept by its title' });
    const withVariant = await core.call('posts.create', { workspace, title: '' });
    await core.call('variants.create', {
      postId: withVariant.id,
      platform: 'x',
      content: 'Kept by its text.',
      account: { kind: 'default' },
    });
    await core.close();
    const all = [empty, emptyLocal, titled, withVariant].map((p) => p.id);
    const present = async (c: TestCore) => {
      const here: string[] = [];
      for (const id of all) if (!(await gone(c, id))) here.push(id);
      return here;
    };

    // The command line may run beside a window showing one; a core started again under a window
    // that stayed open (the lease names the dead one) too.
    const leaveThem = [
      { host: 'cli' as const },
      { host: 'electron' as const, syncLease: { me: 'b', gone: ['a'] } },
    ];
    for (const options of leaveThem) {
      core = await openCore({ dir: temp.dir, ...options });
      expect(await present(core)).toEqual(all);
      await core.close();
    }

    core = await openCore({ dir: temp.dir, host: 'electron' });
    expect(await present(core)).toEqual([titled.id, withVariant.id]);
    expect(await waitingOf(core, empty.id)).toEqual([]);
    expect((await waitingOf(core, withVariant.id)).map((op) => op.kind)).toContain('create_post');
  });

  it('start and close wait while another window host has the folder open, and not for one that crashed', async () => {
    const temp = tempDir('outpost-empty-posts-two-');
    removeDir = () => temp.remove();
    const window = (me: string) => openCore({ dir: temp.dir, host: 'browser', syncLease: { me, gone: [] } });
    // The desktop app shows a new post it has just made; the browser host starts on the same folder.
    const desktop = await window('desktop');
    const shown = await desktop.call('posts.create', { workspace: null, title: '' });
    const browser = await window('browser');
    expect(await gone(browser, shown.id)).toBe(false);
    // Which windows are open is this machine's moment, not the person's work: not exported.
    const exported = JSON.parse((await browser.call('data.export', undefined)).document) as {
      settings: Record<string, unknown>;
    };
    expect(Object.keys(exported.settings).filter((key) => key.startsWith('windowCore'))).toEqual([]);
    // Nor does the browser host's close take it: the desktop app still shows it.
    await browser.close();
    // The person types into it, and it is kept as any post.
    await desktop.call('posts.update', { id: shown.id, title: 'Typed after the other start', typing: true });
    expect((await desktop.call('posts.get', { id: shown.id })).title).toBe('Typed after the other start');
    const leftEmpty = await desktop.call('posts.create', { workspace: null, title: '' });
    // The app quits with an empty one on screen (its window goes with it): it goes at the close.
    await desktop.close();
    core = await openCore({ dir: temp.dir });
    expect(await gone(core, leftEmpty.id)).toBe(true);
    expect(await gone(core, shown.id)).toBe(false);
    // One the command line made stays through its close.
    const again = await core.call('posts.create', { workspace: null, title: '' });
    await core.close();
    core = await openCore({ dir: temp.dir });
    expect(await gone(core, again.id)).toBe(false);
    await core.close();

    // A host that crashed (its process ended, its row left behind) holds nothing back.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const db = new Database(join(temp.dir, DATABASE_FILE));
    db.prepare("insert into setting (key, value) values ('windowCore:crashed', ?)").run(
      JSON.stringify({ pid: ended, host: hostname(), since: new Date().toISOString() }),
    );
    db.close();
    core = await window('after-crash');
    expect(await gone(core, again.id)).toBe(true);
    await core.close();
    const after = new Database(join(temp.dir, DATABASE_FILE), { readonly: true });
    const rows = after.prepare("select key from setting where key like 'windowCore:%'").all();
    after.close();
    expect(rows).toEqual([]);
    core = null;
  });
});
