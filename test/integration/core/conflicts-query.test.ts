// posts.conflicts: the core's one answer to "what is in conflict", read by `outpost conflicts`.
// Conflicts are made the real way: a change here and another on the service, then a sync.
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

/** A synced post with one variant; `serverPost` is its id on the service. */
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
  return { postId: post.id, variantId: variant.id, serverPost: detail.serverId!, detail };
}

describe('posts.conflicts', () => {
  it('answers the posts in conflict on a variant or on the title, and none of the others', async () => {
    const { s, c } = await connected();
    const calm = await synced(s, c, 'Nothing to see');
    const edited = await synced(s, c, 'Edited twice');
    const renamed = await synced(s, c, 'Renamed twice');
    expect(await c.call('posts.conflicts', undefined)).toEqual([]);

    // The same variant's text changed here and on the service.
    await c.call('sync.pause', undefined);
    await c.call('variants.update', { id: edited.variantId, content: 'mine' });
    const serverVariant = edited.detail.variants[0]!.serverId!;
    const res = await fetch(
      `${s.baseUrl}/api/workspaces/${s.fixtures.workspace}/posts/${edited.serverPost}/variants/${serverVariant}/`,
      {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.otherToken}` },
        body: JSON.stringify({ content: 'theirs' }),
      },
    );
    expect(res.status).toBe(200);
    // The same post renamed here and in the service's app.
    s.renamePost(renamed.serverPost, 'Their title');
    await c.call('posts.update', { id: renamed.postId, title: 'My title' });
    await c.call('sync.resume', undefined);
    await c.core.syncNow('user');

    const found = await c.call('posts.conflicts', undefined);
    // In the order `posts.list` gives the workspace.
    const listed = await c.call('posts.list', { workspace: s.fixtures.workspace });
    const order = listed.map((p) => p.id).filter((id) => id === edited.postId || id === renamed.postId);
    expect(found.map((p) => p.id)).toEqual(order);
    expect(found.map((p) => p.id)).not.toContain(calm.postId);

    const byId = new Map(found.map((p) => [p.id, p]));
    expect(byId.get(renamed.postId)?.conflicts).toEqual([
      { field: 'title', mine: 'My title', theirs: 'Their title' },
    ]);
    const editedPost = byId.get(edited.postId)!;
    expect(editedPost.conflicts).toEqual([]);
    expect(editedPost.variants.find((v) => v.id === edited.variantId)?.conflicts).toEqual([
      { field: 'content', mine: 'mine', theirs: 'theirs' },
    ]);
    expect(c.core.status().conflicts).toBe(found.length);

    // Settled, a post leaves the answer.
    await c.call('posts.resolveConflict', { id: renamed.postId, choice: 'theirs' });
    expect((await c.call('posts.conflicts', undefined)).map((p) => p.id)).toEqual([edited.postId]);
  });

  it('refuses a payload, like every command without one', async () => {
    t = await openCore();
    const answer = await t.core.invoke('posts.conflicts', { workspace: 'x' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
  });
});
