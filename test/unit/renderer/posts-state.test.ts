// The post list opens with its first screenful, then the rest a page at a time: at thousands of
// posts the whole answer takes a moment, the window must not sit empty meanwhile, and no one
// answer may keep the core busy long.
import { beforeAll, expect, it } from 'vitest';
import type { OutpostBridge, PostPage, PostSummary } from '@preload/bridge';
import { postSummary } from '../../support/post-summary';

const LIBRARY: PostSummary[] = Array.from({ length: 2_150 }, (_, i) =>
  postSummary({ id: `p${i}`, title: `Post ${i}` }),
);

interface Asked {
  command: string;
  query?: string;
  from?: number;
  limit?: number;
}
const asked: Asked[] = [];
/** Frames the test paints when it chooses (the list asks for the rest after one). */
let frames: Array<() => void> = [];
const paint = (): void => {
  const due = frames;
  frames = [];
  for (const frame of due) frame();
};
/** Pages of the rest wait until the test lets each go. */
const held: Array<() => void> = [];
const releasePage = (): void => held.shift()?.();
/** What the list is now (a sync may change it between two pages). */
let library = LIBRARY;
/** How many posts a page looks through (a search over a large library: fewer than it asks). */
let stretch = Infinity;

beforeAll(() => {
  const bridge = {
    invoke: async (command: string, payload: Omit<Asked, 'command'>) => {
      asked.push({ command, ...payload });
      if (command === 'posts.list') return { ok: true, value: library.slice(0, payload.limit) };
      await new Promise<void>((resolve) => held.push(resolve));
      const from = payload.from ?? 0;
      const looked = Math.min(payload.limit ?? 0, stretch);
      const posts = library.slice(from, from + looked);
      return {
        ok: true,
        value: { posts, next: from + looked < library.length ? from + looked : null } satisfies PostPage,
      };
    },
    subscribe: () => () => undefined,
  } as unknown as OutpostBridge;
  (globalThis as { window?: unknown }).window = { outpost: bridge };
  (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame = (frame: () => void) =>
    frames.push(frame);
});

/** Lets every page and frame go until the list is whole. */
async function finish(posts: { partial: boolean }): Promise<void> {
  while (posts.partial) {
    paint();
    releasePage();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** A list opened on the library: its first screenful shown, the rest still to come. */
async function openList() {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  const posts = new PostsState();
  asked.length = 0;
  posts.setWorkspaceLocal('acme');
  const reloading = posts.reload();
  await expect.poll(() => posts.items.length).toBe(60);
  return { posts, reloading };
}

const list = { workspace: 'acme', filter: 'all', sort: 'changed' };
const first = (extra: Partial<Asked> = {}) => ({ command: 'posts.list', ...list, ...extra, limit: 60 });
const page = (from: number, extra: Partial<Asked> = {}) => ({
  command: 'posts.page',
  ...list,
  ...extra,
  from,
  limit: 1_000,
});

it('shows the first screenful, marked partial, then the rest a page at a time', async () => {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  const posts = new PostsState();
  posts.setWorkspaceLocal('acme');
  const reloading = posts.reload();
  await expect.poll(() => posts.items.length).toBe(60);
  expect([posts.loaded, posts.partial]).toEqual([true, true]);
  // The rest is asked for once the first screenful is painted, not while it is being drawn.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(asked).toEqual([first()]);
  paint();
  // From the start of the list: the first screenful's posts are kept once. Each page shows as
  // it comes.
  for (const [from, shown] of [
    [0, 1_000],
    [1_000, 2_000],
    [2_000, 2_150],
  ] as const) {
    await expect.poll(() => asked.at(-1)).toEqual(page(from));
    releasePage();
    await expect.poll(() => posts.items.length).toBe(shown);
  }
  await reloading;
  expect(posts.partial).toBe(false);
  expect(posts.items.map((p) => p.id)).toEqual(LIBRARY.map((p) => p.id));

  // Once open, a change reloads the same list whole, page by page, and shows it at once: the
  // rows on screen do not shrink and grow back meanwhile.
  asked.length = 0;
  library = LIBRARY.slice(1);
  const again = posts.reload();
  for (const from of [0, 1_000, 2_000]) {
    await expect.poll(() => asked.at(-1)).toEqual(page(from));
    expect(posts.items.length).toBe(2_150);
    releasePage();
  }
  await again;
  expect(posts.items.map((p) => p.id)).toEqual(LIBRARY.slice(1).map((p) => p.id));
  library = LIBRARY;
});

it('asks for no rest when the first screenful holds the whole list', async () => {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  const posts = new PostsState();
  asked.length = 0;
  library = LIBRARY.slice(0, 42);
  posts.setWorkspaceLocal('acme');
  await posts.reload();
  paint();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(asked).toEqual([first()]);
  expect([posts.items.length, posts.partial]).toEqual([42, false]);
  library = LIBRARY;
});

it('goes on through pages that found fewer posts than asked, to the end of the list', async () => {
  stretch = 700;
  const { posts, reloading } = await openList();
  await finish(posts);
  await reloading;
  expect(asked.slice(1).map((a) => a.from)).toEqual([0, 700, 1_400, 2_100]);
  expect(posts.items.map((p) => p.id)).toEqual(LIBRARY.map((p) => p.id));
  stretch = Infinity;
});

it('keeps a post once when a change moved it from one page to the next', async () => {
  const { posts, reloading } = await openList();
  paint();
  await expect.poll(() => held.length).toBe(1);
  releasePage();
  await expect.poll(() => posts.items.length).toBe(1_000);
  // A new post came in at the top meanwhile: the next page starts one post early.
  library = [{ ...LIBRARY[0]!, id: 'p-new' }, ...LIBRARY];
  await finish(posts);
  await reloading;
  const shown = posts.items.map((p) => p.id);
  expect(new Set(shown).size).toBe(shown.length);
  expect(shown).toHaveLength(2_150);
  library = LIBRARY;
});

it('drops the rest of a list a newer reload replaced before it was asked for', async () => {
  const { posts, reloading: opening } = await openList();
  // A search typed before the first screenful was painted: only its answer is wanted, its own
  // first screenful at once, then the rest.
  posts.query = 'Post 1';
  const searching = posts.reload();
  await expect.poll(() => asked.length).toBe(2);
  await finish(posts);
  await Promise.all([opening, searching]);
  const query = { query: 'Post 1' };
  expect(asked).toEqual([first(), first(query), page(0, query), page(1_000, query), page(2_000, query)]);
});

it('asks the core for the filters and the order, and clears the filters in one step', async () => {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  const posts = new PostsState();
  posts.setWorkspaceLocal('acme');
  posts.platform = 'x';
  posts.account = '101';
  posts.filter = 'scheduled';
  posts.when = { choice: 'dates', from: '2030-03-02', to: '2030-03-08' };
  posts.sort = 'title';
  expect(posts.filtered).toBe(true);
  const payload = posts.listPayload();
  expect(payload).toMatchObject({
    workspace: 'acme',
    platform: 'x',
    account: '101',
    filter: 'scheduled',
    sort: 'title',
  });
  // The days are whole days of the user's zone, the last one included.
  expect(Date.parse(payload.outAt!.to!) - Date.parse(payload.outAt!.from!)).toBeGreaterThanOrEqual(
    7 * 86_400_000 - 3_600_000,
  );
  expect(new Date(payload.outAt!.from!).getDate()).toBe(2);

  asked.length = 0;
  posts.clearFilters();
  expect(posts.filtered).toBe(false);
  await expect.poll(() => asked.length).toBe(1);
  // The search and the order stay; every filter is gone.
  expect(asked[0]).toEqual({
    command: 'posts.list',
    workspace: 'acme',
    filter: 'all',
    sort: 'title',
    limit: 60,
  });
});
