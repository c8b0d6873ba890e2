// Lists keep the order a person sees while they work: a row they point at or are about to
// click does not jump because they (or a sync) changed its item. In the post list, re-sorting,
// another search or filter, or opening the window again shows the list in its own order; in the
// Outbox, the rows that left stay in place until the view is left.

/**
 * `fresh` (the core's list, in its order) read against the ids shown: the shown items as they are
 * now, and the others, those ahead of every shown one and the rest by the shown item they follow.
 */
function againstShown<T extends { id: string }>(
  wasShown: ReadonlySet<string>,
  fresh: readonly T[],
): { current: Map<string, T>; leading: T[]; following: Map<string, T[]> } {
  const current = new Map<string, T>();
  const leading: T[] = [];
  const following = new Map<string, T[]>();
  let previous: string | null = null;
  for (const item of fresh) {
    if (wasShown.has(item.id)) {
      current.set(item.id, item);
      previous = item.id;
    } else if (previous === null) leading.push(item);
    else {
      const after = following.get(previous) ?? [];
      after.push(item);
      following.set(previous, after);
    }
  }
  return { current, leading, following };
}

/**
 * The posts of `fresh` (the core's list, in its order) placed as `shown` had them. A post that
 * was not shown comes in just after the shown post it follows in the core's order, or at the top
 * when it comes before them all (a new post, last changed, comes first). A post no longer in
 * `fresh` goes. Linear in the list's length, so 10,000 posts cost nothing to notice.
 */
export function keptOrder<T extends { id: string }>(shown: readonly T[], fresh: readonly T[]): T[] {
  const { current, leading, following } = againstShown(new Set(shown.map((item) => item.id)), fresh);
  const kept = leading;
  for (const { id } of shown) {
    const item = current.get(id);
    if (item === undefined) continue;
    kept.push(item);
    for (const newer of following.get(id) ?? []) kept.push(newer);
  }
  return kept;
}

/** The two lists hold the same posts in the same order. */
export function sameOrder<T extends { id: string }>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item.id === b[i]?.id);
}

/** A row of a list that keeps its place once its item has gone, marked as gone. */
export interface PlacedRow<T> {
  item: T;
  gone: boolean;
}

/**
 * The items of `fresh` (the core's list, in its order) where `shown` had them, and each shown
 * item no longer in `fresh` kept in its place, marked gone: nothing below a row that went moves
 * up under the pointer. An item not shown before comes in after the shown item it follows in the
 * core's order (after the gone rows that followed that one), or first when it comes before them all.
 */
export function keptInPlace<T extends { id: string }>(
  shown: ReadonlyArray<PlacedRow<T>>,
  fresh: readonly T[],
): Array<PlacedRow<T>> {
  const { current, leading, following } = againstShown(new Set(shown.map((row) => row.item.id)), fresh);
  const rows = leading.map((item) => ({ item, gone: false }));
  let newer: T[] = [];
  for (const row of shown) {
    const item = current.get(row.item.id);
    if (item === undefined) {
      rows.push({ item: row.item, gone: true });
      continue;
    }
    for (const n of newer) rows.push({ item: n, gone: false });
    rows.push({ item, gone: false });
    newer = following.get(item.id) ?? [];
  }
  for (const n of newer) rows.push({ item: n, gone: false });
  return rows;
}
