// posts.refresh: the list once more after some of its posts changed, as a window asks for it
// while a sync writes: the whole list's order as ids, the changed posts' summaries only, and
// the order left out while it stays the one the window holds. On a real SQLite file; the rows
// go in through the repositories, as a pull writes them (synced-posts.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REFRESHED_POSTS, type CommandPayload, type PostSort } from '@preload/bridge';
import { openCore, tempDir, type TestCore } from './helpers';
import { writeSyncedPosts } from './synced-posts';

const POSTS = 400;
const T0 = Date.parse('2030-03-04T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const SORTS: PostSort[] = ['changed', 'title', 'created', 'scheduled'];

let temp: ReturnType<typeof tempDir>;
let t: TestCore;

beforeAll(async () => {
  temp = tempDir('outpost-post-refresh-');
  await writeSyncedPosts(`${temp.dir}/outpost.db`, POSTS, (i) => {
    const id = `p${String(i).padStart(3, '0')}`;
    return {
      id,
      title: `Post ${id}`,
      createdAt: at(-i),
      updatedAt: at(-POSTS + ((i * 7) % POSTS)),
      variant: {
        platform: i % 2 === 0 ? 'x' : 'linkedin',
        content: i % 5 === 0 ? 'Coffee and tea' : 'Tea',
        scheduledAt: i % 3 === 0 ? at(24 * 60 + i) : null,
      },
    };
  });
  t = await openCore({ dir: temp.dir });
});

afterAll(async () => {
  await t.close();
  temp.remove();
});

type ListPayload = Omit<CommandPayload<'posts.list'>, 'workspace' | 'limit'>;
const whole = (p: ListPayload) => t.call('posts.list', { workspace: 'acme', ...p });
const refresh = (p: ListPayload, changed: string[], orderKey?: string) =>
  t.call('posts.refresh', { workspace: 'acme', ...p, changed, ...(orderKey ? { orderKey } : {}) });

const LISTS: ListPayload[] = [
  {},
  { query: 'coffee' },
  { platform: 'x' },
  { query: 'tea', platform: 'linkedin' },
  { outAt: { from: at(0), to: at(3 * 24 * 60) } },
  { filter: 'scheduled' },
  { filter: 'draft', query: 'coffee' },
];

describe('posts.refresh', () => {
  it("answers the whole list's order and only the changed posts it shows, in every order", async () => {
    const changed = ['p000', 'p005', 'p007', 'p150', 'p399', 'not-a-post'];
    for (const sort of SORTS)
      for (const list of LISTS) {
        const p = { ...list, sort };
        const listed = await whole(p);
        expect(listed.length, JSON.stringify(p)).toBeGreaterThan(0);
        const answer = await refresh(p, changed);
        expect(answer.order, JSON.stringify(p)).toEqual(listed.map((s) => s.id));
        // Each changed post the list shows, as the whole list has it; no other post.
        expect(
          [...answer.posts].sort((a, b) => a.id.localeCompare(b.id)),
          JSON.stringify(p),
        ).toEqual(listed.filter((s) => changed.includes(s.id)).sort((a, b) => a.id.localeCompare(b.id)));
      }
  });

  it('leaves out an order the window already holds, and sends it again once it changed', async () => {
    const p: ListPayload = { sort: 'title', query: 'coffee' };
    const first = await refresh(p, []);
    expect(first.order).toHaveLength(POSTS / 5);
    const again = await refresh(p, ['p010'], first.orderKey);
    expect(again.order).toBeNull();
    expect(again.orderKey).toBe(first.orderKey);
    expect(again.posts.map((s) => s.id)).toEqual(['p010']);
    // Another list's key is not this one's.
    expect((await refresh({ sort: 'changed', query: 'coffee' }, [], first.orderKey)).order).toHaveLength(
      POSTS / 5,
    );

    // A new text that keeps the post in the list, in its place: the order stays out.
    await t.call('variants.update', { id: 'p010-x', content: 'Coffee, black' });
    const edited = await refresh(p, ['p010'], first.orderKey);
    expect(edited.order).toBeNull();
    // Its summary as the whole list has it now: an edit waiting to be sent.
    expect(edited.posts).toEqual((await whole(p)).filter((s) => s.id === 'p010'));
    expect(edited.posts).not.toEqual(again.posts);

    // Renamed to the top of the order: the order comes again, the post first in it.
    await t.call('posts.update', { id: 'p020', title: 'A post, renamed' });
    const renamed = await refresh(p, ['p020'], first.orderKey);
    expect(renamed.order?.[0]).toBe('p020');
    expect(renamed.orderKey).not.toBe(first.orderKey);
    expect(renamed.order).toEqual((await whole(p)).map((s) => s.id));

    // A text no longer found: the post leaves the order, and no summary of it comes.
    await t.call('variants.update', { id: 'p030-x', content: 'Tea only' });
    const gone = await refresh(p, ['p030'], renamed.orderKey);
    expect(gone.order).not.toContain('p030');
    expect(gone.order).toHaveLength(POSTS / 5 - 1);
    expect(gone.posts).toEqual([]);
  });

  it(`asks about at most ${MAX_REFRESHED_POSTS} posts at once`, async () => {
    const many = Array.from({ length: MAX_REFRESHED_POSTS + 1 }, (_, i) => `p${String(i).padStart(3, '0')}`);
    const answer = await t.core.invoke('posts.refresh', { workspace: 'acme', changed: many });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.code).toBe('invalid_payload');
    expect((await refresh({}, many.slice(0, MAX_REFRESHED_POSTS))).posts).toHaveLength(POSTS);
  });
});
