import { describe, expect, it } from 'vitest';
import { eachBounded, eachBoundedOfPages } from '../../../src-main/core/collections';

/** A promise the test settles by hand, to hold work in flight. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('eachBounded', () => {
  it('runs every item with at most `limit` at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 1));
      running -= 1;
      done.push(n);
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('after a failure starts nothing new and rejects only once the work in flight has settled', async () => {
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const finished: number[] = [];
    let settled = false;
    const run = eachBounded([0, 1, 2, 3], 2, async (i) => {
      started.push(i);
      await gates[i]?.promise;
      finished.push(i);
    }).finally(() => {
      settled = true;
    });
    run.catch(() => undefined);
    gates[0]?.fail(new Error('503 on item 0'));
    await new Promise((r) => setTimeout(r, 5));
    // Item 1 is still running: the phase must not be reported over while it can still write.
    expect(settled).toBe(false);
    gates[1]?.open();
    await expect(run).rejects.toThrow('503 on item 0');
    expect(started).toEqual([0, 1]);
    expect(finished).toEqual([1]);
  });

  it('stops taking items once `stop()` says so', async () => {
    const seen: number[] = [];
    await eachBounded(
      [1, 2, 3, 4],
      1,
      (n) => {
        seen.push(n);
        return Promise.resolve();
      },
      () => seen.length >= 2,
    );
    expect(seen).toEqual([1, 2]);
  });
});

describe('eachBoundedOfPages', () => {
  it('runs every item of every page, at most `limit` at once, asking for a page once the last is taken', async () => {
    let running = 0;
    let most = 0;
    let taken = 0;
    const done: number[] = [];
    const asked: number[] = [];
    async function* pages() {
      for (let p = 0; p < 4; p++) {
        // Items taken when this page is asked for: every item of the pages before it.
        asked.push(taken);
        await Promise.resolve();
        yield [p * 3, p * 3 + 1, p * 3 + 2];
      }
    }
    await eachBoundedOfPages(pages(), 2, async (n) => {
      taken += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 1));
      running -= 1;
      done.push(n);
    });
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(most).toBe(2);
    expect(asked).toEqual([0, 3, 6, 9]);
  });

  it('after a failure takes nothing new, closes the pages and rejects once the work in flight has settled', async () => {
    const gates = [gate(), gate()];
    const started: number[] = [];
    let closed = false;
    async function* pages() {
      try {
        yield [0, 1];
        await Promise.resolve();
        yield [2, 3];
      } finally {
        closed = true;
      }
    }
    let settled = false;
    const run = eachBoundedOfPages(pages(), 2, async (i) => {
      started.push(i);
      await gates[i]?.promise;
    }).finally(() => {
      settled = true;
    });
    run.catch(() => undefined);
    gates[0]?.fail(new Error('503 on item 0'));
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    gates[1]?.open();
    await expect(run).rejects.toThrow('503 on item 0');
    expect(started).toEqual([0, 1]);
    expect(closed).toBe(true);
  });

  it('rethrows a page that could not be read', async () => {
    const seen: number[] = [];
    async function* pages() {
      yield [1];
      await Promise.resolve();
      throw new Error('the database is busy');
    }
    await expect(
      eachBoundedOfPages(pages(), 3, (n) => {
        seen.push(n);
        return Promise.resolve();
      }),
    ).rejects.toThrow('the database is busy');
    expect(seen).toEqual([1]);
  });
});
