// What a handler does is one unit of work with the op machine: its events go out after its
// commit, it refuses what an item's actions leave out (with the reason the view would give),
// and what it supersedes is logged.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { openCore, type TestCore } from './helpers';

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

async function connected(): Promise<{ s: SandboxHandle; c: TestCore }> {
  sandbox = await startSandbox();
  t = await openCore();
  await t.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await t.core.syncNow('user');
  return { s: sandbox, c: t };
}

describe('a handler is one unit of work', () => {
  it('sends the events of its transaction only after the commit', async () => {
    const { s, c } = await connected();
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Refused once' });
    // The service refuses a listening profile for a variant: its create fails.
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Hello',
      account: { kind: 'profile', profileId: s.fixtures.profiles.instagramListening },
    });
    await c.core.syncNow('user');
    const refused = (await c.call('outbox.list', undefined)).find((o) => o.kind === 'create_variant');
    expect(refused).toMatchObject({ state: 'failed', actions: ['retry'] });

    // Another connection sees only what is committed: what a listener reads when it hears of
    // the change is what the window would read then.
    const reader = new Database(join(c.dir, 'outpost.db'), { readonly: true });
    const seen: string[] = [];
    const stop = c.core.subscribe((e) => {
      if (e.name !== 'itemChanged' || e.data.variantId !== v.id) return;
      const row = reader.prepare('select state from outbox_op where id = ?').get(refused!.id) as {
        state: string;
      };
      seen.push(row.state);
    });
    try {
      // The user's edit of a refused create sends it again (the op machine's `edited`).
      await c.call('variants.update', {
        id: v.id,
        account: { kind: 'profile', profileId: s.fixtures.profiles.xDefault },
      });
    } finally {
      stop();
      reader.close();
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual(seen.map(() => 'pending'));
  });

  it('refuses what a variant’s actions leave out, with the reason the machine gives', async () => {
    const { s, c } = await connected();
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Twice' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Once only',
      account: { kind: 'default' },
    });
    expect(v.actions).toContain('publish');
    // The core's own publish trigger is held back by the test: the publish waits in the outbox.
    const queued = await c.call('variants.publish', { id: v.id });
    expect(queued.actions).not.toContain('publish');
    const again = await c.core.invoke('variants.publish', { id: v.id });
    expect(again).toMatchObject({
      ok: false,
      error: { code: 'invalid_state', message: 'A publish of this variant is already on its way.' },
    });
    const [publish] = (await c.call('outbox.list', undefined)).filter((o) => o.kind === 'publish');
    expect(publish?.actions).toEqual([]);
    const retried = await c.core.invoke('outbox.retry', { id: publish!.id });
    expect(retried).toMatchObject({ ok: false, error: { code: 'invalid_state' } });
    expect(!retried.ok && retried.error.message).toMatch(/^Retry is not possible for this publish: /);
  });

  it('logs a refused change superseded by a newer edit, and keeps it as done', async () => {
    const { s, c } = await connected();
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Edited' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'First',
      account: { kind: 'default' },
    });
    await c.call('variants.schedule', { id: v.id, at: '2031-01-01T09:00:00Z' });
    await c.core.syncNow('user');
    // The service refuses empty content on a scheduled variant.
    await c.call('variants.update', { id: v.id, content: '' });
    await c.core.syncNow('user');
    const [failed] = await c.call('outbox.list', undefined);
    expect(failed).toMatchObject({ kind: 'update_variant', state: 'failed', actions: ['retry', 'discard'] });

    await c.call('variants.update', { id: v.id, content: 'Third' });
    const open = await c.call('outbox.list', undefined);
    expect(open.map((o) => [o.kind, o.state])).toEqual([['update_variant', 'pending']]);
    expect(open[0]!.id).not.toBe(failed!.id);
    const log = await c.call('sync.log', { limit: 20 });
    expect(log.find((e) => e.action === 'superseded')).toMatchObject({ variantId: v.id });
    await c.core.syncNow('user');
    expect(
      s.inspect.variants(s.inspect.posts(s.fixtures.workspace).find((p) => p.title === 'Edited')!.id)[0],
    ).toMatchObject({ content: 'Third' });
  });
});
