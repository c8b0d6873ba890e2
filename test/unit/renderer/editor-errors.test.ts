// The editor's messages go when their cause does: driven through EditorState with a fake
// bridge on `window.outpost`, the way the preload provides it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BridgeResult,
  CommandName,
  OutpostBridge,
  PostDetail,
  VariantView,
} from '../../../src-preload/bridge';
import { EditorState } from '../../../src-renderer/src/lib/state/editor.svelte';

const variant: VariantView = {
  id: 'v1',
  postId: 'p1',
  serverId: null,
  platform: 'x',
  content: 'Hello',
  account: { kind: 'default' },
  scheduledAt: null,
  serviceStatus: null,
  platformPostUrl: null,
  state: 'local_only',
  stateText: 'Local only',
  error: null,
  canRetry: false,
  conflicts: [],
  publishUnknown: null,
  updatedAt: '2030-01-01T00:00:00Z',
};
const local: PostDetail = {
  id: 'p1',
  serverId: null,
  workspace: null,
  title: 'Draft',
  platforms: ['x'],
  state: 'local_only',
  stateText: 'Local only',
  updatedAt: '2030-01-01T00:00:00Z',
  conflicts: [],
  error: null,
  variants: [variant],
};

let post = local;
const fake: OutpostBridge = {
  invoke(command: CommandName) {
    const answer = (value: unknown) => Promise.resolve({ ok: true, value } as BridgeResult<never>);
    const refuse = (message: string) =>
      Promise.resolve({ ok: false, error: { code: 'invalid_state', message } } as BridgeResult<never>);
    if (command === 'posts.get') return answer(post);
    if (command === 'variants.publish')
      return post.workspace === null
        ? refuse('Move this draft to a workspace before publishing it.')
        : answer(post.variants[0]);
    return refuse(`unexpected ${command}`);
  },
  subscribe: () => () => undefined,
};

describe('editor messages', () => {
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = { outpost: fake };
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('a refusal stays while its cause stands and goes once the draft is in a workspace', async () => {
    post = local;
    const editor = new EditorState();
    await editor.open('p1');
    expect(await editor.publish('v1')).toBe(false);
    expect(editor.errors.v1).toBe('Move this draft to a workspace before publishing it.');

    // Nothing changed: the message stays.
    await editor.refresh();
    expect(editor.errors.v1).toBe('Move this draft to a workspace before publishing it.');

    // The draft is moved (the core sends itemChanged; the window refreshes the post).
    post = {
      ...local,
      workspace: 'acme',
      state: 'pending_sync',
      variants: [{ ...variant, state: 'pending_sync', stateText: 'Pending sync' }],
    };
    await editor.refresh();
    expect(editor.errors.v1).toBeUndefined();
  });

  it('a message about the account goes when another account is chosen', async () => {
    post = { ...local, workspace: 'acme' };
    const editor = new EditorState();
    await editor.open('p1');
    expect(await editor.setAccount('v1', { kind: 'none' })).toBe(false); // the fake refuses updates
    expect(editor.errors.v1).toMatch(/unexpected variants.update/);
    post = { ...post, variants: [{ ...variant, account: { kind: 'profile', profileId: '3' } }] };
    await editor.refresh();
    expect(editor.errors.v1).toBeUndefined();
  });
});
