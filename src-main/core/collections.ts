/** Items by a key, each list in the items' order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/**
 * Runs `work` over `items` with at most `limit` at a time; stops taking new items once `stop()`
 * or once one fails. It settles only when no work is left running, then rethrows the first
 * failure: a phase that failed must not keep writing while the next phase runs.
 */
export async function eachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length && !stop()) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/**
 * `eachBounded` over items that come a page at a time: the next page is asked for only once
 * the last one is taken, so a long run holds one page, and the workers never wait for each
 * other at a page's end. Stops taking items once one fails and rethrows that failure when no
 * work is left running.
 */
export async function eachBoundedOfPages<T>(
  pages: AsyncIterable<readonly T[]>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const source = pages[Symbol.asyncIterator]();
  let page: readonly T[] = [];
  let next = 0;
  let exhausted = false;
  let turning: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  // One worker asks for the next page; the others wait for the same answer.
  const take = async (): Promise<{ item: T } | null> => {
    while (next >= page.length) {
      if (exhausted || failure !== null) return null;
      turning ??= source
        .next()
        .then((r) => {
          if (r.done === true) exhausted = true;
          else [page, next] = [r.value, 0];
        })
        .finally(() => {
          turning = null;
        });
      await turning;
    }
    return { item: page[next++] as T };
  };
  const worker = async () => {
    while (failure === null) {
      let taken: { item: T } | null;
      try {
        taken = await take();
      } catch (error) {
        failure ??= { error };
        return;
      }
      if (taken === null) return;
      try {
        await work(taken.item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  if (failure !== null) {
    await source.return?.();
    throw (failure as { error: unknown }).error;
  }
}
