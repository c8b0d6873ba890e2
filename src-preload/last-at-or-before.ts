// A binary search over ascending numbers, shared by the core (which calendar span a planned time
// falls in) and the window (which hour cell a chip sits in), so both place a time alike.

/** The index of the last of `bounds` (ascending) at or before `value`; -1 before the first. */
export function lastAtOrBefore(bounds: readonly number[], value: number): number {
  let low = 0;
  let high = bounds.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (bounds[mid]! <= value) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
