import type { CommandName } from '@preload/bridge';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCore, type TestCore } from './helpers';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('drafting with no connection and no account', () => {
  it('keeps variant tabs in the order they were added, even within one millisecond', async () => {
    // A stopped clock: every variant gets the same created_at, so only insertion order is left.
    t = await openCore({ clock: { now: () => new Date('2030-01-01T00:00:00.000Z') } });
    const post = await t.call('posts.create', { workspace: null, title: 'Many at once' });
    const platforms = ['x', 'linkedin', 'bluesky', 'threads', 'mastodon', 'instagram'];
    for (const platform of platforms) {
      await t.call('variants.create', {
        postId: post.id,
        platform,
        content: platform,
        account: { kind: 'none' },
      });
    }
    const detail = await t.call('posts.get', { id: post.id });
    expect(detail.variants.map((v) => v.platform)).toEqual(platforms);
    expect(detail.platforms).toEqual(platforms);
  });

  it('creates, edits and lists drafts in the local space', async () => {
    t = await openCore();
    const settings = await t.call('settings.get', undefined);
    expect(settings.connected).toBe(false);
    expect(settings.baseUrl).toBeNull();

    const post = await t.call('posts.create', { workspace: null, title: 'Launch day' });
    expect(post.state).toBe('local_only');
    expect(post.serverId).toBeNull();
    const v = await t.call('variants.create', {
      postId: post.id,
      platform: 'bluesky',
      content: 'We are live',
      account: { kind: 'none' },
    });
    expect(v.account).toEqual({ kind: 'none' });
    const edited = await t.call('variants.update', { id: v.id, content: 'We are live!' });
    expect(edited.content).toBe('We are live!');
    expect(edited.state).toBe('local_only');

    const list = await t.call('posts.list', { workspace: null });
    expect(list.map((p) => [p.title, p.platforms, p.state])).toEqual([
      ['Launch day', ['bluesky'], 'local_only'],
    ]);
    const spaces = await t.call('workspaces.list', undefined);
    expect(spaces[0]).toEqual({ slug: null, name: 'Local drafts', postCount: 1, access: 'ok' });
    // Nothing is queued for the service while the draft lives in the local space.
    expect(await t.call('outbox.list', undefined)).toEqual([]);
    // Search finds by content as well as title.
    expect((await t.call('posts.list', { workspace: null, query: 'LIVE!' })).length).toBe(1);
    expect((await t.call('posts.list', { workspace: null, query: 'nothing like this' })).length).toBe(0);
  });

  it('keeps drafts across a restart of the core', async () => {
    t = await openCore();
    const dir = t.dir;
    const post = await t.call('posts.create', { workspace: null, title: 'Persisted' });
    await t.core.close();
    const again = await openCore({ dir });
    const detail = await again.call('posts.get', { id: post.id });
    expect(detail.title).toBe('Persisted');
    await again.core.close();
  });

  it('refuses bad payloads with a clear message naming the field', async () => {
    t = await openCore();
    const missing = await t.core.invoke('posts.create', { workspace: null });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    if (!missing.ok) expect(missing.error.message).toMatch(/title/);
    const extra = await t.core.invoke('posts.create', { workspace: null, title: 'x', evil: 1 });
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.error.message).toMatch(/evil/);
    const badAccount = await t.core.invoke('variants.create', {
      postId: 'p',
      platform: 'x',
      content: 'c',
      account: { kind: 'profile' },
    });
    expect(badAccount.ok).toBe(false);
    if (!badAccount.ok) expect(badAccount.error.message).toMatch(/account\.profileId/);
    const badTime = await t.core.invoke('variants.schedule', { id: 'x', at: 'tomorrow' });
    expect(badTime.ok).toBe(false);
    if (!badTime.ok) expect(badTime.error.message).toMatch(/at: must be an ISO 8601/);
    expect(await t.core.invoke('no.such' as CommandName, {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_command' },
    });
    expect(await t.core.invoke('posts.get', { id: 'missing' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('refuses to publish a local-space draft and to schedule without an account', async () => {
    t = await openCore();
    const post = await t.call('posts.create', { workspace: null, title: 'T' });
    const v = await t.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'c',
      account: { kind: 'none' },
    });
    expect(await t.core.invoke('variants.publish', { id: v.id })).toMatchObject({
      ok: false,
      error: { code: 'invalid_state' },
    });
    expect(await t.core.invoke('variants.schedule', { id: v.id, at: '2031-01-01T00:00:00Z' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_state' },
    });
    const d = await t.call('variants.update', { id: v.id, account: { kind: 'default' } });
    const s = await t.call('variants.schedule', { id: d.id, at: '2031-01-01T10:00:00+02:00' });
    expect(s.scheduledAt).toBe('2031-01-01T08:00:00.000Z');
  });

  it('settings persist and the log folder exists', async () => {
    t = await openCore();
    const s = await t.call('settings.update', { theme: 'dark', closeToTray: true, notifications: false });
    expect([s.theme, s.closeToTray, s.notifications]).toEqual(['dark', true, false]);
    expect((await t.call('settings.get', undefined)).theme).toBe('dark');
    expect(t.events.some((e) => e.name === 'settingsChanged')).toBe(true);
    expect(readdirSync(join(t.dir, 'logs'))).toContain('outpost.log');
    expect(readFileSync(join(t.dir, 'logs', 'outpost.log'), 'utf8')).toMatch(/core opened/);
  });
});
