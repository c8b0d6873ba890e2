// Picking posts in the list for a bulk action: a toggle, a Shift range from the last toggled
// row, select all shown, clear, and what survives a new list (selection by id, never by row).
import { describe, expect, it } from 'vitest';
import { ListSelection } from '../../../src-renderer/src/features/posts/selection.svelte';

const SHOWN = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('ListSelection', () => {
  it('toggles one row at a time', () => {
    const s = new ListSelection();
    s.toggle('b');
    s.toggle('d');
    s.toggle('b');
    expect([s.count, s.inOrder(SHOWN)]).toEqual([1, ['d']]);
  });

  it('extends a range from the last row toggled, both ends included, either way', () => {
    const s = new ListSelection();
    s.toggle('b');
    s.extendTo('e', SHOWN);
    expect(s.inOrder(SHOWN)).toEqual(['b', 'c', 'd', 'e']);
    s.toggle('f');
    s.extendTo('d', SHOWN);
    expect(s.inOrder(SHOWN)).toEqual(['b', 'c', 'd', 'e', 'f']);
  });

  it('keeps the anchor while extending, so a second Shift-click re-aims from it', () => {
    const s = new ListSelection();
    s.toggle('c');
    s.extendTo('a', SHOWN);
    s.extendTo('e', SHOWN);
    expect(s.inOrder(SHOWN)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('toggles the row alone when there is nothing to extend from', () => {
    const s = new ListSelection();
    s.extendTo('c', SHOWN);
    expect(s.inOrder(SHOWN)).toEqual(['c']);
    s.toggle('x');
    s.extendTo('e', SHOWN);
    expect(s.inOrder(SHOWN)).toEqual(['c', 'e']);
  });

  it('selects every row shown, and clears', () => {
    const s = new ListSelection();
    s.toggle('b');
    s.selectAll(SHOWN);
    expect(s.count).toBe(6);
    s.clear();
    expect(s.count).toBe(0);
    s.extendTo('d', SHOWN);
    expect(s.inOrder(SHOWN)).toEqual(['d']);
  });

  it('keeps only what a new list still shows, by id, in its new order', () => {
    const s = new ListSelection();
    s.selectAll(SHOWN);
    s.retain(['f', 'x', 'b']);
    expect(s.inOrder(['f', 'x', 'b'])).toEqual(['f', 'b']);
    expect(s.has('a')).toBe(false);
  });
});
