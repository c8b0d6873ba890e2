// A search over a library larger than the stretch a first screenful looks through first
// (FIRST_STRETCH): a common word fills the screen there, a rare one or one that thins out is
// looked for in the whole library. Either way the screen is the start of the whole list, in its
// order, and the pages that follow give the rest, in every order. On a real SQLite file; the
// rows go in through the repositories, as the app writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, PostPage, PostSort } from '@preload/bridge';
import { FIRST_STRETCH, SEARCH_WINDOW } from '../../../src-main/core/app/find/post-list';
import { openCore, tempDir, type TestCore } from './helpers';
import { writeSyncedPosts } from './synced-posts';

const POSTS = 6_000;
const T0 = Date.parse('2030-03-04T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const WEEK = { from: at(0), to: at(7 * 24 * 60) };

/** What post `i`'s one variant says, and when it goes out. */
function variantOf(i: number): { content: string; scheduledAt: string | null } {
  const words = ['Tea'];
  if (i % 10 === 3) words.push('Coffee time');
  // Thins out: 25 in the list's first 1,000 posts, 150 in all.
  if (i % 40 === 5) words.push('Cocoa');
  if (i === 1_500 || i === 2_500) words.push('Zanzibar trip');
  return { content: words.join(', '), scheduledAt: i % 100 === 50 ? at(3 * 24 * 60) : null };
}

let temp: ReturnType<typeof tempDir>;
let t: TestCore;

beforeAll(async () => {
  temp = tempDir('outpost-first-screenful-');
  await writeSyncedPosts(`${temp.dir}/outpost.db`, POSTS, (i) => {
    const id = `p${String(i).padStart(4, '0')}`;
    return {
      id,
      title: i === 1_800 ? `Post ${id}, Zanzibar` : `Post ${id}`,
      createdAt: at(-i),
      // "Last changed" runs the other way from the titles.
      updatedAt: at(-POSTS + i),
      variant: { platform: 'x', ...variantOf(i) },
    };
  });
  t = await openCore({ dir: temp.dir });
});

afterAll(async () => {
  await t.close();
  temp.remove();
});

type ListPayload = Omit<CommandPayload<'posts.list'>, 'workspace'>;
const ids = async (p: ListPayload) =>
  (await t.call('posts.list', { workspace: 'acme', ...p })).map((s) => s.id);

/** The whole list as the window reads it after its first screenful: page after page from the start. */
async function paged(p: ListPayload): Promise<string[]> {
  const seen: string[] = [];
  for (let from: number | null = 0; from !== null;) {
    const page: PostPage = await t.call('posts.page', { workspace: 'acme', ...p, from, limit: 100 });
    seen.push(...page.posts.map((s) => s.id));
    from = page.next;
  }
  return seen;
}

describe('a search over a library larger than the stretches it looks through', () => {
  it('shows the start of the whole list first, whether the first stretch fills it or the whole library is read', async () => {
    // More than one stretch of each kind: the first screenful's and a page's.
    expect(POSTS).toBeGreaterThan(Math.max(2 * FIRST_STRETCH, SEARCH_WINDOW));
    const lists: Array<[ListPayload, number]> = [
      [{ query: 'coffee' }, 600], // fills a screenful in the stretch
      [{ query: 'cocoa' }, 150], // 25 in the stretch: the rest is further on
      [{ query: 'zanzibar' }, 3], // none in the stretch
      [{ query: 'no such word' }, 0],
      [{ query: 'cocoa tea' }, 150], // two words
      [{ outAt: WEEK }, 60], // a time, found through the planned times' index
      [{ outAt: WEEK, query: 'tea' }, 60],
      [{ platform: 'x', query: 'cocoa' }, 150],
    ];
    for (const sort of ['title', 'changed', 'created', 'scheduled'] as PostSort[])
      for (const [p, found] of lists) {
        const all = await ids({ ...p, sort });
        expect(all, JSON.stringify({ ...p, sort })).toHaveLength(found);
        expect(await ids({ ...p, sort, limit: 60 }), JSON.stringify({ ...p, sort })).toEqual(
          all.slice(0, 60),
        );
      }
    // A search's pages, in every order: the whole list, each post once.
    for (const sort of ['title', 'changed', 'created', 'scheduled'] as PostSort[])
      for (const [p] of lists)
        expect(await paged({ ...p, sort }), JSON.stringify({ ...p, sort })).toEqual(
          await ids({ ...p, sort }),
        );
    // In a text or in a title, beyond the stretch, in the list's order.
    expect(await ids({ query: 'zanzibar', sort: 'title', limit: 60 })).toEqual(['p1500', 'p1800', 'p2500']);
    expect(await ids({ query: 'zanzibar', sort: 'changed', limit: 60 })).toEqual(['p2500', 'p1800', 'p1500']);
  });

  it('sees a change at once in an order worked out apart from the search', async () => {
    const list = { query: 'post', sort: 'title' as PostSort };
    expect((await paged(list)).indexOf('p2000')).toBe(2_000);
    await t.call('posts.update', { id: 'p2000', title: 'A post, renamed' });
    expect((await paged(list))[0]).toBe('p2000');
    expect((await ids({ ...list, limit: 60 }))[0]).toBe('p2000');
  });
});
