// The real Scheduler: global timers, unref'd, with delays past setTimeout's limit waited in parts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock, systemScheduler } from '../../../src-main/core/system-time';

const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

describe('systemScheduler on the global timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls once after the delay, and not at all when cancelled', () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    systemScheduler.after(1_000, () => fired.push('kept'));
    const cancel = systemScheduler.after(1_000, () => fired.push('cancelled'));
    cancel();
    vi.advanceTimersByTime(999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['kept']);
    vi.advanceTimersByTime(10_000);
    expect(fired).toEqual(['kept']);
  });

  it('waits a delay longer than setTimeout allows in full, instead of firing at once', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    systemScheduler.after(LONGEST_TIMEOUT_MS + 5_000, fn);
    vi.advanceTimersByTime(LONGEST_TIMEOUT_MS);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('repeats until cancelled, also when a call throws', () => {
    vi.useFakeTimers();
    let calls = 0;
    const cancel = systemScheduler.every(100, () => {
      calls++;
      if (calls === 1) throw new Error('a failing tick');
    });
    expect(() => vi.advanceTimersByTime(100)).toThrow('a failing tick');
    vi.advanceTimersByTime(200);
    expect(calls).toBe(3);
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(calls).toBe(3);
  });

  it('never keeps the process alive by itself', () => {
    const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timeouts();
    const cancelOnce = systemScheduler.after(60_000, () => undefined);
    const cancelEvery = systemScheduler.every(60_000, () => undefined);
    expect(timeouts()).toBe(before);
    cancelOnce();
    cancelEvery();
  });
});

it('systemClock reads the machine time', () => {
  const before = Date.now();
  const now = systemClock.now().getTime();
  expect(now).toBeGreaterThanOrEqual(before);
  expect(now).toBeLessThanOrEqual(Date.now());
});
