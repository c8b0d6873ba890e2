// The undo journal on its own: what it keeps, that an entry is undone once, and that an
// inverse's refusals and failures are reported as they are.
import { describe, expect, it } from 'vitest';
import type { UndoableView } from '@preload/bridge';
import { CommandError } from '../../../../src-main/core/app/command-error';
import type { UndoableChange, UndoOutcome } from '../../../../src-main/core/app/command';
import { UNDO_LIMIT, UndoJournal } from '../../../../src-main/core/app/undo/journal';

function journal(limit?: number): { undo: UndoJournal; announced: UndoableView[] } {
  const announced: UndoableView[] = [];
  let n = 0;
  const undo = new UndoJournal({
    announce: (entry) => announced.push(entry),
    newId: () => `u${++n}`,
    ...(limit !== undefined ? { limit } : {}),
  });
  return { undo, announced };
}

/** A change whose inverse counts its runs and answers `outcome`. */
function change(label: string, outcome: UndoOutcome = { undone: 1, refused: [] }) {
  const runs = { count: 0 };
  const c: UndoableChange = {
    label,
    postIds: [`post of ${label}`],
    inverse: () => {
      runs.count++;
      return Promise.resolve(outcome);
    },
  };
  return { change: c, runs };
}

describe('undo journal', () => {
  it('announces each entry it records, with its label and posts', () => {
    const { undo, announced } = journal();
    const view = undo.record(change('Rescheduled ‘Launch day’ (X)').change);
    expect(view).toEqual({
      id: 'u1',
      label: 'Rescheduled ‘Launch day’ (X)',
      postIds: ['post of Rescheduled ‘Launch day’ (X)'],
    });
    expect(announced).toEqual([view]);
  });

  it(`keeps the newest ${UNDO_LIMIT}: the oldest go, and can no longer be undone`, async () => {
    const { undo } = journal();
    const made = Array.from({ length: UNDO_LIMIT + 5 }, (_, i) => change(`change ${i}`));
    const views = made.map((m) => undo.record(m.change));
    expect(undo.list()).toHaveLength(UNDO_LIMIT);
    expect(undo.list()[0]!.label).toBe(`change ${UNDO_LIMIT + 4}`);
    expect(undo.list().at(-1)!.label).toBe('change 5');
    await expect(undo.undo(views[4]!.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(made[4]!.runs.count).toBe(0);
    await expect(undo.undo(views[5]!.id)).resolves.toMatchObject({ label: 'change 5', undone: 1 });
  });

  it('undoes the newest entry when no id is given, then the one before', async () => {
    const { undo } = journal();
    const first = change('first');
    const second = change('second');
    undo.record(first.change);
    undo.record(second.change);
    expect(await undo.undo()).toEqual({ label: 'second', undone: 1, refused: [] });
    expect(await undo.undo()).toEqual({ label: 'first', undone: 1, refused: [] });
    expect([first.runs.count, second.runs.count]).toEqual([1, 1]);
    await expect(undo.undo()).rejects.toThrow(/Nothing to undo/);
  });

  it('undoes an entry at most once, even when asked twice at the same moment', async () => {
    const { undo } = journal();
    const only = change('only');
    const { id } = undo.record(only.change);
    const [a, b] = await Promise.allSettled([undo.undo(id), undo.undo(id)]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { label: 'only', undone: 1 } });
    expect(b).toMatchObject({ status: 'rejected', reason: { code: 'not_found' } });
    expect(only.runs.count).toBe(1);
    await expect(undo.undo(id)).rejects.toThrow(/undone already/);
    expect(undo.list()).toEqual([]);
  });

  it('reports the items that moved on with their reasons, beside what it undid', async () => {
    const { undo } = journal();
    const refused = [
      { postId: 'p2', reason: '‘Tips’ (X): This variant is already published; it cannot change.' },
    ];
    const { id } = undo.record(change('Rescheduled 3 variants', { undone: 2, refused }).change);
    expect(await undo.undo(id)).toEqual({ label: 'Rescheduled 3 variants', undone: 2, refused });
    // Consumed all the same: what could be undone was.
    expect(undo.list()).toEqual([]);
  });

  it('keeps an entry whose inverse failed (it changed nothing), in its place', async () => {
    const { undo } = journal();
    let fail = true;
    const flaky: UndoableChange = {
      label: 'flaky',
      postIds: [],
      inverse: () =>
        fail ? Promise.reject(new Error('database is locked')) : Promise.resolve({ undone: 1, refused: [] }),
    };
    const { id } = undo.record(flaky);
    undo.record(change('newer').change);
    await expect(undo.undo(id)).rejects.toThrow('database is locked');
    expect(undo.list().map((e) => e.label)).toEqual(['newer', 'flaky']);
    fail = false;
    await expect(undo.undo(id)).resolves.toMatchObject({ label: 'flaky', undone: 1 });
  });

  it('says why an unknown id cannot be undone', async () => {
    const { undo } = journal(3);
    const err = await undo.undo('nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CommandError);
    expect((err as CommandError).message).toMatch(/keeps the last 3/);
  });
});
