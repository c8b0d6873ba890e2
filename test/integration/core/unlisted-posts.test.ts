// Posts a complete listing leaves out are asked for by id, at most UNLISTED_CHECKS_PER_SYNC a
// sync. A listing that keeps missing the same posts (still there by id) must not keep the ones
// after them from ever being asked for: the checks take turns round the workspace's posts.
import { afterEach, describe, expect, it } from 'vitest';
import { UNLISTED_CHECKS_PER_SYNC } from '../../../src-main/core/sync/unlisted-posts';
import { asColleague, closeFresh, connected } from './freshness-helpers';

afterEach(closeFresh);

describe('posts the listing leaves out', () => {
  it('are asked for in turns: one removed behind a run of posts the listing keeps missing is found', async () => {
    const f = await connected();
    const ws = f.s.fixtures.workspace;
    for (let i = 0; i <= UNLISTED_CHECKS_PER_SYNC; i++)
      await asColleague(f.s, 'POST', `/api/workspaces/${ws}/posts/`, { title: `Unlisted ${i}` });
    await f.c.core.syncNow('user');
    // In the order the checks walk: the local id.
    const posts = (await f.c.call('posts.list', { workspace: ws }))
      .filter((p) => p.title.startsWith('Unlisted '))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(posts).toHaveLength(UNLISTED_CHECKS_PER_SYNC + 1);
    const stillThere = posts.slice(0, UNLISTED_CHECKS_PER_SYNC);
    const gone = posts.at(-1)!;
    f.s.setListingMisses(stillThere.map((p) => p.serverId!));
    f.s.deletePost(gone.serverId!);
    const askedById = () =>
      f.requests.filter((r) => /^GET \/api\/workspaces\/[^/]+\/posts\/[^/?]+\/$/.test(r)).length;

    f.requests.length = 0;
    await f.c.core.syncNow('user');
    // The first turn asks for as many as it may, all still there: nothing marked.
    expect(askedById()).toBe(UNLISTED_CHECKS_PER_SYNC);
    expect((await f.c.call('posts.get', { id: gone.id })).state).not.toBe('removed');

    f.requests.length = 0;
    await f.c.core.syncNow('user');
    expect(askedById()).toBe(UNLISTED_CHECKS_PER_SYNC);
    const removed = await f.c.call('posts.get', { id: gone.id });
    expect(removed.state).toBe('removed');
    expect(removed.error).toMatch(/no longer on the service/);
    for (const post of stillThere)
      expect((await f.c.call('posts.get', { id: post.id })).state).not.toBe('removed');
  });
});
