// The virtual time the tests and the bench give the core as its Clock and Scheduler.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { VirtualTime } from '../../support/virtual-time';

const START = new Date('2030-01-01T09:00:00.000Z');

describe('VirtualTime', () => {
  it('stands still until moved, then runs what fell due in time order, reading that time', () => {
    const time = new VirtualTime(START);
    const ran: Array<[string, number]> = [];
    const note = (name: string) => () => ran.push([name, time.now().getTime() - START.getTime()]);
    time.after(300, note('c'));
    time.after(100, note('a'));
    time.after(100, note('b'));
    time.every(250, note('tick'));
    expect(time.now()).toEqual(START);
    time.advance(99);
    expect(ran).toEqual([]);
    time.advance(501);
    expect(ran).toEqual([
      ['a', 100],
      ['b', 100],
      ['tick', 250],
      ['c', 300],
      ['tick', 500],
    ]);
    expect(time.now().getTime() - START.getTime()).toBe(600);
    expect(time.pending()).toBe(1);
  });

  it('runs a timer set by a timer when it falls due within the same move', () => {
    const time = new VirtualTime(START);
    const ran: number[] = [];
    time.after(100, () => time.after(100, () => ran.push(time.now().getTime() - START.getTime())));
    time.advance(200);
    expect(ran).toEqual([200]);
  });

  it('cancels: a cancelled timer or series never runs', () => {
    const time = new VirtualTime(START);
    let calls = 0;
    const once = time.after(10, () => calls++);
    const series = time.every(10, () => calls++);
    time.advance(10);
    expect(calls).toBe(2);
    once();
    series();
    time.advance(1_000);
    expect(calls).toBe(2);
    expect(time.pending()).toBe(0);
  });

  it('jumps to the next timer within a limit, and says the delay of the next one set', async () => {
    const time = new VirtualTime(START);
    const set = time.nextScheduled();
    time.after(5_000, () => undefined);
    expect(await set).toBe(5_000);
    expect(time.advanceToNext(START.getTime() + 4_999)).toBe(false);
    expect(time.now()).toEqual(START);
    expect(time.advanceToNext()).toBe(true);
    expect(time.now().getTime() - START.getTime()).toBe(5_000);
    expect(time.advanceToNext()).toBe(false);
  });

  it('flowing, lets real time pass between moves, but still runs timers only when moved', async () => {
    const time = new VirtualTime(START, { flowing: true });
    let ran = false;
    time.after(1, () => (ran = true));
    await sleep(5);
    expect(time.now().getTime()).toBeGreaterThan(START.getTime());
    expect(ran).toBe(false);
    const before = time.now().getTime();
    time.advance(0);
    expect(ran).toBe(true);
    // A timer already overdue runs at the time it is: time never goes back.
    expect(time.now().getTime()).toBeGreaterThanOrEqual(before);
  });
});
