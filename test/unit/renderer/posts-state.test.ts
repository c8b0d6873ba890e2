// The post list opens with its first screenful, then the whole list: at thousands of posts the
// whole answer takes a moment, and the window must not sit empty meanwhile.
import { beforeAll, expect, it } from 'vitest';
import type { OutpostBridge, PostSummary } from '../../../src-preload/bridge';

const LIBRARY: PostSummary[] = Array.from({ length: 150 }, (_, i) => ({
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

const asked: Array<{ limit?: number }> = [];
/** Frames the test paints when it chooses (the list asks for the rest after one). */
let frames: Array<() => void> = [];
const paint = (): void => {
  const due = frames;
  frames = [];
  for (const frame of due) frame();
};
let releaseWhole: () => void = () => undefined;

beforeAll(() => {
  const bridge = {
    invoke: async (_command: string, payload: { limit?: number }) => {
      asked.push(payload);
      // The whole list is held back until the test lets it go.
      if (payload.limit === undefined) await new Promise<void>((resolve) => (releaseWhole = resolve));
      return { ok: true, value: LIBRARY.slice(0, payload.limit ?? LIBRARY.length) };
    },
    subscribe: () => () => undefined,
  } as unknown as OutpostBridge;
  (globalThis as { window?: unknown }).window = { outpost: bridge };
  (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame = (frame: () => void) =>
    frames.push(frame);
});

it('shows the first screenful, marked partial, then the whole list', async () => {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  const posts = new PostsState();
  posts.setWorkspaceLocal('acme');
  const reloading = posts.reload();
  await expect.poll(() => posts.items.length).toBe(60);
  expect([posts.loaded, posts.partial]).toEqual([true, true]);
  // The rest is asked for once the first screenful is painted, not while it is being drawn.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(asked).toEqual([{ workspace: 'acme', filter: 'all', sort: 'changed', limit: 60 }]);
  paint();
  await expect.poll(() => asked.length).toBe(2);
  expect(asked[1]).toEqual({ workspace: 'acme', filter: 'all', sort: 'changed' });
  releaseWhole();
  await reloading;
  expect([posts.items.length, posts.partial]).toEqual([150, false]);

  // Once open, a change reloads the whole list in one request.
  asked.length = 0;
  const again = posts.reload();
  await expect.poll(() => asked.length).toBe(1);
  releaseWhole();
  await again;
  expect(asked).toEqual([{ workspace: 'acme', filter: 'all', sort: 'changed' }]);
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
  releaseWhole();
  await Promise.all([first, second]);
  expect(asked).toEqual([
    { workspace: 'acme', filter: 'all', sort: 'changed', limit: 60 },
    { workspace: 'acme', query: 'Post 1', filter: 'all', sort: 'changed', limit: 60 },
    { workspace: 'acme', query: 'Post 1', filter: 'all', sort: 'changed' },
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
  expect(asked[0]).toEqual({ workspace: 'acme', filter: 'all', sort: 'title', limit: 60 });
});
