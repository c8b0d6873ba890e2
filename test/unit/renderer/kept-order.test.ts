// The post list's rows keep their places while posts change; what is new comes in where the
// list's own order puts it among them, and what went is gone.
import { describe, expect, it } from 'vitest';
import { keptOrder, sameOrder } from '../../../src-renderer/src/lib/state/kept-order';

const posts = (ids: string): Array<{ id: string; v: number }> => [...ids].map((id) => ({ id, v: 1 }));
const ids = (list: ReadonlyArray<{ id: string }>): string => list.map((p) => p.id).join('');

describe('the order a person sees', () => {
  it('keeps a changed post where it was, with its new content', () => {
    const shown = posts('abcd');
    const fresh = [{ id: 'c', v: 2 }, ...posts('abd')];
    const kept = keptOrder(shown, fresh);
    expect(ids(kept)).toBe('abcd');
    expect(kept[2]).toBe(fresh[0]);
    expect(sameOrder(kept, fresh)).toBe(false);
  });

  it("puts a new post where the list's order puts it among the shown ones", () => {
    expect(ids(keptOrder(posts('abcd'), posts('nabcd')))).toBe('nabcd');
    expect(ids(keptOrder(posts('abcd'), posts('dabnc')))).toBe('abncd');
    expect(ids(keptOrder(posts('abcd'), posts('ndcba')))).toBe('nabcd');
    expect(ids(keptOrder(posts('abcd'), posts('cbadmn')))).toBe('abcdmn');
  });

  it('drops what went, and takes everything as it comes when nothing was shown', () => {
    expect(ids(keptOrder(posts('abcd'), posts('dba')))).toBe('abd');
    expect(ids(keptOrder([], posts('xyz')))).toBe('xyz');
    expect(ids(keptOrder(posts('abc'), []))).toBe('');
  });

  it('keeps 10,000 rows in one pass', () => {
    const shown = Array.from({ length: 10_000 }, (_, i) => ({ id: `p${i}` }));
    const fresh = [{ id: 'new' }, ...shown.slice().reverse()];
    const kept = keptOrder(shown, fresh);
    expect(kept.length).toBe(10_001);
    expect(kept[0]?.id).toBe('new');
    expect(kept[10_000]?.id).toBe('p9999');
  });
});
