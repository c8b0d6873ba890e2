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
});

it('shows the first screenful, marked partial, then the whole list', async () => {
  const { PostsState } = await import('../../../src-renderer/src/lib/state/posts.svelte');
  const posts = new PostsState();
  posts.setWorkspaceLocal('acme');
  const reloading = posts.reload();
  await expect.poll(() => posts.items.length).toBe(60);
  expect([posts.loaded, posts.partial]).toEqual([true, true]);
  expect(asked).toEqual([
    { workspace: 'acme', filter: 'all', limit: 60 },
    { workspace: 'acme', filter: 'all' },
  ]);
  releaseWhole();
  await reloading;
  expect([posts.items.length, posts.partial]).toEqual([150, false]);

  // Once open, a change reloads the whole list in one request.
  asked.length = 0;
  const again = posts.reload();
  await expect.poll(() => asked.length).toBe(1);
  releaseWhole();
  await again;
  expect(asked).toEqual([{ workspace: 'acme', filter: 'all' }]);
});
