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
});
