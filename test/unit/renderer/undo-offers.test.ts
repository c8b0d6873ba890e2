// Undo in the window: a change the core announces is offered in a notice that names it; Undo
// (the button, or Ctrl+Z through the shell) runs undo.run once, and a notice says what was
// undone or why not. One undo notice at a time, so a run of moves never pushes out a notice
// that needs the user.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UndoResult } from '@preload/bridge';
import { BridgeError } from '../../../src-renderer/src/lib/bridge';
import { NoticesState } from '../../../src-renderer/src/lib/state/notices.svelte';
import { UndoOffers, undoneWords } from '../../../src-renderer/src/lib/state/undo';

const LABEL = 'Rescheduled ‘Launch day’ (X) to Tue 3 Mar, 14:00';

function setup(answer: (id?: string) => Promise<UndoResult> = () => Promise.resolve(done())) {
  const notices = new NoticesState({ informational: () => true });
  const asked: Array<string | undefined> = [];
  const undo = new UndoOffers(notices, (id) => {
    asked.push(id);
    return answer(id);
  });
  const shown = () => notices.items.map((n) => [n.kind, n.title, n.body, n.action?.label ?? null]);
  return { notices, undo, asked, shown };
}

const done = (over: Partial<UndoResult> = {}): UndoResult => ({
  label: LABEL,
  undone: 1,
  refused: [],
  ...over,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('undo offers', () => {
  it('offers an undoable change in a notice that names it, with Undo', () => {
    const { notices, undo, shown } = setup();
    undo.offer({ id: 'u1', label: LABEL, postIds: ['p1'] });
    expect(shown()).toEqual([['undo', LABEL, '', 'Undo']]);
    // "Open the post" where one post is concerned.
    expect(notices.items[0]!.postId).toBe('p1');
    undo.offer({ id: 'u2', label: 'Rescheduled 12 variants', postIds: ['p1', 'p2'] });
    expect(notices.items.map((n) => n.postId)).toEqual([null]);
  });

  it('keeps one undo notice, the newest: a run of moves leaves a notice that needs the user', () => {
    const { notices, undo, shown } = setup();
    notices.receive({
      kind: 'needs_user',
      title: 'Needs your decision',
      body: 'A publish may not have gone out.',
      url: null,
      postId: 'p9',
      variantId: null,
    });
    for (let n = 1; n <= 5; n++) undo.offer({ id: `u${n}`, label: `Move ${n}`, postIds: ['p1'] });
    expect(shown()).toEqual([
      ['needs_user', 'Needs your decision', 'A publish may not have gone out.', null],
      ['undo', 'Move 5', '', 'Undo'],
    ]);
  });

  it('Undo on the notice undoes that change; the result takes the notice’s place', async () => {
    const { notices, undo, asked, shown } = setup();
    undo.offer({ id: 'u1', label: LABEL, postIds: ['p1'] });
    await notices.runAction(notices.items[0]!.key);
    expect(asked).toEqual(['u1']);
    expect(shown()).toEqual([['undo', 'Undone', LABEL, null]]);
  });

  it('Ctrl+Z undoes the newest change (no id), whose offer then goes', async () => {
    const { undo, asked, shown } = setup(() => Promise.resolve(done({ label: 'Unscheduled ‘Tips’ (X)' })));
    undo.offer({ id: 'u2', label: 'Unscheduled ‘Tips’ (X)', postIds: ['p2'] });
    await undo.undo();
    expect(asked).toEqual([undefined]);
    expect(shown()).toEqual([['undo', 'Undone', 'Unscheduled ‘Tips’ (X)', null]]);
  });

  it('says why nothing was undone when the core refuses', async () => {
    const why = 'Nothing to undo: no change made since Outpost started is left to take back.';
    const { undo, shown } = setup(() => Promise.reject(new BridgeError({ code: 'not_found', message: why })));
    await undo.undo();
    expect(shown()).toEqual([['undo', 'Nothing undone', why, null]]);
  });

  it('the notice after an undo goes by itself, as informational ones do', async () => {
    const { notices, undo } = setup();
    undo.offer({ id: 'u1', label: LABEL, postIds: ['p1'] });
    await notices.runAction(notices.items[0]!.key);
    vi.advanceTimersByTime(8_000);
    expect(notices.items).toEqual([]);
  });
});

describe('the words after an undo', () => {
  const refused = [
    { postId: 'p2', reason: '‘Tips’ (X): This variant is already published; it cannot change.' },
  ];
  it.each([
    [done(), ['Undone', LABEL]],
    [done({ undone: 0, refused }), ['Could not undo', `${LABEL}. ${refused[0]!.reason}`]],
    [
      done({ label: 'Rescheduled 3 variants', undone: 2, refused }),
      ['Undone in part', `Rescheduled 3 variants: 2 put back, 1 could not be. ${refused[0]!.reason}`],
    ],
  ] as const)('%o', (result, words) => {
    expect(undoneWords(result)).toEqual(words);
  });
});
