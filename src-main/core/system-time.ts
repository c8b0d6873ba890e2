// The machine's own clock and timers: what the core uses when its host passes no other.
import type { Cancel, Clock, Scheduler } from './ports';

/** setTimeout's longest delay: a longer one would fire at once, so it is waited in parts. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

export const systemClock: Clock = { now: () => new Date() };

/** Global timers, unref'd: a pending wake-up never keeps a quitting app or a finished CLI alive. */
export const systemScheduler: Scheduler = {
  after(ms, fn) {
    let timer: NodeJS.Timeout;
    const wait = (left: number): void => {
      timer = setTimeout(
        () => (left > LONGEST_DELAY_MS ? wait(left - LONGEST_DELAY_MS) : fn()),
        Math.min(left, LONGEST_DELAY_MS),
      );
      timer.unref();
    };
    wait(Math.max(0, ms));
    return () => clearTimeout(timer);
  },
  every(ms, fn) {
    let cancel: Cancel;
    // The next one is set before `fn` runs, so a throwing `fn` does not end the series.
    const next = (): void => {
      cancel = systemScheduler.after(ms, () => (next(), fn()));
    };
    next();
    return () => cancel();
  },
};
