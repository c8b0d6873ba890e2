// The post list after its posts changed (a sync writing, another window): the window asks for
// the changed posts and the list's order (posts.refresh), not for every page again. A pull of
// 10,000 posts changes them all within seconds; each change reading the whole list again kept
// the core, the host and the window busy for the whole pull, and left the list as it was.
import { beforeAll, expect, it, vi } from 'vitest';
import { MAX_REFRESHED_POSTS, type OutpostBridge, type PostPage, type PostSummary } from '@preload/bridge';
import { postSummary } from '../../support/post-summary';
import type { PostsState as PostsStateClass } from '../../../src-renderer/src/lib/state/posts.svelte';

const summary = (i: number, title = `Post ${i}`): PostSummary => postSummary({ id: `p${i}`, title });
const LIBRARY = Array.from({ length: 2_150 }, (_, i) => summary(i));

interface Asked {
  command: string;
  from?: number;
  changed?: string[];
  orderKey?: string;
}
const asked: Asked[] = [];
/** The list as the core has it now. */
let library: PostSummary[] = LIBRARY;
/** Pages wait for the test while it holds them. */
let holdPages = false;
const heldPages: Array<() => void> = [];
/** The next refreshes the core fails (as while it restarts). */
let failingRefreshes = 0;
/** The next first screenfuls the core fails, and how. */
let failingLists: { count: number; code: string } = { count: 0, code: 'core_restarting' };

const keyOf = (posts: readonly PostSummary[]): string => posts.map((p) => p.id).join(',');

beforeAll(() => {
  const bridge = {
    invoke: async (command: string, payload: Asked & { limit?: number }) => {
      asked.push({ command, from: payload.from, changed: payload.changed, orderKey: payload.orderKey });
      if (command === 'posts.list') {
        if (failingLists.count > 0) {
          failingLists.count--;
          return { ok: false, error: { code: failingLists.code, message: `Refused: ${failingLists.code}` } };
        }
        return { ok: true, value: library.slice(0, payload.limit) };
      }
      if (command === 'posts.page') {
        if (holdPages) await new Promise<void>((resolve) => heldPages.push(resolve));
        const from = payload.from ?? 0;
        const posts = library.slice(from, from + (payload.limit ?? 0));
        const next = from + posts.length < library.length ? from + posts.length : null;
        return { ok: true, value: { posts, next } satisfies PostPage };
      }
      if (command === 'posts.refresh') {
        if (failingRefreshes > 0) {
          failingRefreshes--;
          return { ok: false, error: { code: 'core_restarting', message: 'Outpost is starting again.' } };
        }
        const changed = new Set(payload.changed);
        const orderKey = keyOf(library);
        return {
          ok: true,
          value: {
            order: orderKey === payload.orderKey ? null : library.map((p) => p.id),
            orderKey,
            posts: library.filter((p) => changed.has(p.id)),
          },
        };
      }
      throw new Error(`unexpected command ${command}`);
    },
    subscribe: () => () => undefined,
  } as unknown as OutpostBridge;
  (globalThis as { window?: unknown }).window = { outpost: bridge };
  (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame = (frame: () => void) =>
    setTimeout(frame, 0);
});

/** A list opened on the library and read whole, as the window holds it before a sync. */
async function openList() {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  library = LIBRARY;
  const posts = new PostsState();
  posts.setWorkspaceLocal('acme');
  await posts.reload();
  expect(posts.items).toHaveLength(LIBRARY.length);
  asked.length = 0;
  return posts;
}

const commands = () => asked.map((a) => a.command);
const titleOf = (posts: { items: PostSummary[] }, id: string) => posts.items.find((p) => p.id === id)?.title;

it("reads a change's posts and the list's order, not every page again", async () => {
  const posts = await openList();
  library = [summary(-1, 'New on the service'), ...LIBRARY.filter((p) => p.id !== 'p7')];
  library[6] = summary(5, 'Renamed');
  for (const id of ['p5', 'p-1', 'p7']) posts.postChanged(id);
  await expect.poll(() => titleOf(posts, 'p5')).toBe('Renamed');
  expect(commands()).toEqual(['posts.refresh']);
  expect(asked[0]?.changed).toEqual(['p5', 'p-1', 'p7']);
  // The new post comes first, as the core's order has it; the post that left is gone.
  expect(posts.items.map((p) => p.id)).toEqual(library.map((p) => p.id));

  // The order the window holds is named on the next refresh, and not sent again. A post asked
  // about whose summary did not change keeps the object its row shows.
  asked.length = 0;
  const unchanged = posts.items.find((p) => p.id === 'p8');
  library = library.map((p) => (p.id === 'p9' ? summary(9, 'Edited elsewhere') : { ...p }));
  posts.postChanged('p9');
  posts.postChanged('p8');
  await expect.poll(() => titleOf(posts, 'p9')).toBe('Edited elsewhere');
  expect(asked).toEqual([
    { command: 'posts.refresh', from: undefined, changed: ['p9', 'p8'], orderKey: keyOf(library) },
  ]);
  expect(posts.items.map((p) => p.id)).toEqual(library.map((p) => p.id));
  expect(posts.items.find((p) => p.id === 'p8')).toBe(unchanged);
});

it(`asks about the changed posts ${MAX_REFRESHED_POSTS} at a time`, async () => {
  const posts = await openList();
  library = LIBRARY.map((p, i) => summary(i, `${p.title}, pulled`));
  for (const p of library) posts.postChanged(p.id);
  await expect.poll(() => posts.items.every((p) => p.title.endsWith(', pulled'))).toBe(true);
  expect(asked.map((a) => a.changed?.length)).toEqual([
    MAX_REFRESHED_POSTS,
    LIBRARY.length - MAX_REFRESHED_POSTS,
  ]);
  expect(commands()).not.toContain('posts.page');
});

it('asks once more about a post in the order that it heard no change of', async () => {
  const posts = await openList();
  // A post whose change has not reached the window, beside one whose change has.
  library = [summary(-2, 'Quietly new'), ...LIBRARY];
  library[4] = summary(3, 'Changed');
  posts.postChanged('p3');
  await expect.poll(() => posts.items.map((p) => p.id)).toEqual(library.map((p) => p.id));
  expect(titleOf(posts, 'p-2')).toBe('Quietly new');
  expect(asked.map((a) => a.changed)).toEqual([['p3'], ['p-2']]);
});

it('lets the reload under way finish before a burst of changes is read, rather than cutting it short', async () => {
  const posts = await openList();
  holdPages = true;
  // A whole read of the same list (as after New post), its pages held...
  library = [summary(-3, 'Made here'), ...LIBRARY];
  const whole = posts.reload();
  await expect.poll(() => heldPages.length).toBe(1);
  // ...while a sync's changes keep coming.
  for (let i = 0; i < 5; i++) {
    library = library.map((p) => (p.id === `p${i}` ? summary(i, `Synced ${i}`) : p));
    posts.postChanged(`p${i}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  expect(commands()).toEqual(['posts.page']);
  holdPages = false;
  for (const release of heldPages.splice(0)) release();
  await expect.poll(() => heldPages.length === 0 && commands().includes('posts.refresh')).toBe(true);
  await whole;
  // The whole read was shown, then the changes read after it.
  await expect.poll(() => titleOf(posts, 'p4')).toBe('Synced 4');
  expect(commands().filter((c) => c === 'posts.page')).toHaveLength(3);
  expect(posts.items.map((p) => p.id)).toEqual(library.map((p) => p.id));
});

it('tries a failed refresh again, waiting longer each time, with no other change to bring it', async () => {
  const posts = await openList();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    library = LIBRARY.map((p) => (p.id === 'p5' ? summary(5, 'Renamed') : p));
    failingRefreshes = 2;
    const refreshes = () => commands().filter((c) => c === 'posts.refresh').length;
    posts.postChanged('p5');
    await vi.advanceTimersByTimeAsync(200);
    expect(refreshes()).toBe(1);
    expect(posts.error).toBe('Outpost is starting again.');
    expect(titleOf(posts, 'p5')).toBe('Post 5');
    // Tried again 1 s after the failure...
    await vi.advanceTimersByTimeAsync(900);
    expect(refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(refreshes()).toBe(2);
    // ...then 2 s after the second.
    await vi.advanceTimersByTimeAsync(1_800);
    expect(refreshes()).toBe(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(refreshes()).toBe(3);
    expect(titleOf(posts, 'p5')).toBe('Renamed');
    expect(posts.error).toBeNull();
    expect(asked.every((a) => a.changed?.join() === 'p5')).toBe(true);
    // Read at last: nothing is tried again.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(refreshes()).toBe(3);
  } finally {
    vi.useRealTimers();
  }
});

/**
 * A list not opened yet, on a small library, whose first `count` first screenfuls the core
 * fails with `code`; run with the window's timers faked.
 */
async function unopenedList(
  failing: typeof failingLists,
  run: (posts: PostsStateClass) => Promise<void>,
): Promise<void> {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  library = LIBRARY.slice(0, 10);
  const posts = new PostsState();
  posts.setWorkspaceLocal('acme');
  asked.length = 0;
  failingLists = { ...failing };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await run(posts);
  } finally {
    vi.useRealTimers();
    failingLists = { count: 0, code: 'core_restarting' };
  }
}

it('opens the list again by itself when its first read failed, waiting longer each time', async () => {
  await unopenedList({ count: 2, code: 'core_restarting' }, async (posts) => {
    const lists = () => commands().filter((c) => c === 'posts.list').length;
    await posts.reload();
    expect(posts.error).toBe('Refused: core_restarting');
    expect(posts.loaded).toBe(false);
    // Again 1 s after the failure, then 2 s after the second...
    await vi.advanceTimersByTimeAsync(900);
    expect(lists()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(lists()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_800);
    expect(lists()).toBe(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(lists()).toBe(3);
    // ...and shown at last: nothing is tried again.
    expect(posts.items.map((p) => p.id)).toEqual(library.map((p) => p.id));
    expect(posts.error).toBeNull();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(lists()).toBe(3);
  });
});

it('does not ask again the same way for a list the core refused as asked', async () => {
  await unopenedList({ count: 1, code: 'invalid_payload' }, async (posts) => {
    await posts.reload();
    expect(posts.error).toBe('Refused: invalid_payload');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(commands()).toEqual(['posts.list']);
  });
});
