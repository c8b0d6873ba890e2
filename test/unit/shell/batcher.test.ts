// What crosses between threads and processes goes as one message per turn of the sender's event
// loop (src-main/shared/batcher.ts: the wire's requests and answers, the window's events): the
// items of a turn together, in order, each once.
import { describe, expect, it } from 'vitest';
import { Batcher } from '../../../src-main/shared/batcher';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('sends what one turn added as one list, in order, and the next turn’s as another', async () => {
    const sent: number[][] = [];
    const batcher = new Batcher<number>((items) => sent.push(items));
    batcher.add(1);
    batcher.add(2);
    await Promise.resolve();
    batcher.add(3);
    expect(sent).toEqual([]);
    await nextTurn();
    batcher.add(4);
    await nextTurn();
    expect(sent).toEqual([[1, 2, 3], [4]]);
  });

  it('sends at once when flushed, nothing twice and no empty list', async () => {
    const sent: number[][] = [];
    const batcher = new Batcher<number>((items) => sent.push(items));
    batcher.flush();
    batcher.add(1);
    batcher.flush();
    await nextTurn();
    expect(sent).toEqual([[1]]);
  });

  it('drops what it held when cleared (the thread it was for is gone), and answers what it dropped', async () => {
    const sent: number[][] = [];
    const batcher = new Batcher<number>((items) => sent.push(items));
    batcher.add(1);
    expect(batcher.clear()).toEqual([1]);
    expect(batcher.clear()).toEqual([]);
    await nextTurn();
    batcher.add(2);
    await nextTurn();
    expect(sent).toEqual([[2]]);
  });
});
