// The post list's rows keep their places while posts change; what is new comes in where the
// list's own order puts it among them, and what went is gone.
import { describe, expect, it } from 'vitest';
import { keptInPlace, keptOrder, sameOrder } from '../../../src-renderer/src/lib/state/kept-order';

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

describe('rows that keep their place once their item went (the Outbox)', () => {
  const rows = (spec: string) =>
    [...spec].map((c) => ({ item: { id: c.toLowerCase(), v: 1 }, gone: c !== c.toLowerCase() }));
  // A gone row in capitals: "aBc" is a, then b gone, then c.
  const spec = (list: ReadonlyArray<{ item: { id: string }; gone: boolean }>): string =>
    list.map((r) => (r.gone ? r.item.id.toUpperCase() : r.item.id)).join('');

  it('keeps a row whose item went where it was, marked gone, with what it last showed', () => {
    const kept = keptInPlace(rows('abcd'), posts('acd'));
    expect(spec(kept)).toBe('aBcd');
    expect(spec(keptInPlace(kept, posts('d')))).toBe('ABCd');
    expect(spec(keptInPlace(kept, []))).toBe('ABCD');
  });

  it('shows the item of a row that stays as it is now', () => {
    const fresh = [{ id: 'b', v: 2 }, ...posts('a')];
    const kept = keptInPlace(rows('ab'), fresh);
    expect(spec(kept)).toBe('ab');
    expect(kept[1]!.item).toBe(fresh[0]);
  });

  it("puts a new item after the one it follows in the core's order, past the rows gone from there", () => {
    expect(spec(keptInPlace(rows('aBc'), posts('anc')))).toBe('aBnc');
    expect(spec(keptInPlace(rows('aBC'), posts('an')))).toBe('aBCn');
    expect(spec(keptInPlace(rows('ab'), posts('nab')))).toBe('nab');
    expect(spec(keptInPlace([], posts('xyz')))).toBe('xyz');
  });

  it('takes a gone row back as it was when its item comes back', () => {
    expect(spec(keptInPlace(rows('aBc'), posts('abc')))).toBe('abc');
  });
});
