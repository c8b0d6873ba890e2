// The base each item keeps for the three-way merge, stored without what repeats its row
// (store/stored-base.ts), through real syncs with the sandbox and the file read as it lies: an
// item in step with the service stores `{}`, a change here keeps the service's value beside it,
// and the merge, the push and a conflict's resolution decide as they did with whole copies.
import BetterSqlite3 from 'better-sqlite3';
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
  sandbox = await startSandbox({ manualClock: true, startTime: new Date('2030-01-01T09:00:00.000Z') });
  t = await openCore({ requestTimeoutMs: 5_000 });
  await t.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await t.core.syncNow('user');
  return { s: sandbox, c: t };
}

/** The stored bases, read from the file as it lies (the core keeps it open; reading is allowed). */
function storedBases(c: TestCore, table: 'post' | 'variant'): Map<string, string | null> {
  const db = new BetterSqlite3(join(c.dir, 'outpost.db'), { readonly: true });
  try {
    const rows = db.prepare(`select id, base from ${table} where server_id is not null`).all() as Array<{
      id: string;
      base: string | null;
    }>;
    return new Map(rows.map((r) => [r.id, r.base]));
  } finally {
    db.close();
  }
}

async function serviceEdit(s: SandboxHandle, serverPost: string, serverVariant: string, content: string) {
  const res = await fetch(
    `${s.baseUrl}/api/workspaces/${s.fixtures.workspace}/posts/${serverPost}/variants/${serverVariant}/`,
    {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.otherToken}` },
      body: JSON.stringify({ content }),
    },
  );
  expect(res.status).toBe(200);
}

/** A post with one variant made here and synced. */
async function synced(s: SandboxHandle, c: TestCore, title: string) {
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title });
  const variant = await c.call('variants.create', {
    postId: post.id,
    platform: 'linkedin',
    content: `${title} text`,
    account: { kind: 'default' },
  });
  await c.core.syncNow('user');
  const detail = await c.call('posts.get', { id: post.id });
  return {
    postId: post.id,
    variantId: variant.id,
    serverPost: detail.serverId!,
    serverVariant: detail.variants[0]!.serverId!,
  };
}

describe('bases stored without what repeats the row', () => {
  it('after a pull, every item in step with the service stores {}', async () => {
    const { c } = await connected();
    const variants = storedBases(c, 'variant');
    const posts = storedBases(c, 'post');
    expect(variants.size).toBeGreaterThan(0);
    expect(posts.size).toBeGreaterThan(0);
    expect(new Set(variants.values())).toEqual(new Set(['{}']));
    expect(new Set(posts.values())).toEqual(new Set(['{}']));
  });

  it('keeps the service’s text beside an edit, sends the edit, and is {} again once the service has it', async () => {
    const { s, c } = await connected();
    const item = await synced(s, c, 'Launch');
    // The account the service picked for "default" is the one field the row does not repeat.
    const picked = storedBases(c, 'variant').get(item.variantId);
    expect(Object.keys(JSON.parse(picked ?? '{}') as object)).toEqual(['social_profile_id']);

    await c.call('sync.pause', undefined);
    await c.call('variants.update', { id: item.variantId, content: 'Edited here' });
    expect(JSON.parse(storedBases(c, 'variant').get(item.variantId) ?? '')).toMatchObject({
      content: 'Launch text',
    });
    await c.call('sync.resume', undefined);
    await c.core.syncNow('user');
    await c.core.syncNow('user');
    expect(s.inspect.variants(item.serverPost).map((v) => v.content)).toEqual(['Edited here']);
    const detail = await c.call('posts.get', { id: item.postId });
    expect(detail.variants[0]).toMatchObject({ content: 'Edited here', conflicts: [] });
    expect(storedBases(c, 'variant').get(item.variantId)).toBe(picked);
  });

  it('takes a change made only on the service, and stores {} beside it', async () => {
    const { s, c } = await connected();
    const item = await synced(s, c, 'Quiet');
    const picked = storedBases(c, 'variant').get(item.variantId);
    await serviceEdit(s, item.serverPost, item.serverVariant, 'Changed on the service');
    await c.core.syncNow('user');
    expect((await c.call('posts.get', { id: item.postId })).variants[0]).toMatchObject({
      content: 'Changed on the service',
      conflicts: [],
    });
    expect(storedBases(c, 'variant').get(item.variantId)).toBe(picked);
  });

  it('finds a conflict when both changed, and settles it on the service’s text', async () => {
    const { s, c } = await connected();
    const item = await synced(s, c, 'Twice');
    await c.call('sync.pause', undefined);
    await c.call('variants.update', { id: item.variantId, content: 'mine' });
    await serviceEdit(s, item.serverPost, item.serverVariant, 'theirs');
    await c.call('sync.resume', undefined);
    await c.core.syncNow('user');
    const variant = (await c.call('posts.get', { id: item.postId })).variants[0]!;
    expect(variant).toMatchObject({ content: 'mine' });
    expect(variant.conflicts).toEqual([{ field: 'content', mine: 'mine', theirs: 'theirs' }]);
    // The base is still what both started from: the merge did not take either side.
    expect(JSON.parse(storedBases(c, 'variant').get(item.variantId) ?? '')).toMatchObject({
      content: 'Twice text',
    });

    await c.call('variants.resolveConflict', { id: item.variantId, choice: 'theirs' });
    await c.core.syncNow('user');
    expect((await c.call('posts.get', { id: item.postId })).variants[0]).toMatchObject({
      content: 'theirs',
      conflicts: [],
    });
    expect(s.inspect.variants(item.serverPost).map((v) => v.content)).toEqual(['theirs']);
    expect(JSON.parse(storedBases(c, 'variant').get(item.variantId) ?? '')).not.toHaveProperty('content');
  });
});
