// An export (or a copy) is an older moment: a change waiting in it may have gone out since, from
// the machine it was made on. Brought back into another folder, such a change is asked about
// first and never sent blind, so the service never gets the same post twice.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { openCore, type TestCore } from '../core/helpers';

let open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.reverse()) await o.close();
  open = [];
});

async function connected(sandbox: SandboxHandle): Promise<TestCore> {
  const t = await openCore();
  open.push({ close: () => t.close() });
  await t.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await t.call('workspaces.select', { slug: sandbox.fixtures.workspace });
  return t;
}

describe('bringing back an export whose changes went out meanwhile', () => {
  it('asks the service first: the post is on the service once, and the text is here', async () => {
    const sandbox = await startSandbox();
    open.push({ close: () => sandbox.close() });
    const workspace = sandbox.fixtures.workspace;

    const first = await connected(sandbox);
    const post = await first.call('posts.create', { workspace, title: 'Written before the export' });
    await first.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Sent after the export',
      account: { kind: 'none' },
    });
    const { document } = await first.call('data.export', undefined);
    // The first machine sends it after the export was made.
    await first.core.syncNow('user');
    expect((await first.call('outbox.list', undefined)).filter((o) => o.state !== 'done')).toEqual([]);

    const second = await connected(sandbox);
    const report = await second.call('data.import', { document });
    expect(report.posts).toBeGreaterThan(0);
    const waiting = await second.call('outbox.list', undefined);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((o) => o.state === 'unknown')).toBe(true);
    await second.core.syncNow('user');
    await second.core.syncNow('user');

    // What the service holds, read by a third folder.
    const third = await connected(sandbox);
    await third.core.syncNow('user');
    const titles = (await third.call('posts.list', { workspace })).map((p) => p.title);
    expect(titles.filter((t) => t === 'Written before the export')).toHaveLength(1);
    const texts = (await second.call('posts.list', { workspace })).filter(
      (p) => p.title === 'Written before the export',
    );
    expect(texts.length).toBeGreaterThan(0);
  });

  it("a pull here before the import brought what the export's create made: that copy is taken over, not made again", async () => {
    const sandbox = await startSandbox();
    open.push({ close: () => sandbox.close() });
    const workspace = sandbox.fixtures.workspace;

    const first = await connected(sandbox);
    const post = await first.call('posts.create', { workspace, title: 'Pulled before the import' });
    await first.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Went out from the first machine',
      account: { kind: 'none' },
    });
    const { document } = await first.call('data.export', undefined);
    await first.core.syncNow('user');

    // The second folder has pulled the post, as a copy of the service's, before the import.
    const second = await connected(sandbox);
    await second.core.syncNow('user');
    const pulled = (await second.call('posts.list', { workspace })).filter(
      (p) => p.title === 'Pulled before the import',
    );
    expect(pulled).toHaveLength(1);
    await second.call('data.import', { document });
    await second.core.syncNow('user');
    await second.core.syncNow('user');

    const third = await connected(sandbox);
    await third.core.syncNow('user');
    const onService = (await third.call('posts.list', { workspace })).filter(
      (p) => p.title === 'Pulled before the import',
    );
    expect(onService).toHaveLength(1);
    const serviceVariants = (await third.call('posts.get', { id: (onService[0] as { id: string }).id }))
      .variants;
    expect(serviceVariants.map((v) => v.content)).toEqual(['Went out from the first machine']);

    // Here: the brought-back post took the record over, with its text, and nothing waits.
    const here = (await second.call('posts.list', { workspace })).filter(
      (p) => p.title === 'Pulled before the import',
    );
    expect(here.map((p) => p.id)).toEqual([post.id]);
    const detail = await second.call('posts.get', { id: post.id });
    expect(detail.variants.map((v) => v.content)).toEqual(['Went out from the first machine']);
    expect((await second.call('outbox.list', undefined)).filter((o) => o.state !== 'done')).toEqual([]);
  });

  it('a variant the export waited to send, already pulled here, is taken over: the post has it once', async () => {
    const sandbox = await startSandbox();
    open.push({ close: () => sandbox.close() });
    const workspace = sandbox.fixtures.workspace;

    const first = await connected(sandbox);
    const post = await first.call('posts.create', { workspace, title: 'On the service before the export' });
    await first.core.syncNow('user');
    await first.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Added after the post went out',
      account: { kind: 'none' },
    });
    const { document } = await first.call('data.export', undefined);
    await first.core.syncNow('user');

    const second = await connected(sandbox);
    await second.core.syncNow('user');
    await second.call('data.import', { document });
    await second.core.syncNow('user');
    await second.core.syncNow('user');

    const third = await connected(sandbox);
    await third.core.syncNow('user');
    const [onService] = (await third.call('posts.list', { workspace })).filter(
      (p) => p.title === 'On the service before the export',
    );
    expect(onService).toBeDefined();
    const serviceTexts = (
      await third.call('posts.get', { id: (onService as { id: string }).id })
    ).variants.map((v) => v.content);
    expect(serviceTexts).toEqual(['Added after the post went out']);
    const here = (await second.call('posts.list', { workspace })).filter(
      (p) => p.title === 'On the service before the export',
    );
    expect(here).toHaveLength(1);
    const texts = (await second.call('posts.get', { id: (here[0] as { id: string }).id })).variants.map(
      (v) => v.content,
    );
    expect(texts).toEqual(['Added after the post went out']);
    expect((await second.call('outbox.list', undefined)).filter((o) => o.state !== 'done')).toEqual([]);
  });

  it("a folder's own create of unknown outcome never takes over a look-alike the pull brought", async () => {
    const sandbox = await startSandbox();
    open.push({ close: () => sandbox.close() });
    const workspace = sandbox.fixtures.workspace;
    const colleague = await connected(sandbox);
    await colleague.call('posts.create', { workspace, title: 'Weekly update' });
    await colleague.core.syncNow('user');

    const here = await connected(sandbox);
    await here.core.syncNow('user');
    const mine = await here.call('posts.create', { workspace, title: 'Weekly update' });
    // The request is lost before the service applies it: its outcome is unknown here.
    sandbox.faults.add({
      method: 'POST',
      path: '/api/workspaces/:slug/posts/',
      kind: 'drop_before_write',
      times: 1,
    });
    await here.core.syncNow('user');
    expect((await here.call('outbox.list', undefined)).map((o) => o.state)).toEqual(['unknown']);
    await here.core.syncNow('user');

    const titled = (await here.call('posts.list', { workspace })).filter((p) => p.title === 'Weekly update');
    expect(titled).toHaveLength(2);
    const serverIds = await Promise.all(
      titled.map(async (p) => (await here.call('posts.get', { id: p.id })).serverId),
    );
    expect(new Set(serverIds).size).toBe(2);
    expect(titled.map((p) => p.id)).toContain(mine.id);
  });
});
