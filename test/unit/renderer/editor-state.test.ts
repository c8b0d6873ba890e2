// The editor's state: "Add variant" gives the new variant a text field at once, and what is
// typed there before the core has created the variant becomes its content, never another
// variant's; focus is asked for through the state and taken by the field it names.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutpostBridge, PostDetail, VariantView } from '@preload/bridge';
import { SAVE_AT_LEAST_EVERY_MS, SAVE_DELAY_MS, saveDelay } from '@preload/typing';
import { EditorState } from '../../../src-renderer/src/lib/state/editor/editor.svelte';
import { SyncState } from '../../../src-renderer/src/lib/state/sync.svelte';
import { FocusRequests } from '../../../src-renderer/src/lib/state/editor/focus-request.svelte';
import { variantView } from './fixtures';
import { POST_GONE } from '@preload/words/errors';

const POST: PostDetail = {
  id: 'p1',
  serverId: null,
  onService: false,
  workspace: null,
  title: 'Launch',
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

/** What posts.get answers; a test may change it. */
let shown: PostDetail = POST;
/** Set by a test: posts.get answers that the post is gone. */
let gone = false;
/** Commands the editor sent, in order. */
let sent: Array<{ command: string; payload: Record<string, unknown> }> = [];
/** Set by a test: reads of the post wait here, their answer taken when asked, until released. */
let lateReads: Array<() => void> | null = null;
/** Set by a test: every change of a text is refused (a failure that is not the disk's). */
let refuseUpdates = false;
/** Creates wait here until the test answers them. */
let creates: Array<{ answer: (v: VariantView) => void; refuse: (message: string) => void }> = [];

beforeEach(() => {
  shown = POST;
  gone = false;
  sent = [];
  lateReads = null;
  refuseUpdates = false;
  creates = [];
  const bridge = {
    invoke: (command: string, payload: Record<string, unknown>) => {
      sent.push({ command, payload });
      if (command === 'posts.get') {
        const answer = gone
          ? { ok: false, error: { code: 'not_found', message: 'No post with id p1.' } }
          : { ok: true, value: shown };
        const late = lateReads;
        return late ? new Promise((resolve) => late.push(() => resolve(answer))) : Promise.resolve(answer);
      }
      if ((command === 'variants.update' || command === 'posts.update') && refuseUpdates)
        return Promise.resolve({ ok: false, error: { code: 'invalid_input', message: 'Not now.' } });
      if (command === 'posts.update')
        // The post's own fields: the editor keeps the variants it shows (an empty new post has none).
        return Promise.resolve({
          ok: true,
          value: { ...POST, id: payload.id, title: payload.title, variants: [] },
        });
      if (command === 'variants.update')
        return Promise.resolve({
          ok: true,
          value: variantView({ id: payload.id as string, content: payload.content as string }),
        });
      if (command === 'variants.create')
        return new Promise((resolve) =>
          creates.push({
            answer: (value) => resolve({ ok: true, value }),
            refuse: (message) => resolve({ ok: false, error: { code: 'invalid_input', message } }),
          }),
        );
      if (command === 'posts.titleSettled') return Promise.resolve({ ok: true, value: shown });
      if (command === 'posts.dropIfUntouched') return Promise.resolve({ ok: true, value: { dropped: true } });
      if (command === 'sync.now') return Promise.resolve({ ok: true, value: {} });
      if (command === 'outbox.retry' || command === 'outbox.discard')
        return Promise.resolve({ ok: true, value: {} });
      return Promise.reject(new Error(`unexpected ${command}`));
    },
    subscribe: () => () => undefined,
  } as unknown as OutpostBridge;
  // The window's own events too: keys typed while a switch loads are held from it.
  (globalThis as { window?: unknown }).window = Object.assign(new EventTarget(), { outpost: bridge });
  // And where the caret is when they start being held: nowhere, in a window with no page.
  (globalThis as { document?: unknown }).document = { activeElement: null, body: null };
});

const updates = () => sent.filter((s) => s.command === 'variants.update').map((s) => s.payload);
const titleUpdates = () => sent.filter((s) => s.command === 'posts.update').map((s) => s.payload);

/** Keys pressed in the window, one keydown each, as a keyboard sends them. */
function typeKeys(text: string): void {
  for (const key of text)
    window.dispatchEvent(Object.assign(new Event('keydown', { cancelable: true }), { key }));
}

async function openEditor(): Promise<EditorState> {
  const editor = new EditorState();
  await editor.open('p1');
  return editor;
}

describe('adding a variant', () => {
  it('gives the new variant the text typed while it was being created, and the caret where it was', async () => {
    const editor = await openEditor();
    const adding = editor.newVariants.add('mastodon', { kind: 'default' });
    // The field is there at once and asks for the caret.
    expect(editor.focus.current).toEqual({ target: 'content', variantId: null });
    expect(editor.focus.take('content', null)).not.toBeNull();
    const typing = editor.newVariants.of('p1')!;
    typing.content = 'Fresh off';
    typing.focused = true;
    typing.selection = { start: 5, end: 5 };

    creates[0]!.answer(variantView({ id: 'v2', platform: 'mastodon', content: '', serverId: null }));
    expect(await adding).toBe(true);
    expect(editor.activeVariantId).toBe('v2');
    expect(editor.newVariants.of('p1')).toBeUndefined();
    expect(editor.typing.contents).toEqual({ v1: 'Hello', v2: 'Fresh off' });
    expect(editor.focus.current).toEqual({
      target: 'content',
      variantId: 'v2',
      selection: { start: 5, end: 5 },
    });

    await editor.flush();
    expect(updates()).toEqual([{ id: 'v2', content: 'Fresh off' }]);
  });

  it('leaves the caret where the user took it while the variant was being created', async () => {
    const editor = await openEditor();
    const adding = editor.newVariants.add('x', { kind: 'default' });
    editor.newVariants.of('p1')!.content = 'abc';
    editor.newVariants.of('p1')!.focused = false;
    creates[0]!.answer(variantView({ id: 'v2', content: '', serverId: null }));
    await adding;
    expect(editor.focus.current).toBeNull();
    expect(editor.typing.contents.v2).toBe('abc');
  });

  it('keeps the text of a variant the core refused, for the next attempt or until dropped', async () => {
    const editor = await openEditor();
    const first = editor.newVariants.add('bad platform', { kind: 'default' });
    editor.newVariants.of('p1')!.content = 'Keep me';
    creates[0]!.refuse('The platform name has invisible characters in it.');
    expect(await first).toBe(false);
    expect(editor.newVariants.of('p1')).toMatchObject({ content: 'Keep me', failed: true });
    expect(editor.messages.about('addVariant')).toBe('The platform name has invisible characters in it.');

    const second = editor.newVariants.add('x', { kind: 'default' });
    expect(editor.newVariants.of('p1')).toMatchObject({ platform: 'x', content: 'Keep me', failed: false });
    creates[1]!.answer(variantView({ id: 'v3', content: '', serverId: null }));
    expect(await second).toBe(true);
    await editor.flush();
    expect(updates()).toEqual([{ id: 'v3', content: 'Keep me' }]);

    const third = editor.newVariants.add('bad platform', { kind: 'default' });
    creates[2]!.refuse('No.');
    await third;
    editor.newVariants.drop();
    expect(editor.newVariants.of('p1')).toBeUndefined();
    expect(editor.messages.about('addVariant')).toBeUndefined();
  });

  it('saves the text typed for a new variant even when its post was closed meanwhile', async () => {
    const editor = await openEditor();
    const adding = editor.newVariants.add('x', { kind: 'default' });
    editor.newVariants.of('p1')!.content = 'Typed, then closed';
    editor.close();
    creates[0]!.answer(variantView({ id: 'v2', content: '', serverId: null }));
    await adding;
    await editor.flush();
    expect(updates()).toEqual([{ id: 'v2', content: 'Typed, then closed' }]);
  });

  it('waits for the new variant before opening another post, so its text goes with it', async () => {
    const editor = await openEditor();
    void editor.newVariants.add('x', { kind: 'default' });
    editor.newVariants.of('p1')!.content = 'Before switching';
    const opening = editor.open('p1');
    creates[0]!.answer(variantView({ id: 'v2', content: '', serverId: null }));
    await opening;
    const order = sent.map((s) => s.command).filter((c) => c !== 'variants.create');
    expect(order).toEqual(['posts.get', 'variants.update', 'posts.get']);
  });
});

describe('focus requests', () => {
  it('are taken once, by the field they name', () => {
    const focus = new FocusRequests();
    focus.request('schedule', 'v1');
    expect(focus.take('schedule', 'v2')).toBeNull();
    expect(focus.take('content', 'v1')).toBeNull();
    expect(focus.take('schedule', 'v1')).toEqual({ target: 'schedule', variantId: 'v1' });
    expect(focus.take('schedule', 'v1')).toBeNull();
  });

  it('put the caret where a switch asks, once the post is shown, and never for a post overtaken', async () => {
    const editor = await openEditor();
    await editor.open('p1', 'title');
    expect(editor.focus.current).toEqual({ target: 'title', variantId: null, selection: 'end' });
    editor.focus.drop();
    const overtaken = editor.open('p1', 'title');
    const latest = editor.open('p1');
    await Promise.all([overtaken, latest]);
    expect(editor.focus.current).toBeNull();
  });

  it('are dropped when the editor shows something else', async () => {
    const editor = await openEditor();
    editor.focus.request('schedule', 'v1');
    editor.selectVariant('v1');
    expect(editor.focus.current).toBeNull();
    editor.focus.request('title');
    await editor.open('p1');
    expect(editor.focus.current).toBeNull();
  });
});

describe('reading the open post again', () => {
  it('never takes back text typed after the read was asked for, even once that text is saved', async () => {
    const editor = await openEditor();
    lateReads = [];
    const reading = editor.refresh();
    editor.typing.setContent('v1', 'Hello there');
    await editor.flush();
    expect(updates()).toEqual([{ id: 'v1', content: 'Hello there' }]);
    // The read was answered with the text before that typing, and arrives after its save.
    for (const answer of lateReads.splice(0)) answer();
    await reading;
    expect(editor.typing.contents.v1).toBe('Hello there');
  });

  it('takes the core’s text of a field nobody typed in since the read was asked for', async () => {
    const editor = await openEditor();
    editor.typing.setContent('v1', 'Mine');
    await editor.flush();
    shown = { ...POST, variants: [variantView({ id: 'v1', content: 'A colleague’s', serverId: null })] };
    await editor.refresh();
    expect(editor.typing.contents.v1).toBe('A colleague’s');
  });
});

describe('a text still to be written', () => {
  const OTHER: PostDetail = {
    ...POST,
    id: 'p2',
    title: 'Other',
    variants: [variantView({ id: 'v9', postId: 'p2', content: 'Elsewhere', serverId: null })],
  };

  it('is kept over a read of its post answered before it was saved', async () => {
    const editor = await openEditor();
    lateReads = [];
    const opening = editor.open('p1');
    await vi.waitFor(() => expect(lateReads).toHaveLength(1));
    // Keys typed for the post while its read was on its way (held while it loaded, say).
    editor.typing.setContent('v1', 'Hello, typed');
    for (const answer of lateReads.splice(0)) answer();
    await opening;
    expect(editor.typing.contents.v1).toBe('Hello, typed');
    await editor.flush();
    expect(updates().at(-1)).toEqual({ id: 'v1', content: 'Hello, typed' });
  });

  it('of a post left, is kept through the reads of the post open now, and written whole', async () => {
    const editor = await openEditor();
    refuseUpdates = true;
    editor.typing.setContent('v1', 'Hello, refused once');
    await editor.flush();
    shown = OTHER;
    await editor.open('p2');
    await editor.refresh();
    expect(editor.typing.contents.v1).toBe('Hello, refused once');
    refuseUpdates = false;
    await editor.flush();
    expect(updates().at(-1)).toEqual({ id: 'v1', content: 'Hello, refused once' });
  });

  it('a title refused, of a post left, shows again with its reason when the post is opened, and is written to its own post', async () => {
    const editor = await openEditor();
    refuseUpdates = true;
    editor.typing.setTitle('Launch, refused once');
    await editor.flush();
    expect(editor.messages.about('post')).toBe('Not now.');
    shown = OTHER;
    await editor.open('p2');
    expect(editor.typing.title).toBe('Other');
    expect(editor.messages.about('post')).toBeUndefined();
    // Left with its post: the open post's title is never written with it.
    await editor.flush();
    expect(titleUpdates().filter((u) => u.id === 'p2')).toEqual([]);
    shown = POST;
    await editor.open('p1');
    expect(editor.typing.title).toBe('Launch, refused once');
    expect(editor.messages.about('post')).toBe('Not now.');
    refuseUpdates = false;
    shown = OTHER;
    await editor.open('p2');
    expect(titleUpdates().at(-1)).toEqual({ id: 'p1', title: 'Launch, refused once' });
    expect(editor.typing.unsaved).toBe(false);
  });

  it('includes keys typed for a post still loading: the editor says "Saving…" until they are written', async () => {
    const editor = await openEditor();
    shown = OTHER;
    lateReads = [];
    const opening = editor.open('p2', 'content');
    await vi.waitFor(() => expect(lateReads).toHaveLength(1));
    typeKeys('[a]');
    // In no text yet: nothing for the typing to save, and still not saved.
    expect(editor.typing.unsaved).toBe(false);
    expect(editor.unsaved).toBe(true);
    // Left before it came: the keys are kept for its text, and still not saved.
    shown = POST;
    const leaving = editor.open('p1');
    expect(editor.unsaved).toBe(true);
    await vi.waitFor(() => expect(lateReads).toHaveLength(2));
    for (const answer of lateReads.splice(0)) answer();
    await Promise.all([opening, leaving]);
    await editor.flush();
    expect(updates().at(-1)).toEqual({ id: 'v9', content: 'Elsewhere[a]' });
    expect(editor.unsaved).toBe(false);
  });

  it('includes a title typed for a post left while it loaded, which is saved as a title is', async () => {
    const editor = await openEditor();
    shown = { ...OTHER, variants: [] };
    lateReads = [];
    const opening = editor.open('p2', 'content');
    await vi.waitFor(() => expect(lateReads).toHaveLength(1));
    typeKeys('!');
    shown = POST;
    const leaving = editor.open('p1');
    await vi.waitFor(() => expect(lateReads).toHaveLength(2));
    for (const answer of lateReads.splice(0)) answer();
    await Promise.all([opening, leaving]);
    expect(editor.unsaved).toBe(true);
    await editor.flush();
    expect(titleUpdates().at(-1)).toEqual({ id: 'p2', title: 'Other!' });
    expect(editor.unsaved).toBe(false);
  });

  it('a title refused, then replaced by the one a resolved conflict kept, is written as replaced', async () => {
    const editor = await openEditor();
    refuseUpdates = true;
    editor.typing.setTitle('Launch, refused');
    await editor.flush();
    editor.typing.replaceTitle('Launch, as kept');
    refuseUpdates = false;
    await editor.flush();
    expect(titleUpdates().at(-1)).toEqual({ id: 'p1', title: 'Launch, as kept' });
  });
});

describe('saving while typing', () => {
  it('saves at least twice a second while the typing goes on, so a crash takes less than a second', async () => {
    const editor = await openEditor();
    vi.useFakeTimers();
    try {
      let text = 'Hello';
      // Two seconds of typing, a key every 100 ms: never the pause that saves by itself.
      const saved: number[] = [];
      for (let i = 0; i < 20; i++) {
        text += '!';
        editor.typing.setContent('v1', text);
        const before = updates().length;
        await vi.advanceTimersByTimeAsync(100);
        if (updates().length > before) saved.push(i);
      }
      expect(saved.length).toBeGreaterThanOrEqual(3);
      // No more than SAVE_AT_LEAST_EVERY_MS (5 keys) between two saves.
      const gaps = saved.slice(1).map((at, i) => at - saved[i]!);
      expect(Math.max(saved[0]!, ...gaps)).toBeLessThanOrEqual(SAVE_AT_LEAST_EVERY_MS / 100);
      await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
      expect(updates().at(-1)).toEqual({ id: 'v1', content: text });
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the pause when keys come slowly enough', () => {
    expect(saveDelay(1_000, 1_000)).toBe(SAVE_DELAY_MS);
    expect(saveDelay(1_100, 1_000)).toBe(SAVE_DELAY_MS);
    expect(saveDelay(1_400, 1_000)).toBe(SAVE_AT_LEAST_EVERY_MS - 400);
    expect(saveDelay(1_600, 1_000)).toBe(0);
  });
});

describe('the open post deleted meanwhile', () => {
  it('closes, rather than showing an error about a post that is not there', async () => {
    const editor = await openEditor();
    gone = true;
    await editor.refresh();
    expect([editor.post, editor.messages.shown]).toEqual([null, {}]);
  });

  it('says in words, not by its id, that a post asked for is gone', async () => {
    const editor = await openEditor();
    gone = true;
    await editor.open('p1');
    expect(editor.loadError).toBe(POST_GONE);
  });
});

describe('a failed change', () => {
  const failed = (unsentChange: VariantView['unsentChange']): PostDetail => ({
    ...POST,
    variants: [variantView({ id: 'v1', state: 'failed', error: 'Refused.', unsentChange })],
  });

  it('is retried and discarded by the op its variant names, without reading the whole outbox', async () => {
    shown = failed({ opId: 'op7', state: 'failed', discards: null });
    const editor = await openEditor();
    await editor.recovery.retry('v1');
    await editor.recovery.discard('v1');
    const asked = sent.filter((s) => s.command.startsWith('outbox.'));
    expect(asked).toEqual([
      { command: 'outbox.retry', payload: { id: 'op7' } },
      { command: 'outbox.discard', payload: { id: 'op7' } },
    ]);
    expect(editor.messages.about('v1')).toBeUndefined();
  });

  it('says so when the variant has none any more, and sends nothing', async () => {
    const editor = await openEditor();
    await editor.recovery.discard('v1');
    expect(sent.filter((s) => s.command.startsWith('outbox.'))).toEqual([]);
    expect(editor.messages.about('v1')).toBe('This variant has no change waiting any more.');
  });
});

describe('a new post’s title being typed', () => {
  const titleTalk = () =>
    sent
      .filter((s) => ['posts.update', 'posts.titleSettled', 'sync.now'].includes(s.command))
      .map((s) => [s.command, s.payload]);

  it('is saved as being typed; once left, its last keys go as typed no more, then the settle, then a sync asked for', async () => {
    const editor = await openEditor();
    editor.typing.typeTitle('Summ');
    await editor.flush();
    editor.typing.typeTitle('Summer launch');
    // The press on Sync now takes the caret from the title first: its sync waits for the settle.
    const left = editor.titleDone();
    await new SyncState(() => editor.typing.settled).syncNow();
    await left;
    expect(titleTalk()).toEqual([
      ['posts.update', { id: 'p1', title: 'Summ', typing: true }],
      ['posts.update', { id: 'p1', title: 'Summer launch' }],
      ['posts.titleSettled', { id: 'p1' }],
      ['sync.now', undefined],
    ]);
  });

  it('is not finished when only the window lost the caret; opening another post finishes it', async () => {
    const editor = await openEditor();
    editor.typing.typeTitle('Q4 newsletter tea');
    await editor.titleDone(true);
    expect(titleTalk()).toEqual([['posts.update', { id: 'p1', title: 'Q4 newsletter tea', typing: true }]]);
    await editor.open('p1');
    await editor.typing.settled;
    expect(titleTalk().at(-1)).toEqual(['posts.titleSettled', { id: 'p1' }]);
  });
});

describe('a new post left with nothing in it', () => {
  const EMPTY: PostDetail = { ...POST, id: 'p9', title: '', variants: [] };
  const talk = () =>
    sent
      .filter((s) => ['posts.update', 'posts.dropIfUntouched'].includes(s.command))
      .map((s) => [s.command, s.payload]);
  /** A post made as New post makes it (`emptyGoes`), or as Duplicate does. */
  async function made(emptyGoes: boolean): Promise<EditorState> {
    shown = EMPTY;
    const editor = new EditorState();
    expect(await editor.openNew(() => Promise.resolve('p9'), '', emptyGoes)).toBeNull();
    expect(editor.post?.id).toBe('p9');
    shown = POST;
    return editor;
  }

  it('is asked to go when another post opens, after the save of the keys typed in it', async () => {
    const editor = await made(true);
    editor.typing.typeTitle('A');
    editor.typing.typeTitle('');
    await editor.open('p1');
    await vi.waitFor(() => expect(talk().at(-1)?.[0]).toBe('posts.dropIfUntouched'));
    expect(talk()).toEqual([
      ['posts.update', { id: 'p9', title: '', typing: true }],
      ['posts.dropIfUntouched', { id: 'p9' }],
    ]);
  });

  it('is not left when it is opened again, goes with the view, and a duplicate’s copy is never asked about', async () => {
    const editor = await made(true);
    shown = EMPTY;
    await editor.open('p9');
    shown = POST;
    const copy = await made(false);
    await copy.open('p1');
    await copy.flush();
    expect(talk()).toEqual([]);
    // Another view: the first, still empty, is closed and asked about once.
    editor.closeIfEmptyNew();
    expect(editor.post).toBeNull();
    await vi.waitFor(() => expect(talk()).toEqual([['posts.dropIfUntouched', { id: 'p9' }]]));
  });

  it('is handed over to go as the window goes, once, and then not asked about again', async () => {
    const editor = await made(true);
    expect(editor.leaveEmptyNew()).toBe('p9');
    expect(editor.leaveEmptyNew()).toBeNull();
    // The page stayed after all (a reload put off): leaving it asks the core nothing more.
    await editor.open('p1');
    await editor.flush();
    expect(talk()).toEqual([]);
  });

  it('is not handed over with its title typed or still to be saved, nor a duplicate’s copy or a post opened', async () => {
    const typed = await made(true);
    typed.typing.typeTitle('Draft');
    expect(typed.leaveEmptyNew()).toBeNull();
    // Typed and taken back: its save of '' is on its way, and nothing may be awaited as the page goes.
    const takenBack = await made(true);
    takenBack.typing.typeTitle('D');
    takenBack.typing.typeTitle('');
    expect(takenBack.leaveEmptyNew()).toBeNull();
    await takenBack.flush();
    expect(takenBack.leaveEmptyNew()).toBe('p9');
    expect((await made(false)).leaveEmptyNew()).toBeNull();
    expect((await openEditor()).leaveEmptyNew()).toBeNull();
  });

  it('is asked to go when the core makes it only after the window went to another post', async () => {
    shown = POST;
    const editor = new EditorState();
    const core: { make?: (id: string) => void } = {};
    const making = editor.openNew(() => new Promise<string>((resolve) => (core.make = resolve)), '', true);
    await vi.waitFor(() => expect(core.make).toBeDefined());
    const opening = editor.open('p1');
    core.make?.('p9');
    expect(await making).toBeNull();
    await opening;
    await vi.waitFor(() => expect(talk()).toEqual([['posts.dropIfUntouched', { id: 'p9' }]]));
  });
});
