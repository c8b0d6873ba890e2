// The post list opens with its first screenful, then the rest a page at a time: at thousands of
// posts the whole answer takes a moment, the window must not sit empty meanwhile, and no one
// answer may keep the core busy long.
import { beforeAll, expect, it } from 'vitest';
import type { OutpostBridge, PostPage, PostSummary } from '../../../src-preload/bridge';

const LIBRARY: PostSummary[] = Array.from({ length: 2_150 }, (_, i) => ({
  id: `p${i}`,
  serverId: null,
  workspace: 'acme',
  title: `Post ${i}`,
  platforms: ['x'],
  variants: [],
  state: 'draft',
  stateText: 'Draft (synced)',
  updatedAt: '2030-01-01T00:00:00.000Z',
}));

interface Asked {
  query?: string;
  from: number;
  limit: number;
}
const asked: Asked[] = [];
/** Frames the test paints when it chooses (the list asks for the rest after one). */
let frames: Array<() => void> = [];
const paint = (): void => {
  const due = frames;
  frames = [];
  for (const frame of due) frame();
};
/** Pages after the first screenful wait until the test lets each go. */
let held: Array<() => void> = [];
const releasePage = (): void => held.shift()?.();
/** What the service's list is now (a sync may change it between two pages). */
let library = LIBRARY;

beforeAll(() => {
  const bridge = {
    invoke: async (_command: string, payload: Asked) => {
      asked.push(payload);
      if (payload.limit !== 60) await new Promise<void>((resolve) => held.push(resolve));
      const posts = library.slice(payload.from, payload.from + payload.limit);
      const next = payload.from + payload.limit < library.length ? payload.from + payload.limit : null;
      return { ok: true, value: { posts, next } satisfies PostPage };
    },
    subscribe: () => () => undefined,
  } as unknown as OutpostBridge;
  (globalThis as { window?: unknown }).window = { outpost: bridge };
  (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame = (frame: () => void) =>
    frames.push(frame);
});

const page = (from: number, limit: number, extra: Partial<Asked> = {}) => ({
  workspace: 'acme',
  ...extra,
  filter: 'all',
  sort: 'changed',
  from,
  limit,
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
  expect(asked).toEqual([page(0, 60)]);
  paint();
  // Each page shows as it comes.
  for (const [from, shown] of [
    [60, 1_060],
    [1_060, 2_060],
    [2_060, 2_150],
  ] as const) {
    await expect.poll(() => asked.at(-1)).toEqual(page(from, 1_000));
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
    await expect.poll(() => asked.at(-1)).toEqual(page(from, 1_000));
    expect(posts.items.length).toBe(2_150);
    releasePage();
  }
  await again;
  expect(posts.items.map((p) => p.id)).toEqual(LIBRARY.slice(1).map((p) => p.id));
  library = LIBRARY;
});

it('keeps a post once when a change moved it from one page to the next', async () => {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  const posts = new PostsState();
  asked.length = 0;
  posts.setWorkspaceLocal('acme');
  const reloading = posts.reload();
  await expect.poll(() => posts.items.length).toBe(60);
  paint();
  await expect.poll(() => asked.length).toBe(2);
  // A new post came in at the top after the first screenful: the next pages start one early.
  library = [{ ...LIBRARY[0]!, id: 'p-new' }, ...LIBRARY];
  for (let i = 0; i < 3; i++) {
    await expect.poll(() => held.length).toBe(1);
    releasePage();
  }
  await reloading;
  const shown = posts.items.map((p) => p.id);
  expect(new Set(shown).size).toBe(shown.length);
  expect(shown).toHaveLength(2_150);
  library = LIBRARY;
});

it('drops the rest of a list a newer reload replaced before it was asked for', async () => {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  const posts = new PostsState();
  asked.length = 0;
  posts.setWorkspaceLocal('acme');
  const first = posts.reload();
  await expect.poll(() => posts.items.length).toBe(60);
  // A search typed before the first screenful was painted: only its answer is wanted, its own
  // first screenful at once, then the rest.
  posts.query = 'Post 1';
  const second = posts.reload();
  await expect.poll(() => asked.length).toBe(2);
  await expect
    .poll(() => {
      paint();
      return asked.length;
    })
    .toBe(3);
  while (held.length > 0 || asked.length < 5) {
    releasePage();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all([first, second]);
  expect(asked).toEqual([
    page(0, 60),
    page(0, 60, { query: 'Post 1' }),
    page(60, 1_000, { query: 'Post 1' }),
    page(1_060, 1_000, { query: 'Post 1' }),
    page(2_060, 1_000, { query: 'Post 1' }),
  ]);
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
  expect(asked[0]).toEqual({ workspace: 'acme', filter: 'all', sort: 'title', from: 0, limit: 60 });
});
