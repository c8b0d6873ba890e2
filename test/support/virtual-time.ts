// Virtual time for the tests and the bench: a Clock and a Scheduler whose timers run only when
// told. The core is given it as both (createAppCore's `clock` and `scheduler`), so the time it
// reads and the timers it sets agree. Real I/O (HTTP to the sandbox, SQLite) still takes real
// time between moves: a test waits on the core's events for it, never on a sleep.
import type { Cancel, Clock, Scheduler } from '../../src-main/core/ports';

interface Timer {
  due: number;
  /** null: runs once. */
  everyMs: number | null;
  fn: () => void;
  /** Timers due at the same moment run in the order they were set. */
  order: number;
}

export interface VirtualTimeOptions {
  /**
   * Let real time pass between moves too, as it does in the app (a sync starts a moment after
   * the timer that asked for it). Default: time stands still until moved, for tests.
   */
  flowing?: boolean;
}

export class VirtualTime implements Clock, Scheduler {
  /** The time it reads, less what has flowed in real time since it was made. */
  #base: number;
  readonly #flowed: () => number;
  #order = 0;
  readonly #timers = new Set<Timer>();
  #watchers: Array<(ms: number) => void> = [];

  constructor(start: Date | number = new Date('2030-01-01T09:00:00.000Z'), options: VirtualTimeOptions = {}) {
    this.#base = typeof start === 'number' ? start : start.getTime();
    const made = performance.now();
    this.#flowed = options.flowing ? () => performance.now() - made : () => 0;
  }

  now(): Date {
    return new Date(this.#ms());
  }

  after(ms: number, fn: () => void): Cancel {
    return this.#add(ms, null, fn);
  }

  every(ms: number, fn: () => void): Cancel {
    return this.#add(ms, ms, fn);
  }

  /** How many timers are waiting. */
  pending(): number {
    return this.#timers.size;
  }

  /** Resolves with the delay of the next timer set from now on (work in real time ends in one). */
  nextScheduled(): Promise<number> {
    return new Promise((resolve) => this.#watchers.push(resolve));
  }

  /** Moves time forward by `ms`, running each timer that falls due on the way, in time order. */
  advance(ms: number): void {
    const end = this.#ms() + ms;
    while (this.#runFirst(end));
    this.#moveTo(end);
  }

  /** Jumps to the earliest timer and runs it, if it falls due by `limit`; false when none does. */
  advanceToNext(limit = Number.POSITIVE_INFINITY): boolean {
    return this.#runFirst(limit);
  }

  #add(ms: number, everyMs: number | null, fn: () => void): Cancel {
    const timer: Timer = { due: this.#ms() + Math.max(0, ms), everyMs, fn, order: this.#order++ };
    this.#timers.add(timer);
    const watchers = this.#watchers;
    this.#watchers = [];
    for (const resolve of watchers) resolve(ms);
    return () => {
      this.#timers.delete(timer);
    };
  }

  #runFirst(limit: number): boolean {
    let first: Timer | undefined;
    for (const t of this.#timers)
      if (!first || t.due < first.due || (t.due === first.due && t.order < first.order)) first = t;
    if (!first || first.due > limit) return false;
    this.#moveTo(first.due);
    if (first.everyMs === null) this.#timers.delete(first);
    else {
      // At least 1 ms, so an interval of 0 cannot hold `advance` in one moment for ever.
      first.due += Math.max(1, first.everyMs);
      first.order = this.#order++;
    }
    first.fn();
    return true;
  }

  #ms(): number {
    return this.#base + this.#flowed();
  }

  /** Never backwards: a timer that fell due while real time flowed runs at the time it is. */
  #moveTo(at: number): void {
    this.#base += Math.max(0, at - this.#ms());
  }
}
