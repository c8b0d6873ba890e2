// Undo in the window: a change the core announces is offered in a notice that names it; Undo
// (the button, or Ctrl+Z through the shell) runs undo.run once, the offer goes, and a notice
// says what was undone or why not.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UndoResult } from '../../../src-preload/bridge';
import { BridgeError } from '../../../src-renderer/src/lib/bridge';
import { NoticesState } from '../../../src-renderer/src/lib/state/notices.svelte';
import { UndoOffers, undoneWords } from '../../../src-renderer/src/lib/state/undo';

const LABEL = 'Rescheduled ‘Launch day’ (X) to Tue 3 Mar, 14:00';

function setup(answer: (id?: string) => Promise<UndoResult>) {
  const notices = new NoticesState({ informational: () => true });
  const asked: Array<string | undefined> = [];
  const undo = new UndoOffers(notices, (id) => {
    asked.push(id);
    return answer(id);
  });
  const shown = () => notices.items.map((n) => [n.kind, n.title, n.body, n.action?.label ?? null]);
  return { notices, undo, asked, shown };
}

const done = (id: string, over: Partial<UndoResult> = {}): UndoResult => ({
  id,
  label: LABEL,
  undone: 1,
  refused: [],
  ...over,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('undo offers', () => {
  it('offers each undoable change in a notice that names it, with Undo', () => {
    const { notices, undo, shown } = setup((id) => Promise.resolve(done(id!)));
    undo.offer({ id: 'u1', label: LABEL, postIds: ['p1'] });
    undo.offer({ id: 'u2', label: 'Rescheduled 12 variants', postIds: ['p1', 'p2'] });
    expect(shown()).toEqual([
      ['undo', LABEL, '', 'Undo'],
      ['undo', 'Rescheduled 12 variants', '', 'Undo'],
    ]);
    // "Show in Outpost" only where one post is concerned.
    expect(notices.items.map((n) => n.postId)).toEqual(['p1', null]);
  });

  it('Undo on the notice undoes that change; the offer goes and the result is said', async () => {
    const { notices, undo, asked, shown } = setup((id) => Promise.resolve(done(id!)));
    undo.offer({ id: 'u1', label: LABEL, postIds: ['p1'] });
    await notices.runAction(notices.items[0]!.key);
    expect(asked).toEqual(['u1']);
    expect(shown()).toEqual([['undo', 'Undone', LABEL, null]]);
  });

  it('Ctrl+Z undoes the newest (no id): the offer of the change the core undid goes', async () => {
    const { undo, asked, shown } = setup(() =>
      Promise.resolve(done('u2', { label: 'Unscheduled ‘Tips’ (X)' })),
    );
    undo.offer({ id: 'u1', label: LABEL, postIds: ['p1'] });
    undo.offer({ id: 'u2', label: 'Unscheduled ‘Tips’ (X)', postIds: ['p2'] });
    await undo.undo();
    expect(asked).toEqual([undefined]);
    expect(shown()).toEqual([
      ['undo', LABEL, '', 'Undo'],
      ['undo', 'Undone', 'Unscheduled ‘Tips’ (X)', null],
    ]);
  });

  it('says why nothing was undone when the core refuses', async () => {
    const { undo, shown } = setup(() =>
      Promise.reject(
        new BridgeError({
          code: 'not_found',
          message: 'Nothing to undo: no change made since Outpost started is left to take back.',
        }),
      ),
    );
    await undo.undo();
    expect(shown()).toEqual([
      [
        'undo',
        'Nothing undone',
        'Nothing to undo: no change made since Outpost started is left to take back.',
        null,
      ],
    ]);
  });

  it('the undone notice goes by itself, as informational ones do', async () => {
    const { notices, undo } = setup((id) => Promise.resolve(done(id!)));
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
    [done('u', {}), ['Undone', LABEL]],
    [done('u', { undone: 0, refused }), ['Could not undo', `${LABEL}. ${refused[0]!.reason}`]],
    [
      done('u', { label: 'Rescheduled 3 variants', undone: 2, refused }),
      ['Undone in part', `Rescheduled 3 variants: 2 put back, 1 could not be. ${refused[0]!.reason}`],
    ],
  ] as const)('%o', (result, words) => {
    expect(undoneWords(result)).toEqual(words);
  });
});
