// The app quitting with the window open: the window, asked through the bridge's onSaveNow, saves
// the keys typed since its last save and finishes the title being typed, without waiting for
// the pause after the last key, and answers only once the core has them, with how many texts
// are still not saved (the quit asks the person about those).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutpostBridge, PostDetail } from '@preload/bridge';
import { EditorState } from '../../../src-renderer/src/lib/state/editor/editor.svelte';
import type { WindowParts } from '../../../src-renderer/src/lib/state/route-events';
import { ShellState } from '../../../src-renderer/src/lib/state/shell.svelte';
import { variantView } from './fixtures';

const POST: PostDetail = {
  id: 'p1',
  serverId: null,
  onService: false,
  workspace: null,
  title: '',
  platforms: ['x'],
  state: 'local_only',
  stateText: 'Local only',
  updatedAt: '2030-01-01T00:00:00Z',
  hidden: false,
  actions: [],
  refusals: {},
  conflicts: [],
  error: null,
  note: null,
  variants: [variantView({ id: 'v1', content: 'Hello', serverId: null })],
};

/** What the window sent the core, in order. */
let sent: Array<{ command: string; payload: unknown }>;
/** The window's answer to a quit's "save now", once it listens. */
let saveNow: (() => Promise<number>) | null;
/** Set by a test: the core answers a change of a text with this error. */
let refusal: { code: string; message: string } | null;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  saveNow = null;
  refusal = null;
  const answer = (command: string, payload: Record<string, unknown>): unknown => {
    if (command === 'posts.update') return { ...POST, title: payload.title, variants: [] };
    if (command === 'variants.update') return variantView({ id: 'v1', content: payload.content as string });
    return POST;
  };
  const bridge = {
    invoke: (command: string, payload: Record<string, unknown>) => {
      sent.push({ command, payload });
      if (refusal !== null && command === 'variants.update')
        return Promise.resolve({ ok: false, error: refusal });
      return Promise.resolve({ ok: true, value: answer(command, payload) });
    },
    subscribe: () => () => undefined,
    onSaveNow: (listener: () => Promise<number>) => {
      saveNow = listener;
      return () => (saveNow = null);
    },
  } as unknown as OutpostBridge;
  (globalThis as { window?: unknown }).window = Object.assign(new EventTarget(), { outpost: bridge });
  (globalThis as { document?: unknown }).document = Object.assign(new EventTarget(), {
    visibilityState: 'visible',
    activeElement: null,
    body: null,
    documentElement: { dataset: {} },
  });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The window around a real editor; the other parts only load. */
function windowWith(editor: EditorState): ShellState {
  const loads = () => Promise.resolve();
  const parts = {
    editor,
    settings: { load: loads, view: null },
    sync: { load: loads, status: null },
    posts: { setWorkspaceLocal: () => undefined, reload: loads, loadWorkspaces: loads, loadProfiles: loads },
    data: { load: loads },
    notices: { dispose: () => undefined },
  };
  return new ShellState(parts as unknown as WindowParts, {
    focusSearch: () => undefined,
    prefetchViews: () => undefined,
    exportPosts: () => undefined,
  });
}

describe('saving before the app quits', () => {
  it('saves the last keys and finishes the title at once, answering once they are saved; a closed window stops listening', async () => {
    const editor = new EditorState();
    await editor.open('p1');
    const stop = windowWith(editor).start();
    await vi.advanceTimersByTimeAsync(0);
    sent = [];

    editor.typing.typeTitle('Launch day');
    editor.typing.setContent('v1', 'typed just before Cmd+Q');
    // No time passes: the pause after the last key has not come, so nothing has been saved.
    expect(sent).toEqual([]);

    expect(saveNow).not.toBeNull();
    expect(await saveNow!()).toBe(0);
    expect(sent).toContainEqual({
      command: 'variants.update',
      payload: { id: 'v1', content: 'typed just before Cmd+Q' },
    });
    const titles = sent.filter((s) => s.command === 'posts.update').map((s) => s.payload);
    expect(titles).toEqual([expect.objectContaining({ id: 'p1', title: 'Launch day' })]);
    expect(sent).toContainEqual({ command: 'posts.titleSettled', payload: { id: 'p1' } });

    stop();
    expect(saveNow).toBeNull();
  });

  it('answers how many texts are still not saved: held back by a full disk, or refused', async () => {
    const editor = new EditorState();
    await editor.open('p1');
    windowWith(editor).start();
    await vi.advanceTimersByTimeAsync(0);

    refusal = { code: 'disk_full', message: 'The disk is full.' };
    editor.typing.setContent('v1', 'kept in the window');
    expect(await saveNow!()).toBe(1);

    refusal = { code: 'invalid_input', message: 'Too long for X.' };
    editor.typing.setContent('v1', 'refused, and kept in the window');
    expect(await saveNow!()).toBe(1);

    refusal = null;
    editor.typing.setContent('v1', 'saved at last');
    expect(await saveNow!()).toBe(0);
  });
});
