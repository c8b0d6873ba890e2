// A post this client made is known whole from its create's answer: the status's "Checked" does
// not fall back to "not yet" for it (QA: "everything not yet" after a new post, until Sync now).
import { afterEach, describe, expect, it } from 'vitest';
import { closeFresh, connected } from './freshness-helpers';

afterEach(closeFresh);

describe('what the status says was checked, after a post of ours', () => {
  it('a post made here and sent counts as read at its create', async () => {
    const f = await connected();
    const before = f.c.core.status().checked;
    expect(before.everything).not.toBeNull();
    const workspace = f.s.fixtures.workspace;
    const post = await f.c.call('posts.create', { workspace, title: 'Made here' });
    await f.c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Our own words.',
      account: { kind: 'default' },
    });
    await f.c.call('sync.onScreen', { postIds: [post.id], ranges: [] });
    const created = f.time.now().toISOString();
    const status = await f.c.core.syncNow('user');
    expect(status.lastError).toBeNull();
    expect((await f.c.call('posts.get', { id: post.id })).serverId).not.toBeNull();
    expect(status.checked.everything).not.toBeNull();
    expect(status.checked.onScreen).not.toBeNull();
    // Not later than when the post was made: the other posts' reads still count.
    expect(status.checked.everything! <= created).toBe(true);
  });
});
